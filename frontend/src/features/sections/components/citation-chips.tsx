import { X } from 'lucide-react';
import { reportTexts } from '@shared/messages/sections';
import type { Citation } from '@shared/schemas/report-document';
import { cn } from '@/lib/cn';
import { useCitationReader } from './citation-reader';

const t = reportTexts.citations;

/** Numbered citation chips: each opens its passage; broken ones say so. Optionally removable. */
export function CitationChips({ citations, onRemove }: { citations: readonly Citation[]; onRemove?: (id: string) => void }) {
  const reader = useCitationReader();
  if (!citations.length) return null;
  return (
    <ul className="flex flex-wrap items-center gap-1.5" aria-label={t.cite}>
      {citations.map((c, i) => {
        const title = c.source_title ?? 'evidence';
        return (
          <li key={`${c.id}-${i}`} className="inline-flex items-center">
            <button
              type="button"
              onClick={() => reader.open(c)}
              aria-label={t.open(i + 1, title)}
              title={c.broken ? t.broken : `“${c.quote}” — ${title}`}
              data-testid="citation-chip"
              data-broken={c.broken ? 'true' : undefined}
              className={cn(
                'rounded-md border px-1.5 py-0.5 text-xs font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600',
                c.broken ? 'border-red-300 bg-red-50 text-red-800 line-through' : 'border-sky-300 bg-sky-50 text-sky-800 hover:bg-sky-100',
              )}
            >
              [{i + 1}]
            </button>
            {onRemove && (
              <button type="button" className="ml-0.5 rounded p-0.5 text-slate-500 hover:bg-slate-100" aria-label={`${reportTexts.remove} [${i + 1}]`} onClick={() => onRemove(c.id)}>
                <X className="h-3 w-3" aria-hidden />
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
