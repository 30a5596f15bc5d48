import { cn } from '@/lib/cn';
import type { DiffPart } from '../lib/diff';

/** A word diff: removed words struck through in red, added ones in green (with text for screen readers). */
export function DiffView({ parts, label }: { parts: readonly DiffPart[]; label: string }) {
  return (
    <div className="max-h-[45vh] overflow-y-auto whitespace-pre-wrap rounded-md border border-slate-200 bg-white p-3 text-sm leading-relaxed" aria-label={label} data-testid="diff-view">
      {parts.map((p, i) =>
        p.kind === 'same' ? (
          <span key={i}>{p.text}</span>
        ) : (
          <span key={i} className={cn(p.kind === 'added' ? 'bg-emerald-100 text-emerald-900' : 'bg-red-100 text-red-900 line-through')}>
            <span className="sr-only">{p.kind === 'added' ? '[added: ' : '[removed: '}</span>
            {p.text}
            <span className="sr-only">]</span>
          </span>
        ),
      )}
    </div>
  );
}
