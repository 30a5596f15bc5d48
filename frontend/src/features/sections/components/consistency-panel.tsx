/**
 * The consistency check, as a panel: live over the wizard's current (unsaved) step data, plus the broken
 * citations the server marked. Each warning names its items and links to them; nothing here blocks.
 */
import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import { reportTexts } from '@shared/messages/sections';
import type { ConsistencyIssue, ConsistencyItem } from '@shared/schemas/report-document';

const t = reportTexts.consistency;

export function ConsistencyPanel({ issues, onFix, title = t.title }: { issues: readonly ConsistencyIssue[]; onFix: (item: ConsistencyItem) => void; title?: string }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-slate-50 p-4" aria-labelledby="consistency-title" data-testid="consistency-panel">
      <h3 id="consistency-title" className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        {title}
      </h3>
      {issues.length === 0 ? (
        <p className="mt-2 flex items-center gap-2 text-sm text-emerald-800">
          <CheckCircle2 className="h-4 w-4" aria-hidden /> {t.allClear}
        </p>
      ) : (
        <>
          <p className="mt-1 text-xs text-slate-600">{t.warningsOnly}</p>
          <ul className="mt-2 space-y-2">
            {issues.map((issue) => (
              <li key={issue.rule} className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950" data-rule={issue.rule} data-testid="consistency-issue">
                <p className="flex items-start gap-2">
                  <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" aria-hidden />
                  <span>{issue.message}</span>
                </p>
                <ul className="mt-1 flex flex-wrap gap-2 pl-6">
                  {issue.items.map((item) => (
                    <li key={`${item.kind}-${item.id}`}>
                      <button type="button" className="text-xs font-medium text-sky-800 underline underline-offset-2 hover:text-sky-950" onClick={() => onFix(item)}>
                        {t.fix}: {item.label}
                      </button>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
