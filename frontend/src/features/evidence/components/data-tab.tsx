/**
 * The evidence view's Data tab: a workbook's (or CSV file's) tables, one at a time and a page of rows at a time
 * (the browser never loads a whole table: a 100,000-row CSV is read 50 rows a page), each cell as the sheet shows
 * it with its address; and the KPIs with their formulas. Choosing a KPI opens its table at the page of its cells
 * and highlights them.
 */
import { useMemo, useState } from 'react';
import { parseCell } from '@shared/domain/data-room/cells';
import { evidenceTexts } from '@shared/messages/evidence';
import type { DataRow, DataTableSummary, Kpi } from '@shared/schemas/data-room';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { type RowsAt, useTableRows } from '../api/get-table-rows';
import { useDataRoom } from '../api/list-data-tables';

const t = evidenceTexts.data;
/** Rows shown a page. */
const DATA_PAGE_ROWS = 50;

function Grid({ table, rows, marked }: { table: DataTableSummary; rows: readonly DataRow[]; marked: ReadonlySet<string> }) {
  return (
    <div className="max-h-[45vh] overflow-auto rounded-md border border-slate-200">
      <table className="min-w-full border-collapse text-sm" data-testid="data-table" aria-label={table.title}>
        <thead className="sticky top-0 bg-slate-100">
          <tr>
            <th scope="col" className="px-2 py-1 text-left font-medium text-slate-700">
              {t.label}
            </th>
            {table.columns.map((c) => (
              <th key={c.column} scope="col" className="px-2 py-1 text-right font-medium text-slate-700" title={`${c.letter}${c.unit ? ` · ${c.unit}` : ''}`}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.row} className={cn(r.kind === 'total' || r.kind === 'subtotal' ? 'border-t border-slate-400 font-semibold' : '', r.kind === 'section' ? 'bg-slate-50 font-semibold' : '')} data-kind={r.kind}>
              <th scope="row" className="whitespace-nowrap px-2 py-1 text-left font-normal" title={`Row ${r.row}`}>
                {r.path.length > 1 ? <span className="text-slate-500">{r.path.slice(0, -1).join(' › ')} › </span> : null}
                {r.label || '—'}
              </th>
              {r.cells.map((c) => {
                const on = marked.has(c.address);
                return (
                  <td
                    key={c.address}
                    className={cn('whitespace-nowrap px-2 py-1 text-right tabular-nums', on && 'bg-amber-200 ring-2 ring-inset ring-amber-500', c.type === 'e' && 'text-red-700', c.type === 'x' && 'italic text-slate-500')}
                    title={`${c.address}${c.format ? ` · ${c.format}` : ''}`}
                    data-address={c.address}
                    data-highlight={on ? 'true' : undefined}
                  >
                    {c.display}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function DataTab({ reportRef, id }: { reportRef: string; id: string }) {
  const room = useDataRoom(reportRef, id, true);
  const tables = room.data?.tables ?? [];
  const [tableId, setTableId] = useState<string | undefined>(undefined);
  const [at, setAt] = useState<RowsAt>({ offset: 0 });
  const [kpi, setKpi] = useState<Kpi | null>(null);
  const table = tables.find((x) => x.id === tableId) ?? tables[0];
  const page = useTableRows(reportRef, id, table?.id, at, DATA_PAGE_ROWS);
  const offset = page.data?.offset ?? ('offset' in at ? at.offset : 0);
  const marked = useMemo(() => new Set(kpi && kpi.table_id === table?.id ? kpi.cells : []), [kpi, table?.id]);
  if (!room.data) {
    return (
      <div className="space-y-2" aria-busy="true">
        <Skeleton className="h-8 w-1/2" />
        <Skeleton className="h-40" />
      </div>
    );
  }
  if (!table) return <p className="text-sm text-slate-600">{t.none}</p>;
  const total = page.data?.total ?? table.row_count;
  const choose = (k: Kpi) => {
    const target = tables.find((x) => x.id === k.table_id);
    if (!target) return;
    setKpi(k);
    setTableId(target.id);
    // the page that holds the KPI's first row
    setAt({ row: Math.min(...k.cells.map((c) => parseCell(c)?.row ?? 1)) });
  };

  return (
    <div className="space-y-4" data-testid="data-tab">
      <div className="flex flex-wrap items-end gap-3">
        <label className="min-w-64 flex-1 space-y-1 text-sm">
          <span className="font-medium text-slate-700">{t.table}</span>
          <Select
            value={table.id}
            options={tables.map((x) => ({ value: x.id, label: t.tableOption(x.title === x.sheet ? x.sheet : `${x.sheet}: ${x.title}`, x.range, x.sheet_hidden) }))}
            onChange={(e) => {
              setTableId(e.target.value);
              setAt({ offset: 0 });
            }}
          />
        </label>
        <div className="flex items-center gap-2 text-sm" aria-live="polite">
          <span>{t.rows(total ? offset + 1 : 0, Math.min(total, offset + DATA_PAGE_ROWS), total)}</span>
          <Button size="sm" variant="outline" disabled={offset === 0} onClick={() => setAt({ offset: Math.max(0, offset - DATA_PAGE_ROWS) })}>
            {t.previous}
          </Button>
          <Button size="sm" variant="outline" disabled={offset + DATA_PAGE_ROWS >= total} onClick={() => setAt({ offset: offset + DATA_PAGE_ROWS })}>
            {t.next}
          </Button>
        </div>
      </div>
      {kpi && kpi.table_id === table.id && (
        <p className="flex items-center gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm" role="status" data-testid="kpi-highlight">
          {t.highlighted(kpi.statement)}
          <Button size="sm" variant="ghost" onClick={() => setKpi(null)}>
            {t.clearHighlight}
          </Button>
        </p>
      )}
      {page.data && page.data.table.id === table.id ? <Grid table={table} rows={page.data.rows} marked={marked} /> : <p className="text-sm text-slate-600">{t.loading}</p>}
      {room.data.kpis.length > 0 && (
        <section>
          <h3 className="text-sm font-semibold">{t.kpis}</h3>
          <p className="text-xs text-slate-600">{t.kpisHelp}</p>
          <ul className="mt-1 max-h-48 space-y-1 overflow-y-auto text-sm" data-testid="kpi-list">
            {room.data.kpis.map((k) => (
              <li key={k.id} className="flex items-center justify-between gap-2">
                <span className="font-mono text-xs">{k.statement}</span>
                <Button size="sm" variant="link" onClick={() => choose(k)} aria-label={`${t.showCells}: ${k.statement}`}>
                  {t.showCells}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {room.data.notes.length > 0 && (
        <section>
          <h3 className="text-sm font-semibold">{t.notes}</h3>
          <ul className="mt-1 list-disc pl-5 text-xs text-slate-600">
            {room.data.notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
