import { Search } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { typeFilterValues } from '@shared/domain/evidence-display';
import { isPlaceholder } from '@shared/domain/placeholder';
import { evidenceTexts } from '@shared/messages/evidence';
import { libraryTexts } from '@shared/messages/library';
import type { DuplicateOffer, EvidenceType } from '@shared/schemas/evidence';
import { PageHeader } from '@/components/ui/page-header';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useDebounced } from '@/lib/use-debounced';
import { ReportPicker, useReport } from '@/features/reports';
import { ConflictsPanel } from '@/features/conflicts';
import { ClientPicker } from '@/features/organizations';
import { DuplicateOfferBanner, LibraryView, useTakeFromLibrary } from '@/features/library';
import { useAddInterviewEvidence } from '../api/add-interview-evidence';
import { useAddUrlEvidence } from '../api/add-url-evidence';
import { useDeleteEvidence } from '../api/delete-evidence';
import { useEvidenceSearch } from '../api/search-evidence';
import { useFileUploads } from '../hooks/use-file-uploads';
import { confirmEvidenceDelete } from '../lib/confirm-delete';
import { AddEvidenceTabs } from './evidence-forms';
import { EvidenceCard } from './evidence-card';
import { EvidenceAsk } from './evidence-ask';
import { EvidenceDetail } from './evidence-detail';
import { UploadPanel } from './upload-panel';

const t = evidenceTexts;
const lt = libraryTexts;

/** An upload the client's library already held, and the item it duplicates. */
type Offer = { newId: string; offer: DuplicateOffer };

/**
 * The evidence library of a report: add files, pages and interviews; search, filter, read and delete. With the
 * client scope, all of the report's client's evidence, from which items are taken into the report.
 */
export function EvidencePage() {
  const [params, setParams] = useSearchParams();
  const reportRef = params.get('report') ?? undefined;
  const clientScope = params.get('scope') === 'client';
  const report = useReport(reportRef && !isPlaceholder(reportRef) ? reportRef : undefined);
  const orgId = report.data?.organization_id;
  // the library's client: the one in the URL (the client picker's), else the report's
  const libraryOrg = params.get('client') || orgId;
  const scopeTo = (client: boolean) =>
    setParams(client ? { ...(reportRef ? { report: reportRef } : {}), scope: 'client', ...(libraryOrg ? { client: libraryOrg } : {}) } : reportRef ? { report: reportRef } : {});
  const pickClient = (id: string) => setParams({ ...(reportRef && id && id === orgId ? { report: reportRef } : {}), scope: 'client', ...(id ? { client: id } : {}) });
  const [offers, setOffers] = useState<Offer[]>([]);
  const take = useTakeFromLibrary(reportRef ?? '');
  const offered = (newId: string, offer: DuplicateOffer | undefined) => {
    if (offer) setOffers((all) => [...all.filter((o) => o.newId !== newId), { newId, offer }]);
  };
  async function reuse(o: Offer) {
    try {
      await take.mutateAsync({ ids: [o.offer.id], replace: o.newId });
      toast.success(lt.toasts.reused(o.offer.title));
      setOffers((all) => all.filter((x) => x.newId !== o.newId));
    } catch (error) {
      toast.error(lt.toasts.reuseFailed, { description: error instanceof ApiError ? error.detail : undefined });
    }
  }

  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  const [type, setType] = useState<EvidenceType | 'all'>('all');
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useEvidenceSearch(reportRef, q);
  const items = (list.data?.pages.flatMap((p) => p.items) ?? []).filter((i) => type === 'all' || i.type === type);
  // a search that has not read every item yet (the server searches a share per request) can go on
  const searchGoesOn = Boolean(q && list.hasNextPage);

  const uploads = useFileUploads({ onUploaded: (_file, result) => offered(result.evidence.id, result.duplicate) });
  const addUrl = useAddUrlEvidence(reportRef ?? '');
  const addInterview = useAddInterviewEvidence(reportRef ?? '');
  const del = useDeleteEvidence(reportRef ?? '');

  async function added(promise: Promise<{ evidence: { id: string; title: string }; duplicate?: DuplicateOffer }>): Promise<boolean> {
    try {
      const { evidence, duplicate } = await promise;
      toast.success(t.toasts.added(evidence.title));
      offered(evidence.id, duplicate);
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

      <div className="flex flex-wrap items-end gap-4">
        <ReportPicker stacked className="max-w-xl flex-1" value={reportRef ?? ''} onChange={(id) => setParams(id ? { report: id, ...(clientScope ? { scope: 'client' } : {}) } : {})} />
        {(clientScope || !reportRef || orgId) && (
          <div className="flex gap-1" role="group" aria-label={lt.scopeLabel}>
            {([false, true] as const).map((client) => (
              <button
                key={String(client)}
                type="button"
                aria-pressed={clientScope === client}
                onClick={() => scopeTo(client)}
                className={cn(
                  'rounded-md border px-3 py-2 text-sm font-medium',
                  clientScope === client ? 'border-slate-900 bg-slate-900 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
                )}
              >
                {client ? lt.scopeClient : lt.scopeReport}
              </button>
            ))}
          </div>
        )}
      </div>

      {clientScope ? (
        <div className="space-y-2">
          <h2 className="text-lg font-semibold">{lt.pageTitle}</h2>
          <p className="text-sm text-slate-600">{lt.takeDialogHint}</p>
          <ClientPicker className="max-w-xl" value={libraryOrg ?? ''} onChange={pickClient} />
          {libraryOrg ? (
            <>
              {/* with a report of this client chosen, the library can be asked, and an answer added to that report */}
              {reportRef && orgId === libraryOrg && !isPlaceholder(reportRef) && <EvidenceAsk key={reportRef} reportId={reportRef} defaultScope="client" />}
              <LibraryView key={libraryOrg} orgId={libraryOrg} report={reportRef && orgId === libraryOrg ? { id: reportRef, title: report.data?.title ?? '' } : undefined} />
            </>
          ) : reportRef && report.isPending ? (
            <Skeleton className="h-40" />
          ) : (
            <p className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-500">{lt.chooseClient}</p>
          )}
        </div>
      ) : !reportRef ? (
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
            {!isPlaceholder(reportRef) && (
              <>
                <EvidenceAsk reportId={reportRef} />
                <ConflictsPanel reportId={reportRef} />
              </>
            )}
          </aside>

          <section className="space-y-4" aria-label="Evidence">
            {offers.map((o) => (
              <DuplicateOfferBanner key={o.newId} offer={o.offer} busy={take.isPending} onReuse={() => void reuse(o)} onKeep={() => setOffers((all) => all.filter((x) => x.newId !== o.newId))} />
            ))}
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
