/**
 * The pre-read's score and list: each rule met or not, and the items to fix, the most valuable first. An item
 * goes to the sentence it names (the caller says how: the editor selects it, the Finalize step opens the editor
 * there).
 */
import { CheckCircle2, CircleAlert } from 'lucide-react';
import { useId } from 'react';
import type { PreReadResult, StoryLine } from '@shared/domain/pre-read/pre-read';
import { preReadTexts as t } from '@shared/messages/ledger';
import { cn } from '@/lib/cn';

/** Items listed at most (the most valuable first); a long report's rest is counted. */
const SHOWN = 50;

export function PreReadPanel({ result, whereOf, onGoTo, className }: { result: PreReadResult; whereOf: (section: string) => string; onGoTo: (at: Pick<StoryLine, 'section' | 'start' | 'end'>) => void; className?: string }) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className={cn('space-y-3 rounded-xl border border-slate-200 bg-white p-4', className)} data-testid="pre-read-panel">
      <h2 id={`${id}-title`} className="text-base font-semibold">
        {t.title}
      </h2>
      <p className="text-sm text-slate-600">{t.intro}</p>
      <p className="text-sm font-semibold text-slate-900" data-testid="pre-read-score">
        {t.score(result.score, result.met, result.total)}
      </p>
      <ul className="grid grid-cols-1 gap-1 text-sm sm:grid-cols-2" aria-label={t.title}>
        {result.rules.map((r) => (
          <li key={r.rule} className="flex items-center gap-2" data-rule={r.rule} data-met={r.met}>
            {r.met ? <CheckCircle2 className="h-4 w-4 text-emerald-700" aria-hidden /> : <CircleAlert className="h-4 w-4 text-amber-700" aria-hidden />}
            <span>{t.rules[r.rule]}</span>
            <span className="text-xs text-slate-600">{r.met ? t.met : t.notMet(r.items)}</span>
          </li>
        ))}
      </ul>
      {result.storyline.length > 0 && (
        <details className="rounded-md border border-slate-200 p-2 text-sm" data-testid="pre-read-storyline">
          <summary className="cursor-pointer font-medium text-slate-800">{t.storyline(result.storyline.length)}</summary>
          <p className="mt-1 text-xs text-slate-600">{t.storylineIntro}</p>
          <ol className="mt-2 max-h-[20rem] list-decimal space-y-1 overflow-auto pl-5">
            {result.storyline.map((line, i) => (
              <li key={`${line.section}-${line.start}-${i}`}>
                <button type="button" className="text-left text-sky-800 underline underline-offset-2 hover:text-sky-950" aria-label={`${line.text} ${t.goTo(whereOf(line.section))}`} onClick={() => onGoTo(line)}>
                  {line.text}
                </button>
              </li>
            ))}
          </ol>
        </details>
      )}
      {result.items.length === 0 ? (
        <p className="text-sm text-emerald-800">{t.nothing}</p>
      ) : (
        <div className="space-y-1">
          <h3 className="text-sm font-medium text-slate-800">{t.fixList}</h3>
          <ol className="max-h-[28rem] space-y-2 overflow-auto">
            {result.items.slice(0, SHOWN).map((item, i) => (
              <li key={`${item.rule}-${item.section}-${item.start}-${i}`} className="space-y-1 rounded-md border border-slate-200 p-2 text-sm" data-testid="pre-read-item" data-rule={item.rule}>
                <div className="flex items-start justify-between gap-2">
                  <button type="button" className="text-left font-medium text-sky-800 underline underline-offset-2 hover:text-sky-950" aria-label={`${item.problem} ${t.goTo(whereOf(item.section))}`} onClick={() => onGoTo(item)}>
                    {item.problem}
                  </button>
                  <span className="shrink-0 text-xs text-slate-600">{t.gain(item.gain)}</span>
                </div>
                <p className="text-xs text-slate-700">
                  {t.rules[item.rule]}: {item.fix}
                </p>
              </li>
            ))}
          </ol>
          {result.items.length > SHOWN && <p className="text-xs text-slate-600">{t.more(result.items.length - SHOWN)}</p>}
        </div>
      )}
    </section>
  );
}
