/** Two versions of the steps in conflict side by side, with the word changes between them (the diff view the editor uses). */
import { wizardTexts } from '@shared/messages/wizard';
import { DiffView, wordDiff } from '@/features/sections';
import type { ConflictStep } from '../lib/progress-sync';
import { stepText } from '../lib/step-text';

const t = wizardTexts.conflict;

export default function ConflictCompare({ steps }: { steps: readonly ConflictStep[] }) {
  return (
    <div className="max-h-[55vh] space-y-6 overflow-y-auto" data-testid="conflict-compare">
      {steps.map((c) => {
        const theirs = stepText(c.theirs);
        const mine = stepText(c.mine);
        return (
          <section key={c.step} className="space-y-2" aria-label={t.compareStep(c.title)}>
            <h3 className="text-sm font-semibold">{t.compareStep(c.title)}</h3>
            <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
              <figure className="space-y-1">
                <figcaption className="text-xs font-medium text-slate-600">{c.self ? t.theirsYou : t.theirs(c.who || '—')}</figcaption>
                <pre className="max-h-60 overflow-auto whitespace-pre-wrap rounded-md border border-slate-200 bg-slate-50 p-2 text-xs" data-testid="conflict-theirs">
                  {theirs}
                </pre>
              </figure>
              <figure className="space-y-1">
                <figcaption className="text-xs font-medium text-slate-600">{t.mine}</figcaption>
                <pre className="max-h-60 overflow-auto whitespace-pre-wrap rounded-md border border-slate-200 bg-slate-50 p-2 text-xs" data-testid="conflict-mine">
                  {mine}
                </pre>
              </figure>
            </div>
            <DiffView parts={wordDiff(theirs, mine)} label={t.compareStep(c.title)} />
          </section>
        );
      })}
    </div>
  );
}
