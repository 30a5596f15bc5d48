import { Bell, History, LogOut, Users } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { APP_BASE } from '@shared/constants';
import { adminTexts } from '@shared/messages/admin';
import { authTexts } from '@shared/messages/auth';
import { dashboardTexts } from '@shared/messages/dashboard';
import { collaboration } from '@shared/messages/collaboration';
import { useSession } from '@/features/auth';
import { NotificationSettingsDialog } from '@/features/notifications';
import { ApiError } from '@/lib/api-client';
import { AccountButton } from './account-button';

const item =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900';

/** The signed-in user's menu: the administrators' Users and Audit Log pages (administrators only), notification settings and Sign Out Everywhere. */
export function AccountMenu({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const { state, logoutEverywhere } = useSession();
  const navigate = useNavigate();
  const user = state.user;
  const [settingsOpen, setSettingsOpen] = useState(false);

  async function signOutEverywhere() {
    try {
      await logoutEverywhere();
      toast.success(authTexts.server.signedOutEverywhere);
      void navigate('/login', { replace: true });
    } catch (error) {
      toast.error(error instanceof ApiError && error.detail ? error.detail : dashboardTexts.signOutEverywhereFailed);
    }
  }

  return (
    <>
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>
        <AccountButton />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className="z-50 min-w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
          {user?.is_admin ? (
            <>
              <DropdownMenu.Item className={item} onSelect={() => void navigate(`${APP_BASE}/admin/users`)}>
                <Users className="h-4 w-4" aria-hidden />
                {adminTexts.navLink}
              </DropdownMenu.Item>
              <DropdownMenu.Item className={item} onSelect={() => void navigate(`${APP_BASE}/admin/audit`)}>
                <History className="h-4 w-4" aria-hidden />
                {adminTexts.audit.navLink}
              </DropdownMenu.Item>
            </>
          ) : null}
          <DropdownMenu.Item className={item} onSelect={() => setSettingsOpen(true)}>
            <Bell className="h-4 w-4" aria-hidden />
            {collaboration.notifications.settings}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={item} onSelect={() => void signOutEverywhere()}>
            <LogOut className="h-4 w-4" aria-hidden />
            {dashboardTexts.signOutEverywhere}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
    <NotificationSettingsDialog open={settingsOpen} onOpenChange={setSettingsOpen} />
    </>
  );
}
