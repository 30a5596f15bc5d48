import { LogOut, Plus } from 'lucide-react';
import { lazy, memo, Suspense, useCallback, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { APP_BASE } from '@shared/constants';
import { authTexts } from '@shared/messages/auth';
import { dashboardTexts } from '@shared/messages/dashboard';
import { ProviderLogo } from '@/components/ui/brand';
import { Button } from '@/components/ui/button';
import { useSession } from '@/features/auth';
import { useOrganizationSummary } from '@/features/organizations';
import { useRecentReports, useReportOrder } from '@/features/reports';
import { removeBootShell } from '@/lib/boot-shell';
import { prepareFormats } from '../lib/format';
import { AccountButton } from './account-button';
import { DashboardLoading } from './dashboard-loading';

/**
 * The tabs and what they hold load after the header (slow networks): the page's heading, its largest
 * paint, waits only for the header's code, not for the cards, drag and drop and dialogs below it.
 */
const DashboardTabs = lazy(() => import('./dashboard-tabs').then((m) => ({ default: memo(m.DashboardTabs) })));
/**
 * The account menu's button is drawn at once; the menu's code (Radix's menu and dialog, the email settings) is
 * asked for when the pointer or the focus comes to the button, and the menu is drawn when it is clicked: loading
 * and drawing it after the first paint was work in the page's busiest second on a slow phone (TBT).
 */
const loadAccountMenu = () => import('./account-menu');
const AccountMenu = lazy(() => loadAccountMenu().then((m) => ({ default: m.AccountMenu })));

const t = dashboardTexts;
const RECENT = 24;

export function DashboardPage() {
  const { logout } = useSession();
  const navigate = useNavigate();
  const [menuWanted, setMenuWanted] = useState(false);
  // the static first paint of this page (index.html) gives way in the same frame as this draws its heading
  useLayoutEffect(removeBootShell, []);
  // the cards' date and count formatters are made while the page waits for its data, not as the cards draw
  useEffect(prepareFormats, []);

  // Reports and organizations are fetched together, and again after each change.
  const reports = useRecentReports(RECENT);
  const orgs = useOrganizationSummary();
  const order = useReportOrder();
  const loading = reports.isLoading || orgs.isLoading || order.isLoading;
  const failed = reports.isError || orgs.isError;

  const told = useRef(false);
  useEffect(() => {
    if (failed && !told.current) {
      told.current = true;
      toast.error(t.toasts.loadFailed);
    }
    if (!failed) told.current = false;
  }, [failed]);

  async function signOut() {
    await logout();
    toast.success(authTexts.toasts.signedOut);
    void navigate('/login', { replace: true });
  }

  const startNew = useCallback(() => void navigate(`${APP_BASE}/wizards/setup`), [navigate]);
  // The tabs draw what the queries answer as a deferred update: React draws the cards in slices it can pause
  // (a query's answer is otherwise drawn in one task, which on a slow phone held the page for hundreds of ms).
  // Only the answers travel down (a query's data keeps its identity until it changes): a query's other state
  // (fetching, updated at) changing is not a reason to draw the tabs and their cards again.
  const content = useDeferredValue(
    useMemo(
      () => ({ reports: reports.data, orgTotal: orgs.data?.total ?? 0, savedOrder: order.data?.report_ids, loading, failed }),
      [reports.data, orgs.data?.total, order.data?.report_ids, loading, failed],
    ),
  );

  return (
    <div className="mx-auto max-w-7xl space-y-6 p-4 sm:p-8">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div className="space-y-1">
          <ProviderLogo />
          <h1 className="text-2xl font-semibold tracking-tight">{t.heading}</h1>
        </div>
        <div className="flex items-center gap-2">
          <Button onClick={startNew}>
            <Plus className="h-4 w-4" aria-hidden />
            <span className="hidden sm:inline">{t.startNew}</span>
            <span className="sm:hidden">{t.newReport}</span>
          </Button>
          <Button variant="outline" onClick={() => void signOut()}>
            <LogOut className="h-4 w-4" aria-hidden />
            {t.signOut}
          </Button>
          {/* a click on the button before the menu's code has arrived opens the menu when it does (it is not lost) */}
          {menuWanted ? (
            <Suspense fallback={<AccountButton aria-busy onClick={() => setMenuWanted(true)} />}>
              <AccountMenu defaultOpen />
            </Suspense>
          ) : (
            <AccountButton onClick={() => setMenuWanted(true)} onPointerEnter={() => void loadAccountMenu()} onFocus={() => void loadAccountMenu()} />
          )}
        </div>
      </header>

      <Suspense fallback={<DashboardLoading tabs={false} />}>
        <DashboardTabs {...content} startNew={startNew} />
      </Suspense>
    </div>
  );
}
