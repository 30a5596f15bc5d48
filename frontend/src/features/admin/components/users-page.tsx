import { UserX } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { adminTexts } from '@shared/messages/admin';
import { shellCommon } from '@shared/messages/shell';
import type { AdminUser, AccountStatus } from '@shared/schemas/admin';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Dialog } from '@/components/ui/dialog';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useSession } from '@/features/auth';
import { ApiError } from '@/lib/api-client';
import { useDeactivateUser } from '../api/deactivate-user';
import { useUserPages } from '../api/list-users';

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

      {pages.isLoading ? (
        <div role="status" aria-busy="true" className="space-y-2" data-testid="users-loading">
          <span className="sr-only">{shellCommon.loading}</span>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-10" />
          ))}
        </div>
      ) : pages.isError ? (
        <LoadError error={pages.error} fallback={t.loadFailed} retryLabel={t.retry} onRetry={() => void pages.refetch()} />
      ) : users.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-sm text-slate-600">{t.empty}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">{t.columns.username}</th>
                <th scope="col" className="px-4 py-2 font-medium">{t.columns.name}</th>
                <th scope="col" className="px-4 py-2 font-medium">{t.columns.email}</th>
                <th scope="col" className="px-4 py-2 font-medium">{t.columns.status}</th>
                <th scope="col" className="px-4 py-2 font-medium">
                  <span className="sr-only">{t.columns.actions}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
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
            </tbody>
          </table>
        </div>
      )}

      {pages.hasNextPage ? (
        <Button variant="outline" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
          {pages.isFetchingNextPage ? shellCommon.loading : t.loadMore}
        </Button>
      ) : null}

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
