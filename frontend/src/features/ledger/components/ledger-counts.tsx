/** The ledger's counts in words: "N figures: X unsupported, Y disagreeing", what supports the rest, and what blocks Final. */
import { ledgerTexts as t } from '@shared/messages/ledger';
import type { LedgerResponse } from '@shared/schemas/ledger';
import { cn } from '@/lib/cn';

export function LedgerCounts({ counts, className }: { counts: LedgerResponse['counts']; className?: string }) {
  const clear = counts.blocking === 0;
  return (
    <div className={cn('rounded-md border p-2 text-sm', clear ? 'border-emerald-200 bg-emerald-50 text-emerald-900' : 'border-amber-300 bg-amber-50 text-amber-950', className)} data-testid="ledger-counts">
      <p className="font-medium" data-testid="ledger-counts-line">
        {t.counts(counts.figures, counts.unsupported, counts.disagreements)}
      </p>
      <p className="text-xs">{t.supportCounts(counts.cited, counts.derived, counts.data)}</p>
      <p className="text-xs">{clear ? t.allSupported : t.blocking(counts.blocking)}</p>
    </div>
  );
}
