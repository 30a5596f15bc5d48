import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { typeFilterValues } from '@shared/domain/evidence-display';
import { evidenceTexts } from '@shared/messages/evidence';
import { libraryTexts } from '@shared/messages/library';
import { DIMENSIONS } from '@shared/schemas/analysis';
import type { LibraryItem } from '@shared/schemas/library';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { useDeleteLibraryItem } from '../api/delete-library-item';
import { getLibraryUsage } from '../api/get-library-usage';
import { useClientEvidence, type LibraryFilters } from '../api/list-client-evidence';
import { useTakeFromLibrary } from '../api/take-from-library';

const t = libraryTexts;
const ANY = '';

/** Before a library item is deleted: the reports that use it and the citations that would break in each. */
async function confirmLibraryDelete(orgId: string, item: LibraryItem): Promise<boolean> {
  let lines: string[] = [];
  try {
    lines = (await getLibraryUsage(orgId, item.id)).reports.map((r) => t.reportLine(r.title, r.places.length));
  } catch {
    lines = item.used_by.map((u) => u.title);
  }
  return window.confirm(lines.length ? t.confirmDeleteUsed(item.title, lines) : t.confirmDeleteUnused(item.title));
}

/**
 * The client evidence library: every item of the client with the reports that use it, filters by
 * type, day added, report and dimension; with a report chosen, items are taken into it (a reference, not a copy).
 */
export function LibraryView({ orgId, report }: { orgId: string; report?: { id: string; title: string } }) {
  const [filters, setFilters] = useState<LibraryFilters>({});
  const list = useClientEvidence(orgId, filters);
  const take = useTakeFromLibrary(report?.id ?? '');
  const del = useDeleteLibraryItem(orgId);
  const set = (key: keyof LibraryFilters, value: string) => setFilters((f) => ({ ...f, [key]: value || undefined }));
  const filtered = Object.values(filters).some(Boolean);

  async function takeOne(item: LibraryItem) {
    try {
      await take.mutateAsync({ ids: [item.id] });
      toast.success(t.toasts.taken(1));
    } catch (error) {
      toast.error(t.toasts.takeFailed, { description: error instanceof ApiError ? error.detail : undefined });
    }
  }

  async function remove(item: LibraryItem) {
    if (!(await confirmLibraryDelete(orgId, item))) return;
    try {
      await del.mutateAsync(item.id);
      toast.success(t.toasts.deleted);
    } catch (error) {
      toast.error(t.toasts.deleteFailed, { description: error instanceof ApiError ? error.detail : undefined });
    }
  }

  const reports = list.data?.reports ?? [];
  const items = list.data?.items ?? [];
  return (
    <section className="space-y-4" aria-label={t.pageTitle}>
      <div className="grid grid-cols-2 gap-3 rounded-xl border border-slate-200 bg-white p-4 md:grid-cols-6" role="group" aria-label="Filters">
        <label className="text-sm font-medium text-slate-700">
          {t.filters.type}
          <Select
            className="mt-1"
            value={filters.type ?? ANY}
            onChange={(e) => set('type', e.target.value)}
            options={typeFilterValues.map((v) => ({ value: v === 'all' ? ANY : v, label: evidenceTexts.filters[v] }))}
          />
        </label>
        <label className="text-sm font-medium text-slate-700">
          {t.filters.from}
          <Input className="mt-1" type="date" value={filters.from ?? ''} onChange={(e) => set('from', e.target.value)} />
        </label>
        <label className="text-sm font-medium text-slate-700">
          {t.filters.to}
          <Input className="mt-1" type="date" value={filters.to ?? ''} onChange={(e) => set('to', e.target.value)} />
        </label>
        <label className="text-sm font-medium text-slate-700">
          {t.filters.report}
          <Select className="mt-1" value={filters.report ?? ANY} onChange={(e) => set('report', e.target.value)} options={[{ value: ANY, label: t.filters.any }, ...reports.map((r) => ({ value: r.report_id, label: r.title }))]} />
        </label>
        <label className="text-sm font-medium text-slate-700">
          {t.filters.dimension}
          <Select className="mt-1" value={filters.dimension ?? ANY} onChange={(e) => set('dimension', e.target.value)} options={[{ value: ANY, label: t.filters.any }, ...DIMENSIONS.map((d) => ({ value: d, label: d }))]} />
        </label>
        <div className="flex items-end">
          <Button type="button" variant="outline" className="w-full" disabled={!filtered} onClick={() => setFilters({})}>
            {t.filters.clear}
          </Button>
        </div>
      </div>

      {list.isLoading ? (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2" aria-busy="true">
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-40" />
          ))}
        </div>
      ) : list.isError ? (
        <LoadError error={list.error} fallback={t.loadFailed} retryLabel={t.retry} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-500">{filtered ? t.noMatches : t.empty}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2" data-testid="library-grid">
          {items.map((item) => {
            const inReport = Boolean(report && item.used_by.some((u) => u.report_id === report.id));
            return (
              <li key={item.id} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="library-item" aria-label={item.title}>
                <div>
                  <h3 className="truncate font-semibold" title={item.title}>
                    {item.title}
                  </h3>
                  <p className="text-xs text-slate-500">
                    {evidenceTexts.filters[item.type]} · {t.addedOn(item.created_at.slice(0, 10))}
                  </p>
                </div>
                {item.linkedDimensions.length > 0 && (
                  <div className="flex flex-wrap gap-1">
                    {item.linkedDimensions.map((d) => (
                      <Badge key={d} tone="primary">
                        {d}
                      </Badge>
                    ))}
                  </div>
                )}
                <div className="text-sm">
                  <p className="text-xs font-medium text-slate-600">{t.usedBy}</p>
                  {item.used_by.length ? (
                    <ul className="mt-1 list-disc pl-4 text-slate-700" aria-label={`${t.usedBy} ${item.title}`}>
                      {item.used_by.map((u) => (
                        <li key={u.report_id}>{u.title}</li>
                      ))}
                    </ul>
                  ) : (
                    <p className="mt-1 text-slate-500">{t.unused}</p>
                  )}
                </div>
                <div className="mt-auto flex items-center gap-2">
                  {report &&
                    (inReport ? (
                      <Badge tone="success">{t.taken}</Badge>
                    ) : (
                      <Button size="sm" onClick={() => void takeOne(item)} disabled={take.isPending} aria-label={`${t.takeTo(report.title)}: ${item.title}`}>
                        {t.take}
                      </Button>
                    ))}
                  <Button size="sm" variant="ghost" className="ml-auto text-red-600 hover:bg-red-50" onClick={() => void remove(item)} aria-label={`${t.delete}: ${item.title}`}>
                    <Trash2 className="h-4 w-4" aria-hidden />
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
