/**
 * The editor's Figures panel: every figure of the report with its support (cited, derived, data, unsupported),
 * unsupported and disagreeing ones first, the counts on top. An entry's figure goes to its sentence in the
 * editor. An unsupported figure offers its fixes: passages of the report's evidence that state it (asked of the
 * evidence with its measure and figure), one of which becomes a citation on the sentence in one click; the cited
 * value of its measure to correct it to, and the computations from cited figures that give it (found by the
 * ledger's read), each written into the section in one click; and, for a lead, a waiver with a reason.
 */
import { Calculator, PencilLine, Quote, ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { ledgerTexts as t } from '@shared/messages/ledger';
import type { FigureFix } from '@shared/domain/ledger/fix-text';
import type { AskResponse } from '@shared/schemas/ask';
import type { LedgerResponse } from '@shared/schemas/ledger';
import type { Citation } from '@shared/schemas/report-document';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { QueryPanel } from '@/components/ui/query-panel';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useAskEvidence } from '@/features/ask';
import { useLedger, useLedgerMore } from '../api/get-ledger';
import { useWaiveFigure } from '../api/waive-figure';
import { LedgerCounts } from './ledger-counts';

export type LedgerEntryView = LedgerResponse['entries'][number];

const TONES: Record<LedgerEntryView['support'], BadgeTone> = { cited: 'success', derived: 'primary', data: 'neutral', unsupported: 'danger' };
const MARK = /\[@[^\]]+\]/g;
const MAX_QUESTION = 480;

/** The questions a figure's passages are looked for with: its measure and figure, then its sentence's words. */
function questionsFor(entry: Pick<LedgerEntryView, 'measure' | 'text' | 'excerpt'>): string[] {
  const sentence = entry.excerpt.replace(MARK, '').replace(/…$/, '').replace(/\s+/g, ' ').trim();
  const out = [entry.measure ? `${entry.measure} ${entry.text}` : '', sentence].map((q) => q.slice(0, MAX_QUESTION).trim()).filter((q) => q.length >= 3);
  return [...new Set(out)];
}

/** The passages that state the figure: an answer's citations whose quote holds its figure's digits. */
function passagesFor(entry: LedgerEntryView, answer: AskResponse | undefined): Citation[] {
  if (!answer?.answered) return [];
  const digits = entry.text.replace(/[^0-9.]/g, '').replace(/\.$/, '');
  return answer.citations.filter((c) => !digits || c.quote.replace(/,/g, '').includes(digits));
}

function Suggestions({ reportId, entry, onCite }: { reportId: string; entry: LedgerEntryView; onCite: (entry: LedgerEntryView, citation: Citation) => Promise<void> }) {
  const ask = useAskEvidence(reportId);
  const [answer, setAnswer] = useState<AskResponse | undefined>();
  const [asked, setAsked] = useState(false);
  const [citing, setCiting] = useState<string | null>(null);
  async function find() {
    setAsked(true);
    for (const question of questionsFor(entry)) {
      try {
        const a = await ask.mutateAsync({ question, scope: 'report' });
        setAnswer(a);
        if (passagesFor(entry, a).length) return;
      } catch {
        return;
      }
    }
  }
  async function cite(c: Citation) {
    setCiting(c.id);
    try {
      await onCite(entry, c);
    } catch (error) {
      notify.error(t.citeFailed, error instanceof ApiError ? error.detail : undefined);
    } finally {
      setCiting(null);
    }
  }
  const passages = passagesFor(entry, answer);
  return (
    <div className="space-y-2" aria-live="polite">
      {!asked && (
        <Button size="sm" variant="outline" onClick={() => void find()}>
          <Quote className="h-4 w-4" aria-hidden /> {t.findSources}
        </Button>
      )}
      {ask.isPending && <p className="text-xs text-slate-600">{t.finding}</p>}
      {ask.isError && (
        <p role="alert" className="text-xs text-red-700">
          {ask.error instanceof ApiError ? ask.error.detail : t.citeFailed}
        </p>
      )}
      {asked && !ask.isPending && !ask.isError && passages.length === 0 && <p className="text-xs text-slate-600">{t.noPassage}</p>}
      {passages.length > 0 && (
        <div>
          <p className="text-xs font-medium text-slate-700">{t.suggestions}</p>
          <ul className="space-y-1" data-testid="figure-suggestions">
            {passages.map((c) => (
              <li key={c.id} className="flex items-start justify-between gap-2 rounded-md border border-slate-200 bg-slate-50 p-2 text-xs">
                <span>
                  <span className="text-slate-900">“{c.quote}”</span>
                  <span className="block text-slate-600">— {c.source_title}</span>
                </span>
                <Button size="sm" variant="outline" disabled={citing !== null} aria-busy={citing === c.id} aria-label={t.citeLabel(c.source_title ?? '')} onClick={() => void cite(c)}>
                  {t.cite}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/**
 * The fixes the ledger found for an unsupported figure: "Correct to …" (a cited value of its measure) and
 * "Derived: …" (a computation from cited figures), each written into the section and saved in one click. A save
 * that does not go through (a conflict with another writer) says so; the text stays in the editor.
 */
function Fixes({ entry, onFix }: { entry: LedgerEntryView; onFix: (entry: LedgerEntryView, fix: FigureFix) => Promise<boolean> }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const fixes = entry.fixes;
  if (!fixes) return null;
  async function run(key: string, fix: FigureFix) {
    setBusy(key);
    setFailed(null);
    try {
      if (!(await onFix(entry, fix))) setFailed(t.fixNotSaved);
    } catch (error) {
      const detail = error instanceof ApiError ? error.detail : error instanceof Error ? error.message : undefined;
      setFailed(detail || t.fixFailed);
    } finally {
      setBusy(null);
    }
  }
  return (
    <div className="space-y-1" data-testid="figure-fixes">
      <p className="text-xs font-medium text-slate-700">{t.fixes}</p>
      <ul className="space-y-1">
        {fixes.corrections.map((c) => (
          <li key={`c:${c.text}:${c.citation_id}`} className="flex flex-wrap items-start gap-2 text-xs">
            <Button size="sm" variant="outline" disabled={busy !== null} aria-busy={busy === `c:${c.text}`} aria-label={t.correctLabel(c.text, entry.text, entry.where)} onClick={() => void run(`c:${c.text}`, { kind: 'correction', ...c })}>
              <PencilLine className="h-4 w-4" aria-hidden /> {t.correctTo(c.text)}
            </Button>
            <span className="min-w-0 flex-1 text-slate-600">{c.basis}</span>
          </li>
        ))}
        {fixes.derivations.map((d) => (
          <li key={`d:${d.computation}`} className="text-xs">
            <Button size="sm" variant="outline" disabled={busy !== null} aria-busy={busy === `d:${d.computation}`} aria-label={t.derivedLabel(d.computation, entry.where)} onClick={() => void run(`d:${d.computation}`, { kind: 'derivation', ...d })}>
              <Calculator className="h-4 w-4" aria-hidden /> {t.derivedOffer(d.computation)}
            </Button>
          </li>
        ))}
      </ul>
      <div aria-live="polite">
        {busy !== null && <p className="text-xs text-slate-600">{t.fixing}</p>}
        {failed && (
          <p role="alert" className="text-xs text-red-700">
            {failed}
          </p>
        )}
      </div>
    </div>
  );
}

function WaiveForm({ reportId, figureId, what }: { reportId: string; figureId: string; what: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const waive = useWaiveFigure(reportId);
  if (!open) {
    return (
      <Button size="sm" variant="outline" aria-label={t.waiveLabel(what)} onClick={() => setOpen(true)}>
        <ShieldCheck className="h-4 w-4" aria-hidden /> {t.waive}
      </Button>
    );
  }
  return (
    <form
      className="space-y-1"
      onSubmit={(e) => {
        e.preventDefault();
        if (!reason.trim()) return;
        waive.mutate(
          { figureId, reason: reason.trim() },
          { onSuccess: () => notify.success(t.waivedToast), onError: (error) => notify.error(t.waiveFailed, error instanceof ApiError ? error.detail : undefined) },
        );
      }}
    >
      <label htmlFor={`${id}-reason`} className="text-xs font-medium text-slate-700">
        {t.waiveReason}
      </label>
      <Textarea id={`${id}-reason`} className="min-h-12" maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} autoFocus />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={!reason.trim() || waive.isPending} aria-busy={waive.isPending}>
          {t.waiveSubmit}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>
          {t.waiveCancel}
        </Button>
      </div>
    </form>
  );
}

export interface FiguresPanelProps {
  reportId: string;
  /** the caller may waive a figure (a lead of the client's team) */
  canWaive: boolean;
  /** the report is Final: no fixes are offered */
  readOnly: boolean;
  /** shows the entry's sentence in the editor */
  onGoTo: (entry: LedgerEntryView) => void;
  /** puts the citation on the entry's sentence and saves the section */
  onCite: (entry: LedgerEntryView, citation: Citation) => Promise<void>;
  /** writes a fix (a correction, a computation) into the entry's section and saves it: false when it was not saved */
  onFix: (entry: LedgerEntryView, fix: FigureFix) => Promise<boolean>;
}

export function FiguresPanel({ reportId, canWaive, readOnly, onGoTo, onCite, onFix }: FiguresPanelProps) {
  const ledger = useLedger(reportId);
  const [wantMore, setWantMore] = useState(false);
  const more = useLedgerMore(reportId, ledger.data?.next_cursor ?? null, wantMore);
  const morePages = wantMore ? (more.data?.pages ?? []) : [];
  const last = morePages.at(-1) ?? ledger.data;
  const canShowMore = Boolean(last?.next_cursor) && !more.isError;
  const showMore = () => (wantMore ? void more.fetchNextPage() : setWantMore(true));
  return (
    <QueryPanel title={t.title} testId="figures-panel" query={ledger} loadFailed={t.loadFailed} retry={t.retry}>
      {() => {
        const data = ledger.data!;
        const pending = data.pending.length > 0 && (
          <p className="text-xs text-slate-600" role="status">
            {t.pending(data.pending)}
          </p>
        );
        if (!data.entries.length && !data.disagreements.length) return pending || <p className="text-sm text-slate-600">{t.empty}</p>;
        const detail = new Map([...data.disagreements, ...morePages.flatMap((p) => p.disagreements)].map((d) => [d.id, d]));
        const entries = [...data.entries, ...morePages.flatMap((p) => p.entries)];
        const open = data.disagreements.filter((d) => !d.waived);
        return (
          <div className="space-y-3">
            {pending}
            <LedgerCounts counts={data.counts} />
            {open.length > 0 && (
              <section aria-label={t.disagreements} className="space-y-1">
                <h3 className="text-sm font-semibold text-slate-800">{t.disagreements}</h3>
                <ul className="space-y-1">
                  {open.map((d) => (
                    <li key={d.id} className="space-y-1 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950" data-testid="figure-disagreement">
                      <p>{d.detail}</p>
                      {canWaive && !readOnly && <WaiveForm reportId={reportId} figureId={d.id} what={d.detail} />}
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {/* a long report has hundreds of figures: an entry outside the list's view is not laid out or painted
                (content-visibility), so the list costs the page, and each keystroke in the editor, only what it shows */}
            <ol className="max-h-[32rem] space-y-2 overflow-auto" aria-label={t.title}>
              {entries.map((e) => (
                <li key={`${e.part}:${e.id}`} className="space-y-1 rounded-md border border-slate-200 p-2 text-sm [contain-intrinsic-size:auto_7rem] [content-visibility:auto]" data-testid="figure-entry" data-support={e.support}>
                  <div className="flex flex-wrap items-center gap-2">
                    <button type="button" className="rounded font-semibold text-sky-800 underline underline-offset-2 hover:text-sky-950" aria-label={t.goTo(e.text, e.where)} onClick={() => onGoTo(e)}>
                      {e.text}
                    </button>
                    <Badge tone={TONES[e.support]}>{t.support[e.support]}</Badge>
                    {e.disagrees.length > 0 && <Badge tone="warning">{t.disagrees}</Badge>}
                    {e.waived && <Badge tone="neutral">{t.waived}</Badge>}
                    <span className="text-xs text-slate-600">{e.where}</span>
                  </div>
                  <p className="text-xs text-slate-700">{e.excerpt}</p>
                  {e.basis && (
                    <p className="flex items-start gap-1 text-xs text-slate-600">
                      {e.support === 'derived' && <Calculator className="mt-0.5 h-3 w-3 shrink-0" aria-hidden />}
                      {e.basis}
                    </p>
                  )}
                  {e.disagrees.map((id) => (detail.get(id) ? <p key={id} className="text-xs text-amber-900">{detail.get(id)!.detail}</p> : null))}
                  {e.support === 'unsupported' && !e.waived && !readOnly && (
                    <div className="space-y-2 border-t border-slate-100 pt-2">
                      {e.part.startsWith('section:') && <Suggestions reportId={reportId} entry={e} onCite={onCite} />}
                      {e.part.startsWith('section:') && <Fixes entry={e} onFix={onFix} />}
                      {canWaive && <WaiveForm reportId={reportId} figureId={e.id} what={`“${e.text}”`} />}
                    </div>
                  )}
                </li>
              ))}
            </ol>
            {last && last.omitted > 0 && <p className="text-xs text-slate-600">{t.omitted(last.omitted)}</p>}
            <div aria-live="polite" className="space-y-1">
              {more.isFetching && <p className="text-xs text-slate-600">{t.loadingMore}</p>}
              {more.isError && (
                <div className="flex items-center gap-2 text-xs text-red-800" role="alert">
                  <span>{t.moreFailed}</span>
                  <Button size="sm" variant="outline" onClick={() => void more.refetch()}>
                    {t.retry}
                  </Button>
                </div>
              )}
            </div>
            {canShowMore && (
              <Button size="sm" variant="outline" onClick={showMore} disabled={more.isFetching}>
                {t.showMore}
              </Button>
            )}
          </div>
        );
      }}
    </QueryPanel>
  );
}
