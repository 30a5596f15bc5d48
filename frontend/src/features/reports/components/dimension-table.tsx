import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A cell of a dimension's row: what it shows, and any class of its own (a change's colour). */
interface Cell {
  value: ReactNode;
  className?: string;
}

/**
 * Scores by dimension as a table: a column heading per `columns` (the first is the dimension's), then a row per
 * dimension, headed by its name. `compact` for a panel beside a step, roomy on a page of its own.
 */
export function DimensionTable({ label, columns, rows, rowTestId, compact }: { label: string; columns: string[]; rows: { dimension: string; cells: Cell[] }[]; rowTestId: string; compact?: boolean }) {
  const pad = (last: boolean) => cn(compact ? 'py-1' : 'py-2', !last && (compact ? 'pr-3' : 'pr-4'));
  return (
    <table className="w-full text-left text-sm" aria-label={label}>
      <thead className="text-slate-600">
        <tr>
          {columns.map((column, i) => (
            <th key={i} scope="col" className={cn(pad(i === columns.length - 1), 'font-medium')}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.dimension} className="border-t border-slate-200" data-testid={rowTestId}>
            <th scope="row" className={cn(pad(false), 'font-medium text-slate-900')}>
              {row.dimension}
            </th>
            {row.cells.map((cell, i) => (
              <td key={i} className={cn(pad(i === row.cells.length - 1), cell.className)}>
                {cell.value}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
