import { Search } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { messages } from '@shared/messages';
import type { EvidenceType } from '@shared/schemas/evidence';
import { PageHeader } from '@/components/ui/page-header';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useDebounced } from '@/lib/use-debounced';
import { ReportPicker } from '@/features/reports';
import { useAddInterviewEvidence } from '../api/add-interview-evidence';
import { useAddUrlEvidence } from '../api/add-url-evidence';
import { useDeleteEvidence } from '../api/delete-evidence';
import { typeFilterValues } from '../api/list-evidence';
import { useEvidenceSearch } from '../api/search-evidence';
import { useFileUploads } from '../hooks/use-file-uploads';
import { confirmEvidenceDelete } from '../lib/confirm-delete';
import { AddEvidenceTabs } from './evidence-forms';
import { EvidenceCard } from './evidence-card';
import { EvidenceDetail } from './evidence-detail';
import { UploadPanel } from './upload-panel';

const t = messages.evidence;

/** The evidence library of a report: add files, pages and interviews; search, filter, read and delete. */
export function EvidencePage() {
  const [params, setParams] = useSearchParams();
  const reportRef = params.get('report') ?? undefined;

  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  const [type, setType] = useState<EvidenceType | 'all'>('all');
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useEvidenceSearch(reportRef, q);
  const items = (list.data?.pages.flatMap((p) => p.items) ?? []).filter((i) => type === 'all' || i.type === type);
  // a search that has not read every item yet (the server searches a share per request) can go on
  const searchGoesOn = Boolean(q && list.hasNextPage);

  const uploads = useFileUploads();
  const addUrl = useAddUrlEvidence(reportRef ?? '');
  const addInterview = useAddInterviewEvidence(reportRef ?? '');
  const del = useDeleteEvidence(reportRef ?? '');

  async function added(promise: Promise<{ evidence: { title: string } }>): Promise<boolean> {
    try {
      const { evidence } = await promise;
      toast.success(t.toasts.added(evidence.title));
      return true;
    } catch (error) {
      toast.error(t.toasts.addFailed, { description: error instanceof ApiError ? error.detail : undefined });
      return false;
    }
  }

  async function remove(id: string, title: string) {
    if (!reportRef || !(await confirmEvidenceDelete(reportRef, id, title, { askWhenUncited: true }))) return;
    try {
      await del.mutateAsync(id);
      toast.success(t.toasts.deleted);
    } catch (error) {
      toast.error(t.toasts.deleteFailed, { description: error instanceof ApiError ? error.detail : undefined });
    }
  }

  return (
    <div className="mx-auto max-w-7xl space-y-6 p-4 sm:p-8">
      <PageHeader title={t.pageTitle} subtitle={t.pageSubtitle} />

      <ReportPicker stacked className="max-w-xl" value={reportRef ?? ''} onChange={(id) => setParams(id ? { report: id } : {})} />

      {!reportRef ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-500">{t.noReport}</p>
      ) : (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[22rem_1fr]">
          <aside className="space-y-4">
            <AddEvidenceTabs
              className="rounded-xl border border-slate-200 bg-white p-4"
              filesLabel={t.filters.file}
              files={<UploadPanel uploads={uploads.uploads} onFiles={(files) => uploads.add(reportRef, files)} />}
              onAddUrl={(v) => added(addUrl.mutateAsync({ ...v, description: '' }))}
              onAddInterview={(v) => added(addInterview.mutateAsync({ ...v, source: '' }))}
            />
          </aside>

          <section className="space-y-4" aria-label="Evidence">
            <div className="flex flex-wrap items-center gap-3">
              <div className="relative min-w-64 flex-1">
                <Search className="pointer-events-none absolute left-3 top-3 h-4 w-4 text-slate-400" aria-hidden />
                <Input className="pl-9" type="search" aria-label={t.search} placeholder={t.searchPlaceholder} value={search} onChange={(e) => setSearch(e.target.value)} />
              </div>
              <div className="flex gap-1" role="group" aria-label="Type">
                {typeFilterValues.map((v) => (
                  <button
                    key={v}
                    type="button"
                    aria-pressed={type === v}
                    onClick={() => setType(v)}
                    className={cn(
                      'rounded-md border px-3 py-1.5 text-sm font-medium',
                      type === v ? 'border-slate-900 bg-slate-900 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
                    )}
                  >
                    {t.filters[v]}
                  </button>
                ))}
              </div>
            </div>
            {list.isLoading ? (
              <div className="grid grid-cols-1 gap-4 md:grid-cols-2" aria-busy="true">
                {[0, 1].map((i) => (
                  <Skeleton key={i} className="h-48" />
                ))}
              </div>
            ) : items.length === 0 && !searchGoesOn ? (
              <p className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-500">{q || type !== 'all' ? t.noMatches : t.empty}</p>
            ) : (
              items.length > 0 && (
                <div className="grid grid-cols-1 gap-4 md:grid-cols-2" data-testid="evidence-grid">
                  {items.map((item) => (
                    <EvidenceCard key={item.id} item={item} onOpen={() => setOpenId(item.id)} onDelete={() => void remove(item.id, item.title)} />
                  ))}
                </div>
              )
            )}
            {searchGoesOn && !list.isLoading && (
              <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-600" role="status">
                <span>{t.searchedPart}</span>
                <Button type="button" variant="outline" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                  {t.searchMore}
                </Button>
              </div>
            )}
          </section>
        </div>
      )}
      {reportRef && <EvidenceDetail reportRef={reportRef} id={openId} onClose={() => setOpenId(null)} />}
    </div>
  );
}
