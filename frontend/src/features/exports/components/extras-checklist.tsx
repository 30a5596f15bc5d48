import { figureSourcesTexts } from '@shared/messages/ledger';
import { libraryUi } from '@shared/messages/library-ui';
import { reassess } from '@shared/messages/reassess';
import type { ExportExtra } from '@shared/schemas/exports';

const t = libraryUi.exportExtras;

/**
 * The export's optional sections: the comparison with the baseline, offered for a re-assessment, and
 * the sector benchmark, offered once it is shown (at least 5 Final peers), and the sources of the report's figures
 * (when offered). Nothing is rendered when none is.
 */
export function ExtrasChecklist({
  comparison,
  benchmarkPeers,
  figures = false,
  ticked,
  onToggle,
}: {
  /** the report has a baseline */
  comparison: boolean;
  /** the peers counted when the benchmark is available, else null */
  benchmarkPeers: number | null;
  /** the figures' sources appendix is offered */
  figures?: boolean;
  ticked: ReadonlySet<ExportExtra>;
  onToggle: (extra: ExportExtra, on: boolean) => void;
}) {
  const rows: { extra: ExportExtra; label: string; hint: string }[] = [];
  if (comparison) rows.push({ extra: 'comparison', label: reassess.exports.includeComparison, hint: t.comparisonHint });
  if (benchmarkPeers !== null) rows.push({ extra: 'benchmark', label: reassess.exports.includeBenchmark, hint: t.benchmarkHint(benchmarkPeers) });
  if (figures) rows.push({ extra: 'figures', label: figureSourcesTexts.include, hint: figureSourcesTexts.hint });
  if (!rows.length) return null;
  return (
    <fieldset className="space-y-3 rounded-xl border border-slate-200 bg-white p-5" data-testid="export-extras">
      <legend className="px-1 text-lg font-semibold">{t.legend}</legend>
      <p className="text-sm text-slate-600">{t.help}</p>
      <ul className="divide-y divide-slate-100">
        {rows.map(({ extra, label, hint }) => {
          const id = `export-extra-${extra}`;
          return (
            <li key={extra} className="py-2">
              <div className="flex items-start gap-3 text-sm">
                <input
                  id={id}
                  type="checkbox"
                  className="mt-0.5 h-4 w-4 rounded border-slate-300 accent-slate-900"
                  checked={ticked.has(extra)}
                  aria-describedby={`${id}-hint`}
                  onChange={(e) => onToggle(extra, e.target.checked)}
                />
                <div>
                  <label htmlFor={id} className="font-medium text-slate-900">
                    {label}
                  </label>
                  <p id={`${id}-hint`} className="text-xs text-slate-600">
                    {hint}
                  </p>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
