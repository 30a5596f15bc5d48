import { Eye, EyeOff, Fingerprint, History, MessageSquare, Quote, Save, Sparkles } from 'lucide-react';
import { memo, useCallback, useDeferredValue, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useDebounced } from '@/lib/use-debounced';
import { useStableList } from '@/lib/use-stable-list';
import { Link, useSearchParams } from 'react-router';
import { APP_BASE } from '@shared/constants';
import { quoteOf, type TextQuote } from '@shared/domain/comment-anchor';
import { charCount, completeness, completenessColour, completenessLabel } from '@shared/domain/report/completeness';
import { editorTexts } from '@shared/messages/editor';
import { reportTexts } from '@shared/messages/sections';
import { collaboration } from '@shared/messages/collaboration';
import { SECTION_KEYS, SECTION_TITLES, type Citation, type Section, type SectionKey } from '@shared/schemas/report-document';
import { Badge } from '@/components/ui/badge';
import { SaveBadge } from '@/components/ui/save-badge';
import { Button } from '@/components/ui/button';
import { ProviderLogo } from '@/components/ui/brand';
import { Dialog } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { DashboardBackLink } from '@/components/ui/page-header';
import { cn } from '@/lib/cn';
import { FinalBanner, ReportPicker, StatusBadge, useReport } from '@/features/reports';
import { EnhanceDialog, ProvenanceDialog } from '@/features/ai';
import { CommentThreads, useComments } from '@/features/comments';
import { CitationPicker, CitationReaderProvider, keepCitations, reportNumbering, SectionPreview, useConsistency, type VisualRenderer } from '@/features/sections';
import { ReviewPanel, ReviewStateBadge, useReviews } from '@/features/reviews';
import { ActivityPanel } from '@/features/activity';
import { AskPanel, appendAnswer } from '@/features/ask';
import { conflictMarks, useConflicts } from '@/features/conflicts';
import { FiguresPanel, PreReadPanel, type LedgerEntryView } from '@/features/ledger';
import { useEvidenceList } from '@/features/evidence';
import { preRead } from '@shared/domain/pre-read/pre-read';
import { citeOnSentence, placeFigure } from '@shared/domain/ledger/cite';
import { applyFix, type FigureFix } from '@shared/domain/ledger/fix-text';
import type { CitedRef } from '@shared/domain/ledger/fixes';
import { newCitationId } from '@shared/domain/report/citations';
import { ledgerTexts } from '@shared/messages/ledger';
import { notify } from '@/lib/notify';
import { conflicts as conflictWords } from '@shared/messages/ask';
import type { SectionReviewState } from '@shared/schemas/reviews';
import { useSectionEditor } from '../hooks/use-section-editor';
import { HistoryDialog } from './history-dialog';
import { MarkdownEditor, type MarkdownEditorHandle, type Reveal } from './markdown-editor';
import { SectionConflictDialog } from './section-conflict-dialog';

const t = editorTexts;
/**
 * The preview follows the text once typing pauses this long: rendering a long section's markdown takes tens
 * of milliseconds, which must not sit between a keystroke and its paint.
 */
const PREVIEW_PAUSE_MS = 300;
/**
 * The panels below the editor re-render only when their own props change: a keystroke changes the section's
 * text, which none of them shows, so typing does not re-render them (on a long section with a long Figures
 * list, that re-render was most of a keystroke's cost).
 */
const Figures = memo(FiguresPanel);
const PreRead = memo(PreReadPanel);
const Ask = memo(AskPanel);
const Reviews = memo(ReviewPanel);
const Activity = memo(ActivityPanel);
const sectionTitleOf = (key: string) => SECTION_TITLES[key as SectionKey] ?? key;
const DOT: Record<ReturnType<typeof completenessColour>, string> = { green: 'bg-emerald-500', yellow: 'bg-amber-400', grey: 'bg-slate-300' };

/** The sections in report order, each with its completeness dot and percentage, and the composed mark. */
const SectionNav = memo(function SectionNav({
  items,
  pending,
  selected,
  onSelect,
  completeness: values,
  dirty,
  reviewStates,
  openComments,
}: {
  items: readonly Section[];
  pending: boolean;
  selected: SectionKey;
  onSelect: (key: SectionKey) => void;
  /** per item, in order */
  completeness: readonly number[];
  dirty: readonly boolean[];
  /** each section's review state, once loaded */
  reviewStates?: ReadonlyMap<SectionKey, SectionReviewState>;
  /** open comment threads per item, in order */
  openComments: readonly number[];
}) {
  return (
    <nav aria-label={t.sections} className="rounded-xl border border-slate-200 bg-white p-3">
      <h2 className="mb-2 px-2 text-sm font-semibold text-slate-700">{t.sections}</h2>
      {pending ? (
        <Skeleton className="h-64" />
      ) : (
        <ol className="space-y-1">
          {items.map((s, i) => {
            const c = values[i] ?? 0;
            const composed = s.origin === 'composed' && !dirty[i];
            return (
              <li key={s.key}>
                <button
                  type="button"
                  aria-current={s.key === selected ? 'true' : undefined}
                  onClick={() => onSelect(s.key)}
                  data-testid="section-link"
                  data-key={s.key}
                  className={cn('flex w-full items-center gap-2 rounded-lg px-2 py-1.5 text-left text-sm hover:bg-slate-50', s.key === selected && 'bg-sky-50 ring-1 ring-sky-200')}
                >
                  <span className={cn('h-2.5 w-2.5 shrink-0 rounded-full', DOT[completenessColour(c)])} data-colour={completenessColour(c)} aria-hidden />
                  <span className="flex-1">{s.title}</span>
                  {reviewStates?.get(s.key) && <ReviewStateBadge state={reviewStates.get(s.key)!} />}
                  {composed && (
                    <span className="text-xs text-slate-600" title={t.composedMark} aria-label={t.composedMark}>
                      ◆
                    </span>
                  )}
                  {openComments[i] ? (
                    <span className="rounded-full bg-amber-100 px-1.5 text-xs font-semibold text-amber-900" data-testid="section-comment-count" aria-label={collaboration.comments.open(openComments[i])}>
                      {openComments[i]}
                    </span>
                  ) : null}
                  <span className="text-xs tabular-nums text-slate-600">{completenessLabel(c)}</span>
                </button>
              </li>
            );
          })}
        </ol>
      )}
    </nav>
  );
});

/** The section a ledger part names (`section:<key>`), or undefined for another part (a chart). */
function sectionOf(part: string): SectionKey | undefined {
  const key = part.startsWith('section:') ? part.slice('section:'.length) : '';
  return (SECTION_KEYS as readonly string[]).includes(key) ? (key as SectionKey) : undefined;
}

/** A range named in the URL (`section=key&at=from-to`). */
function revealOf(section: string | null, at: string | null): (Reveal & { key: SectionKey }) | null {
  const key = section ? sectionOf(`section:${section}`) : undefined;
  const m = at ? /^(\d{1,7})-(\d{1,7})$/.exec(at) : null;
  return key && m ? { key, from: Number(m[1]), to: Number(m[2]) } : null;
}

/** The advanced editor (spec section 2 "Editor page"): every section of the report document, in order. */
export function EditorPage({ renderVisual }: { renderVisual?: VisualRenderer } = {}) {
  const [params, setParams] = useSearchParams();
  const reportId = params.get('report') ?? undefined;
  const report = useReport(reportId);
  // a Final report is read-only until a lead reopens it
  const final = report.data?.status === 'Final';
  const ed = useSectionEditor(reportId, { readOnly: final });
  const sectionParam = params.get('section');
  const commentParam = params.get('comment');
  const [selected, setSelected] = useState<SectionKey>(() => ((SECTION_KEYS as readonly string[]).includes(sectionParam ?? '') ? (sectionParam as SectionKey) : 'executive-summary'));
  // a notification opens a section's comments (…&section=key&comment=thread), also while the editor is open
  const [commentsOpen, setCommentsOpen] = useState(Boolean(commentParam));
  const [commentSelection, setCommentSelection] = useState<TextQuote | null>(null);
  // a link to a sentence (…&section=key&at=from-to, the Pre-read list on the Finalize step) selects it
  const atParam = params.get('at');
  const [reveal, setReveal] = useState<(Reveal & { key: SectionKey }) | null>(() => revealOf(sectionParam, atParam));
  const [followed, setFollowed] = useState(`${sectionParam}|${commentParam}|${atParam}`);
  if (followed !== `${sectionParam}|${commentParam}|${atParam}`) {
    // adjusting state to a changed URL during render (React re-renders at once), not in an effect
    setFollowed(`${sectionParam}|${commentParam}|${atParam}`);
    if (sectionParam && (SECTION_KEYS as readonly string[]).includes(sectionParam)) setSelected(sectionParam as SectionKey);
    if (commentParam) setCommentsOpen(true);
    if (atParam) setReveal(revealOf(sectionParam, atParam));
  }
  const comments = useComments(reportId);
  const [showPreview, setShowPreview] = useState(true);
  const [picking, setPicking] = useState(false);
  const [enhance, setEnhance] = useState<{ text: string; range: { from: number; to: number } | null } | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [provenanceOpen, setProvenanceOpen] = useState(false);
  const editor = useRef<MarkdownEditorHandle>(null);

  const items = ed.sections.data?.items ?? [];
  const draft = ed.drafts[selected];
  const content = draft?.content ?? '';
  const deferred = useDeferredValue(useDebounced(content, PREVIEW_PAUSE_MS, selected));
  // the preview's inputs keep their identity while only the selected section's text changes, so typing does
  // not re-render the preview (it follows `deferred`)
  const citationLists = useStableList(SECTION_KEYS.map((k) => ed.drafts[k]?.citations));
  const citationMap = useMemo(() => {
    const map = new Map<string, Citation>();
    for (const list of citationLists) for (const c of list ?? []) map.set(c.id, c);
    return map;
  }, [citationLists]);
  const previewTexts = useStableList(SECTION_KEYS.map((k) => (k === selected ? deferred : (ed.drafts[k]?.content ?? ''))));
  const numbers = useMemo(() => reportNumbering(previewTexts.map((content) => ({ content }))), [previewTexts]);
  const lastSaved = useMemo(() => Object.values(ed.drafts).reduce<string | null>((latest, d) => (d.lastSaved && (!latest || d.lastSaved > latest) ? d.lastSaved : latest), null), [ed.drafts]);

  const saveSelected = useCallback(() => void ed.save(selected, { quiet: false }), [ed, selected]);
  const selectSection = useCallback((key: SectionKey) => {
    setSelected(key);
    setReveal(null);
  }, []);
  // the callbacks the panels below take read the drafts through this, so they keep their identity while typing
  const latest = useRef(ed);
  useLayoutEffect(() => {
    latest.current = ed;
  });
  /** Shows a sentence: its section selected, the range selected and scrolled into view. */
  const goTo = useCallback((key: SectionKey, from: number, to: number) => {
    setSelected(key);
    setReveal({ key, from, to });
  }, []);
  const goToFigure = useCallback(
    (entry: LedgerEntryView) => {
      const key = sectionOf(entry.part);
      if (!key) return;
      const placed = placeFigure(latest.current.drafts[key]?.content ?? '', entry);
      goTo(key, placed?.sentence.start ?? entry.sentence.start, placed?.sentence.end ?? entry.sentence.end);
    },
    [goTo],
  );
  // a suggested passage becomes a citation on the figure's sentence, and the section is saved at once
  const citeFigure = useCallback(
    async (entry: LedgerEntryView, citation: Citation) => {
      const ed = latest.current;
      const key = sectionOf(entry.part);
      const current = key ? ed.drafts[key] : undefined;
      const placed = current ? placeFigure(current.content, entry) : null;
      if (!key || !current || !placed) throw new Error(ledgerTexts.citeFailed);
      const next = citeOnSentence(current.content, placed, citation.id);
      ed.edit(key, { content: next.content, citations: [...current.citations.filter((c) => c.id !== citation.id), citation] });
      if (await ed.save(key, { quiet: true })) notify.success(ledgerTexts.cited);
    },
    [],
  );
  // a fix of the Figures panel (a correction, a computation) is written into the figure's section, which is saved at
  // once; the citations it uses come from the sections they are cited in
  const fixFigure = useCallback(
    async (entry: LedgerEntryView, fix: FigureFix): Promise<boolean> => {
      const ed = latest.current;
      const key = sectionOf(entry.part);
      const current = key ? ed.drafts[key] : undefined;
      const citationOf = (ref: CitedRef) => {
        const from = sectionOf(ref.part);
        const found = from ? ed.drafts[from]?.citations.find((c) => c.id === ref.citation_id) : undefined;
        return found && !found.broken ? found : undefined;
      };
      const fixed = key && current ? applyFix(current, entry, fix, citationOf, newCitationId) : null;
      if (!key || !fixed) throw new Error(ledgerTexts.fixGone);
      ed.edit(key, fixed);
      const saved = await ed.save(key, { quiet: true });
      if (saved) notify.success(fix.kind === 'correction' ? ledgerTexts.corrected : ledgerTexts.derivedSaved);
      return saved;
    },
    [],
  );
  const pct = completeness(content);
  // what the sections list shows changes only every ten characters or so: it re-renders only then
  const completenessByKey = useStableList(items.map((s) => (s.key === selected ? pct : completeness(ed.drafts[s.key]?.content ?? s.content))));
  const dirtyKeys = useStableList(items.map((s) => Boolean(ed.drafts[s.key]?.dirty)));
  // the reviews and the activity load after the sections, so they never delay the editor itself
  const sectionsLoaded = Boolean(ed.sections.data);
  const reviews = useReviews(reportId, sectionsLoaded);
  const reviewStates = useMemo(() => (reviews.data ? new Map(reviews.data.sections.map((s) => [s.key, s.state])) : undefined), [reviews.data]);
  const openByKey = useStableList(items.map((s) => comments.data?.open.sections[s.key] ?? 0));
  const openHere = comments.data?.open.sections[selected] ?? 0;
  // conflicts between sources load after the sections (they read the evidence): a citation of one side is marked
  const conflicts = useConflicts(sectionsLoaded ? reportId : undefined);
  // the pre-read follows the text as the preview does (once typing pauses), with the consistency check's story
  // rules and the report's interviews (a claim citing one names the interviewee's role)
  const consistency = useConsistency(sectionsLoaded ? reportId : undefined);
  const evidence = useEvidenceList(sectionsLoaded ? reportId : undefined, '');
  const interviews = useMemo(() => new Map((evidence.data?.items ?? []).filter((e) => e.type === 'interview' && e.source.trim()).map((e) => [e.id, e.source.trim()])), [evidence.data]);
  const preReadResult = useMemo(
    () =>
      preRead({
        sections: SECTION_KEYS.map((key, i) => ({ key, title: SECTION_TITLES[key], content: previewTexts[i] ?? '', citations: citationLists[i] ?? [] })),
        consistency: consistency.data?.issues ?? [],
        interviews,
      }),
    [previewTexts, citationLists, consistency.data, interviews],
  );
  const goToPreRead = useCallback((item: { section: string; start: number; end: number }) => sectionOf(`section:${item.section}`) && goTo(item.section as SectionKey, item.start, item.end), [goTo]);
  const askTitle = items.find((s) => s.key === selected)?.title ?? '';
  const askTarget = useMemo(() => ({ key: selected, title: askTitle }), [selected, askTitle]);
  // an item taken from the client's library may disagree with the report's own
  const refetchConflicts = conflicts.refetch;
  const onTaken = useCallback(() => void refetchConflicts(), [refetchConflicts]);
  const addAnswer = useCallback(
    (answer: Parameters<typeof appendAnswer>[2]) => {
      const ed = latest.current;
      const current = ed.drafts[selected];
      if (current) ed.edit(selected, { ...appendAnswer(current.content, current.citations, answer), source: 'ai' });
    },
    [selected],
  );

  if (!reportId) {
    return (
      <div className="mx-auto max-w-7xl space-y-6 p-4 sm:p-8">
        <header className="flex flex-wrap items-center justify-between gap-4">
          <div className="flex items-center gap-3">
            <DashboardBackLink />
            <h1 className="text-2xl font-semibold tracking-tight">{t.title}</h1>
          </div>
          <ProviderLogo />
        </header>
        <section className="space-y-4 rounded-xl border border-dashed border-slate-300 bg-white p-8">
          <p className="text-slate-700">{t.noReport}</p>
          <ReportPicker value="" onChange={(id) => id && setParams({ report: id })} />
        </section>
      </div>
    );
  }

  const section = items.find((s) => s.key === selected);
  const title = section?.title ?? '';
  const marks = conflictMarks(draft?.citations ?? [], conflicts.data?.items ?? []);

  return (
    <CitationReaderProvider reportRef={reportId}>
      <div className="mx-auto max-w-[96rem] space-y-4 p-4 sm:p-6">
        <header className="flex flex-wrap items-center justify-between gap-4">
          <div className="flex flex-wrap items-center gap-3">
            <DashboardBackLink />
            <h1 className="text-2xl font-semibold tracking-tight">{report.data?.title ?? t.title}</h1>
            {/* the badges come with the title, so the title arriving does not move them */}
            {report.data && (
              <>
                <StatusBadge status={report.data.status} />
                <SaveBadge lastSaved={lastSaved} />
              </>
            )}
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <ReportPicker value={reportId} onChange={(id) => id && setParams({ report: id })} />
            {/* the whole report's AI record, not the section's: with the report, beside the wizard link */}
            <Button variant="outline" size="sm" onClick={() => setProvenanceOpen(true)}>
              <Fingerprint className="h-4 w-4" aria-hidden /> {t.provenance}
            </Button>
            <Link to={`${APP_BASE}/wizards?report=${reportId}`} className="text-sm font-medium text-sky-800 underline underline-offset-2">
              {t.backToWizard}
            </Link>
          </div>
        </header>

        {final && <FinalBanner reportId={reportId} canReopen={Boolean(reviews.data?.can_reopen)} />}

        <div className="grid grid-cols-1 gap-4 lg:grid-cols-[16rem_1fr]">
          <SectionNav
            items={items}
            pending={ed.sections.isPending}
            selected={selected}
            onSelect={selectSection}
            completeness={completenessByKey}
            dirty={dirtyKeys}
            reviewStates={reviewStates}
            openComments={openByKey}
          />

          <section className="min-w-0 space-y-3 rounded-xl border border-slate-200 bg-white p-4" aria-labelledby="section-title">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div className="flex items-center gap-2">
                <h2 id="section-title" className="text-lg font-semibold">
                  {title}
                </h2>
                {section?.ai_drafted && !draft?.dirty && <Badge tone="primary">{reportTexts.aiDrafted}</Badge>}
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <Button variant="outline" size="sm" onClick={() => setShowPreview((v) => !v)} aria-pressed={showPreview}>
                  {showPreview ? <EyeOff className="h-4 w-4" aria-hidden /> : <Eye className="h-4 w-4" aria-hidden />} {t.preview}
                </Button>
                <Button size="sm" onClick={saveSelected} disabled={!draft || ed.saving || final}>
                  <Save className="h-4 w-4" aria-hidden /> {ed.saving ? t.saving : t.saveDraft}
                </Button>
                <Button variant="outline" size="sm" onClick={() => setPicking(true)} disabled={!draft || final}>
                  <Quote className="h-4 w-4" aria-hidden /> {t.addCitation}
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={!draft || !content.trim() || final}
                  onClick={() => {
                    const sel = editor.current?.selection();
                    setEnhance(sel ? { text: sel.text, range: { from: sel.from, to: sel.to } } : { text: content, range: null });
                  }}
                >
                  <Sparkles className="h-4 w-4" aria-hidden /> {t.aiEnhance}
                </Button>
                <Button variant="outline" size="sm" onClick={() => setHistoryOpen(true)} disabled={!draft}>
                  <History className="h-4 w-4" aria-hidden /> {t.history}
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  data-testid="open-comments"
                  aria-label={collaboration.comments.buttonFor(title, openHere)}
                  onClick={() => {
                    const sel = editor.current?.selection();
                    setCommentSelection(sel && sel.to > sel.from ? quoteOf(content, sel.from, sel.to) : null);
                    setCommentsOpen(true);
                  }}
                >
                  <MessageSquare className="h-4 w-4" aria-hidden /> {collaboration.comments.button}
                  {openHere ? <span className="rounded-full bg-amber-100 px-1.5 text-xs font-semibold text-amber-900">{openHere}</span> : null}
                </Button>
              </div>
            </div>

            {ed.waitingConflict && (
              <div role="status" data-testid="conflict-waiting" className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950">
                <p>{t.conflict.waiting(items.find((s) => s.key === ed.waitingConflict?.key)?.title ?? title)}</p>
                <Button size="sm" variant="outline" onClick={ed.openConflict}>
                  {t.conflict.open}
                </Button>
              </div>
            )}

            {!draft ? (
              <Skeleton className="h-96" />
            ) : (
              <div className={cn('grid gap-4', showPreview ? 'xl:grid-cols-2' : 'grid-cols-1')}>
                <div className="min-w-0 space-y-1">
                  <MarkdownEditor
                    key={selected}
                    ref={editor}
                    value={content}
                    label={t.editorLabel(title)}
                    placeholder={t.emptySection}
                    onChange={(value) => ed.edit(selected, { content: value })}
                    onSave={saveSelected}
                    readOnly={final}
                    reveal={reveal?.key === selected ? reveal : null}
                  />
                  <p className="flex justify-between text-xs text-slate-600" data-testid="char-count">
                    <span>{t.characters(charCount(content))}</span>
                    <span>{completenessLabel(pct)}</span>
                  </p>
                  {marks.size > 0 && (
                    <div className="rounded-md border border-amber-300 bg-amber-50 p-2 text-xs text-amber-950" role="note" data-testid="conflict-marks">
                      <p className="font-medium">{conflictWords.markedSection(marks.size)}</p>
                      <ul className="list-disc pl-5">
                        {[...marks].map(([id, measure]) => (
                          <li key={id} data-citation={id}>
                            [@{id}] {conflictWords.marked(measure)}
                          </li>
                        ))}
                      </ul>
                    </div>
                  )}
                </div>
                {showPreview && (
                  <div role="region" className="min-w-0 overflow-auto rounded-md border border-slate-200 p-4" aria-label={t.preview} data-testid="preview">
                    <SectionPreview content={deferred} citations={citationMap} numbers={numbers} renderVisual={renderVisual} />
                  </div>
                )}
              </div>
            )}
          </section>
        </div>

        {sectionsLoaded && draft && !final && (
          <Ask reportId={reportId} target={askTarget} onTaken={onTaken} onAdd={addAnswer} />
        )}

        {sectionsLoaded && (
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            <Figures reportId={reportId} canWaive={Boolean(reviews.data?.can_override)} readOnly={final} onGoTo={goToFigure} onCite={citeFigure} onFix={fixFigure} />
            <PreRead result={preReadResult} whereOf={sectionTitleOf} onGoTo={goToPreRead} />
          </div>
        )}

        {sectionsLoaded && (
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            <Reviews reportId={reportId} />
            <Activity reportId={reportId} />
          </div>
        )}

        <CitationPicker
          open={picking}
          onOpenChange={setPicking}
          reportRef={reportId}
          onPick={(c) => {
            const current = ed.drafts[selected];
            if (!current) return;
            editor.current?.insert(`[@${c.id}]`);
            ed.edit(selected, { citations: [...current.citations.filter((x) => x.id !== c.id), c] });
          }}
        />
        {enhance && draft && (
          <EnhanceDialog
            open
            onOpenChange={(o) => !o && setEnhance(null)}
            reportId={reportId}
            sectionKey={selected}
            text={enhance.text}
            scope={enhance.range ? 'selection' : 'all'}
            onAccept={(proposed, added) => {
              const kept = keepCitations(enhance.text, proposed);
              const next = enhance.range ? `${content.slice(0, enhance.range.from)}${kept}${content.slice(enhance.range.to)}` : kept;
              const citations = [...draft.citations, ...added.filter((a) => !draft.citations.some((c) => c.id === a.id))];
              ed.edit(selected, { content: next, citations, source: 'ai' });
            }}
          />
        )}
        {draft && (
          <HistoryDialog
            open={historyOpen}
            onOpenChange={setHistoryOpen}
            reportId={reportId}
            sectionKey={selected}
            currentVersion={draft.version}
            onRestored={(s) => ed.replaceFromServer(s)}
            readOnly={final}
          />
        )}
        <ProvenanceDialog open={provenanceOpen} onOpenChange={setProvenanceOpen} reportId={reportId} />
        <Dialog
          open={commentsOpen}
          onOpenChange={(o) => {
            setCommentsOpen(o);
            if (!o) setCommentSelection(null);
          }}
          title={collaboration.comments.panelFor(title)}
          className="max-w-xl"
          closeLabel={collaboration.comments.close}
        >
          <CommentThreads key={`${selected}:${commentSelection?.start ?? ''}`} reportId={reportId} anchor={{ section: selected }} text={content} selection={commentSelection} focusThread={commentParam} />
        </Dialog>
        <SectionConflictDialog conflict={ed.conflict} onResolve={(choice) => void ed.resolve(choice)} />
      </div>
    </CitationReaderProvider>
  );
}
