import { Download, Pencil } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { ReportStatus } from '@shared/domain/options';
import { APP_BASE } from '@shared/constants';
import { dashboardTexts } from '@shared/messages/dashboard';
import { shellCommon } from '@shared/messages/shell';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useOrganizationPages } from '@/features/organizations';
import { StatusBadge, useReportPages } from '@/features/reports';
import { formatDate } from '../lib/format';
import { OrganizationItem } from './organization-item';

const t = dashboardTexts;

export type ListKind = 'all' | 'draft' | 'final' | 'organizations';
const statusOf: Record<Exclude<ListKind, 'organizations'>, ReportStatus | undefined> = { all: undefined, draft: 'Draft', final: 'Final' };

/** The modal list behind a stat card: reports or organizations, loaded a page at a time. */
export function ListModal({ kind, count, onClose }: { kind: ListKind | null; count: number; onClose: () => void }) {
  const title = kind ? t.modalTitles[kind](count) : '';
  return (
    <Dialog open={kind !== null} onOpenChange={(open) => !open && onClose()} title={title}>
      {kind === 'organizations' ? <OrganizationList /> : kind ? <ReportList status={statusOf[kind]} onNavigate={onClose} /> : null}
    </Dialog>
  );
}

function LoadingRows() {
  return (
    <div className="space-y-3" aria-busy="true">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-14" />
      ))}
    </div>
  );
}

function LoadMore({ hasNext, loading, onClick }: { hasNext: boolean; loading: boolean; onClick: () => void }) {
  if (!hasNext) return null;
  return (
    <div className="pt-3 text-center">
      <Button variant="outline" size="sm" onClick={onClick} disabled={loading}>
        {loading ? shellCommon.loading : t.buttons.loadMore}
      </Button>
    </div>
  );
}

function ReportList({ status, onNavigate }: { status: ReportStatus | undefined; onNavigate: () => void }) {
  const navigate = useNavigate();
  const query = useReportPages(status, true);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  if (query.isLoading) return <LoadingRows />;
  if (query.isError) return <p className="text-sm text-red-600">{t.toasts.loadFailed}</p>;
  if (items.length === 0) return <p className="py-6 text-center text-slate-500">{t.noItems}</p>;
  const go = (to: string) => {
    onNavigate();
    void navigate(to);
  };
  return (
    <>
      <ul className="divide-y divide-slate-100">
        {items.map((report) => (
          <li key={report.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="modal-report-item">
            <div className="min-w-0">
              <div className="flex items-center gap-2">
                <p className="truncate font-medium text-slate-900">{report.title}</p>
                <StatusBadge status={report.status} />
              </div>
              <p className="text-sm text-slate-500">
                {t.labels.owner}: {report.owner} · {t.labels.created}: {formatDate(report.created_at)} · {t.labels.updated}: {formatDate(report.updated_at)}
              </p>
            </div>
            <div className="flex gap-2">
              <Button size="sm" variant="outline" onClick={() => go(`${APP_BASE}/wizards?report=${report.id}`)}>
                <Pencil className="h-3.5 w-3.5" aria-hidden /> {t.buttons.edit}
              </Button>
              <Button size="sm" variant="outline" onClick={() => go(`${APP_BASE}/exports?report=${report.id}`)}>
                <Download className="h-3.5 w-3.5" aria-hidden /> {t.buttons.export}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <LoadMore hasNext={Boolean(query.hasNextPage)} loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()} />
    </>
  );
}

function OrganizationList() {
  const query = useOrganizationPages(true);
  const [editingId, setEditingId] = useState<string | null>(null);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  if (query.isLoading) return <LoadingRows />;
  if (query.isError) return <p className="text-sm text-red-600">{t.toasts.loadFailed}</p>;
  if (items.length === 0) return <p className="py-6 text-center text-slate-500">{t.noItems}</p>;
  return (
    <>
      <ul className="divide-y divide-slate-100">
        {items.map((org) => (
          <OrganizationItem
            key={org.id}
            org={org}
            editing={editingId === org.id}
            editLocked={editingId !== null}
            onStartEdit={() => setEditingId(org.id)}
            onEndEdit={() => setEditingId(null)}
          />
        ))}
      </ul>
      <LoadMore hasNext={Boolean(query.hasNextPage)} loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()} />
    </>
  );
}
