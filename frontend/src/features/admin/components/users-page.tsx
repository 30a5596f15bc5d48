import { UserX } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { adminTexts } from '@shared/messages/admin';
import type { AdminUser, AccountStatus } from '@shared/schemas/admin';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { PageHeader } from '@/components/ui/page-header';
import { useSession } from '@/features/auth';
import { ApiError } from '@/lib/api-client';
import { useDeactivateUser } from '../api/deactivate-user';
import { useUserPages } from '../api/list-users';
import { PagedTable } from './paged-table';

const t = adminTexts;

const STATUS_TONE: Record<AccountStatus, BadgeTone> = { pending: 'neutral', unverified: 'warning', active: 'success', deactivated: 'danger' };

/** /assay/admin/users: every account with its status; an administrator deactivates one after confirming. */
export function UsersPage() {
  const { state } = useSession();
  const me = state.user?.username;
  const pages = useUserPages();
  const deactivate = useDeactivateUser();
  const [confirming, setConfirming] = useState<AdminUser | null>(null);
  const users = pages.data?.pages.flatMap((p) => p.items) ?? [];

  function confirm() {
    const target = confirming;
    if (!target) return;
    deactivate.mutate(target.username, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        setConfirming(null);
      },
      onError: (error) => toast.error(error instanceof ApiError && error.detail ? error.detail : t.deactivateFailed),
    });
  }

  return (
    <div className="mx-auto max-w-6xl space-y-6 p-4 sm:p-8">
      <PageHeader title={t.usersHeading} subtitle={t.usersIntro} />

      <PagedTable query={pages} count={users.length} loadingTestId="users-loading" texts={t} columns={[t.columns.username, t.columns.name, t.columns.email, t.columns.status, <span className="sr-only">{t.columns.actions}</span>]}>
        {users.map((u) => (
          <tr key={u.username} data-testid={`user-row-${u.username}`}>
            <td className="px-4 py-2 font-medium">
              {u.username} {u.username === me ? <span className="text-slate-500">{t.you}</span> : null}
              {u.is_admin ? (
                <Badge tone="primary" className="ml-2">
                  {t.adminBadge}
                </Badge>
              ) : null}
            </td>
            <td className="px-4 py-2">{u.name}</td>
            <td className="px-4 py-2">{u.email}</td>
            <td className="px-4 py-2">
              <Badge tone={STATUS_TONE[u.status]}>{t.status[u.status]}</Badge>
            </td>
            <td className="px-4 py-2 text-right">
              {u.status !== 'deactivated' && u.username !== me ? (
                <Button variant="outline" size="sm" onClick={() => setConfirming(u)} aria-label={`${t.deactivate} ${u.username}`}>
                  <UserX className="h-4 w-4" aria-hidden />
                  {t.deactivate}
                </Button>
              ) : null}
            </td>
          </tr>
        ))}
      </PagedTable>

      <Dialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open && !deactivate.isPending) setConfirming(null);
        }}
        title={confirming ? t.confirmTitle(confirming.username) : ''}
        description={t.confirmBody}
        className="max-w-md"
      >
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => setConfirming(null)} disabled={deactivate.isPending}>
            {t.cancel}
          </Button>
          <Button variant="danger" onClick={confirm} disabled={deactivate.isPending}>
            {deactivate.isPending ? t.deactivating : t.confirmAction}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
