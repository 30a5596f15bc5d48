import { Building2, CheckCircle2, FileText, NotebookPen, Plus } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { lazy, Suspense, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { APP_BASE } from '@shared/constants';
import { dashboardTexts } from '@shared/messages/dashboard';
import { Button } from '@/components/ui/button';
import type { ReportPage } from '@shared/schemas/reports';
import { DashboardLoading } from './dashboard-loading';
import type { ListKind } from './list-modal';
import { RecentReports } from './recent-reports';
import { StatCard } from './stat-card';

const t = dashboardTexts;
/**
 * The stat cards' list modal (a dialog, the organizations' editing, their schemas) loads when one is first opened:
 * the overview's first draw does not evaluate it (slow networks: start-up is the dashboard's TBT).
 */
const ListModal = lazy(() => import('./list-modal').then((m) => ({ default: m.ListModal })));
const TOOL_TABS = [
  { value: 'wizards', to: `${APP_BASE}/wizards` },
  { value: 'editor', to: `${APP_BASE}/editor` },
  { value: 'evidence', to: `${APP_BASE}/evidence` },
  { value: 'visuals', to: `${APP_BASE}/visuals` },
  { value: 'exports', to: `${APP_BASE}/exports` },
] as const;
type TabValue = 'overview' | (typeof TOOL_TABS)[number]['value'];
const TAB_VALUES: readonly TabValue[] = ['overview', ...TOOL_TABS.map((x) => x.value)];

/** The tab the address names (`?tab=exports`); Overview when it names none, or one that does not exist. */
function tabOf(params: URLSearchParams): TabValue {
  const named = params.get('tab');
  return TAB_VALUES.find((v) => v === named) ?? 'overview';
}

interface DashboardTabsProps {
  /** the answers of the page's queries (started with the page, before this code arrives) */
  reports: ReportPage | undefined;
  orgTotal: number;
  savedOrder: string[] | undefined;
  loading: boolean;
  failed: boolean;
  startNew(): void;
}

const NO_ORDER: string[] = [];

/** The dashboard below its header: the overview (counts, recent reports) and one tab per tool. */
export function DashboardTabs({ reports, orgTotal, savedOrder, loading, failed, startNew }: DashboardTabsProps) {
  const navigate = useNavigate();
  // The active tab lives in the address, so Back from a tool page, a reload and a shared link all show the tab
  // the user was on. Choosing a tab replaces the entry: tabs are not pages to step back through.
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params);
  const chooseTab = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'overview') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  const [modal, setModal] = useState<ListKind | null>(null);
  // mounted once first opened, and kept (it closes as a dialog does, and returns the focus)
  const [modalWanted, setModalWanted] = useState(false);
  if (modal && !modalWanted) setModalWanted(true);

  const counts = reports?.counts ?? { total: 0, Draft: 0, 'In Review': 0, Final: 0 };
  const modalCount = modal === 'organizations' ? orgTotal : modal === 'draft' ? counts.Draft : modal === 'final' ? counts.Final : counts.total;

  return (
    <>
      <Tabs.Root value={tab} onValueChange={chooseTab} className="space-y-6">
        <Tabs.List className="flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1" aria-label="Dashboard sections">
          {TAB_VALUES.map((value) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="rounded-md px-4 py-1.5 text-sm font-medium text-slate-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600"
            >
              {t.tabs[value]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>

        <Tabs.Content value="overview" className="space-y-8 rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600 focus-visible:ring-offset-4">
          {loading ? (
            <DashboardLoading />
          ) : (
            <>
              <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
                <StatCard label={t.stats.total} value={counts.total} icon={FileText} onClick={() => setModal('all')} />
                <StatCard label={t.stats.organizations} value={orgTotal} icon={Building2} onClick={() => setModal('organizations')} />
                <StatCard label={t.stats.draft} value={counts.Draft} icon={NotebookPen} onClick={() => setModal('draft')} />
                <StatCard label={t.stats.final} value={counts.Final} icon={CheckCircle2} onClick={() => setModal('final')} />
              </div>
              {reports && reports.items.length > 0 ? (
                <RecentReports reports={reports.items} savedOrder={savedOrder ?? NO_ORDER} />
              ) : (
                !failed && (
                  <section className="rounded-xl border border-dashed border-slate-300 bg-white p-12 text-center">
                    <FileText className="mx-auto h-10 w-10 text-slate-400" aria-hidden />
                    <h2 className="mt-3 text-lg font-semibold">{t.empty.title}</h2>
                    <p className="mt-1 text-sm text-slate-500">{t.empty.body}</p>
                    <Button className="mt-4" onClick={startNew}>
                      <Plus className="h-4 w-4" aria-hidden /> {t.empty.button}
                    </Button>
                  </section>
                )
              )}
            </>
          )}
        </Tabs.Content>

        {TOOL_TABS.map(({ value, to }) => (
          <Tabs.Content key={value} value={value} className="rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600 focus-visible:ring-offset-4">
            <section className="rounded-xl border border-slate-200 bg-white p-8">
              <h2 className="text-lg font-semibold">{t.tools[value].title}</h2>
              <p className="mt-1 text-slate-600">{t.tools[value].description}</p>
              <Button className="mt-4" onClick={() => void navigate(to)}>
                {t.tools[value].button}
              </Button>
            </section>
          </Tabs.Content>
        ))}
      </Tabs.Root>

      {modalWanted && (
        <Suspense fallback={null}>
          <ListModal kind={modal} count={modalCount} onClose={() => setModal(null)} />
        </Suspense>
      )}
    </>
  );
}
