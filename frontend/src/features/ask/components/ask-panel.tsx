/**
 * "Ask the evidence": a question, and an answer whose every sentence quotes the evidence with its source; or
 * "the evidence does not answer this", and nothing guessed. The question asks the report's evidence or the
 * client's whole library (a choice of two radios). The answer can be added to a section with its citations (the
 * caller says where), and the placement is recorded in provenance once the answer is there. A client-scope
 * answer that cites items the report does not use says so, and adding it takes them into the report first, so the
 * section's citations hold when it is saved.
 */
import { MessageCircleQuestion, Plus } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { ask as t } from '@shared/messages/ask';
import { ASK_SCOPES, MAX_QUESTION_CHARS, type AskResponse, type AskScope } from '@shared/schemas/ask';
import type { Citation } from '@shared/schemas/report-document';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { useAskEvidence } from '../api/ask-evidence';
import { recordPlacement, takeCitedItems } from '../api/record-placement';

export interface AskPanelProps {
  reportId: string;
  /** where an answer is added: a section key or wizard step, and its name */
  target: { key: string; title: string };
  /** adds the answer to the target (its markdown, with citations); the panel records the placement after */
  onAdd: (answer: AskResponse) => Promise<void> | void;
  /** controls beside the add button (a section picker) */
  targetPicker?: ReactNode;
  /** items of the client's library were taken into the report (reload what lists the report's evidence) */
  onTaken?: () => Promise<void> | void;
  /** the scope asked first (the client library's view asks the library) */
  defaultScope?: AskScope;
  className?: string;
}

const SCOPE_WORDS: Record<AskScope, string> = { report: t.scopeReport, client: t.scopeClient };

export function AskPanel({ reportId, target, onAdd, targetPicker, onTaken, defaultScope = 'report', className }: AskPanelProps) {
  const id = useId();
  const [question, setQuestion] = useState('');
  const [scope, setScope] = useState<AskScope>(defaultScope);
  const [adding, setAdding] = useState(false);
  const ask = useAskEvidence(reportId);
  const answer = ask.data;
  const tooLong = question.length > MAX_QUESTION_CHARS;
  const cited = new Map<string, Citation>((answer?.citations ?? []).map((c) => [c.id, c]));

  async function add(a: AskResponse) {
    setAdding(true);
    try {
      if (a.not_in_report.length) {
        // the cited items go into the report first, so the section's citations hold when it is saved; the
        // placement is recorded only once the answer is in the section
        const { taken } = await takeCitedItems(reportId, a.provenance_id, target.key);
        if (taken.length) await onTaken?.();
        await onAdd(a);
        await recordPlacement(reportId, a.provenance_id, target.key, taken);
        toast.success(t.added(target.title), taken.length ? { description: t.taken(taken.length) } : undefined);
      } else {
        await onAdd(a);
        await recordPlacement(reportId, a.provenance_id, target.key);
        toast.success(t.added(target.title));
      }
    } catch (error) {
      toast.error(t.failed, { description: error instanceof ApiError ? error.detail : undefined });
    } finally {
      setAdding(false);
    }
  }

  return (
    <section className={className ?? 'space-y-3 rounded-xl border border-slate-200 bg-white p-4'} aria-labelledby={`${id}-title`} data-testid="ask-panel">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <MessageCircleQuestion className="h-4 w-4" aria-hidden /> {t.title}
      </h2>
      <p className="text-sm text-slate-600">{t.intro}</p>
      <form
        className="space-y-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (question.trim().length >= 3 && !tooLong) ask.mutate({ question: question.trim(), scope });
        }}
      >
        <fieldset className="space-y-1" aria-describedby={scope === 'client' ? `${id}-scope-hint` : undefined}>
          <legend className="text-sm font-medium text-slate-800">{t.scopeLabel}</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {ASK_SCOPES.map((s) => (
              <label key={s} className="flex items-center gap-2 text-sm text-slate-800">
                <input type="radio" name={`${id}-scope`} value={s} checked={scope === s} onChange={() => setScope(s)} className="h-4 w-4 accent-slate-900" />
                {SCOPE_WORDS[s]}
              </label>
            ))}
          </div>
          {scope === 'client' && (
            <p id={`${id}-scope-hint`} className="text-xs text-slate-600">
              {t.scopeClientHint}
            </p>
          )}
        </fieldset>
        <label htmlFor={`${id}-q`} className="text-sm font-medium text-slate-800">
          {t.label}
        </label>
        <Textarea
          id={`${id}-q`}
          className="min-h-16"
          value={question}
          placeholder={t.placeholder}
          aria-invalid={tooLong || undefined}
          aria-describedby={tooLong ? `${id}-err` : undefined}
          onChange={(e) => setQuestion(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              e.currentTarget.form?.requestSubmit();
            }
          }}
        />
        {tooLong && (
          <p id={`${id}-err`} className="text-sm text-red-700">
            {t.tooLong(MAX_QUESTION_CHARS)}
          </p>
        )}
        <Button type="submit" size="sm" disabled={ask.isPending || question.trim().length < 3 || tooLong} aria-busy={ask.isPending}>
          {ask.isPending ? t.asking : t.submit}
        </Button>
      </form>

      <div aria-live="polite">
        {ask.isError && (
          <p className="rounded-md border border-red-200 bg-red-50 p-2 text-sm text-red-800" role="alert">
            {t.failed} {ask.error instanceof ApiError ? ask.error.detail : ''}
          </p>
        )}
        {answer && !answer.answered && (
          <div className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm" data-testid="ask-not-in-evidence">
            <p className="font-medium text-slate-900">{t.notInEvidence}</p>
            <p className="text-slate-600">{t.notInEvidenceHint}</p>
          </div>
        )}
        {answer?.answered && (
          <div className="space-y-2" data-testid="ask-answer">
            <ol className="space-y-2">
              {answer.sentences.map((s, i) => {
                const c = cited.get(s.citation_id);
                return (
                  <li key={`${s.citation_id}-${i}`} className="rounded-md border border-slate-200 p-2 text-sm" data-testid="ask-sentence">
                    <p className="text-slate-900">{s.text}</p>
                    {c && <p className="mt-1 text-xs text-slate-600">— {c.source_title}</p>}
                  </li>
                );
              })}
            </ol>
            <p className="text-xs text-slate-600">
              {t.sources(new Set(answer.citations.map((c) => c.evidence_id)).size)}. {t.provider(answer.provider)}.
            </p>
            {answer.dropped > 0 && <p className="text-xs text-amber-800">{t.dropped(answer.dropped)}</p>}
            {answer.not_in_report.length > 0 && (
              <p className="rounded-md border border-sky-200 bg-sky-50 p-2 text-xs text-sky-900" data-testid="ask-takes">
                {t.takesItems(answer.not_in_report.length)}
              </p>
            )}
            <div className="flex flex-wrap items-end gap-2">
              {targetPicker}
              <Button type="button" size="sm" variant="outline" disabled={adding} aria-busy={adding} onClick={() => void add(answer)}>
                <Plus className="h-4 w-4" aria-hidden /> {target.key === 'findings' ? t.addToFindings : t.addTo}
              </Button>
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
