/**
 * The builder's choice of a range of a workbook's table: the report's workbooks and CSV files (the newest of each
 * name: a chart follows the newest version of its file), one of their tables, its rows and columns ticked by their
 * labels, a series per row or per column, and the chart type that fits the range. The rows are read a page at a
 * time (the first TABLE_ROWS of the table); the preview's data is resolved here with the server's own functions.
 * Native controls only: keyboard use as everywhere else.
 */
import { useId, useMemo } from 'react';
import { matchRange, rangeData, rangeRowOfPage, sameLabel, suggestChartType, type RangeRow } from '@shared/domain/data-room/table-range';
import { visualsTexts } from '@shared/messages/visuals';
import type { DataTableSummary } from '@shared/schemas/data-room';
import { DATA_RANGE_LIMITS, DATA_SERIES_IN, type DataSeriesIn, type DataTableBinding, type TableRangeData, type VisualType } from '@shared/schemas/visuals';
import { useDataRoom, useEvidenceList, useTableRows } from '@/features/evidence';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';

const t = visualsTexts;
const w = t.workbookRange;
/** Rows of a table offered at once (the rows route's page). */
const TABLE_ROWS = 200;
const FIRST_PAGE = { offset: 0 } as const;

export interface RangeChange {
  binding: DataTableBinding;
  table_data?: TableRangeData;
  type?: VisualType;
}

/** The binding of a range chosen in `table`: its rows and columns in the table's order. */
function bindingOf(base: DataTableBinding, table: DataTableSummary, rows: readonly RangeRow[], columns: readonly number[]): DataTableBinding {
  return {
    ...base,
    table_id: table.id,
    rows: [...rows].sort((a, b) => a.row - b.row).map((r) => ({ label: r.label, path: r.path, row: r.row })),
    columns: [...columns].sort((a, b) => a - b).map((i) => ({ label: table.columns[i]!.label, letter: table.columns[i]!.letter })),
  };
}

/** The data a range gives in the rows read, when every label is among them. */
function dataOf(binding: DataTableBinding, table: DataTableSummary, rows: readonly RangeRow[]): TableRangeData | undefined {
  if (!binding.rows.length || !binding.columns.length) return undefined;
  const match = matchRange(binding, table, rows);
  return match.missing.length ? undefined : { ...rangeData(binding, table, match, { evidence_id: binding.evidence_id, file_name: binding.file_name }), moves: [] };
}

function Checks({ legend, help, items, onChange }: { legend: string; help: string; items: { key: string; label: string; checked: boolean }[]; onChange: (keys: string[]) => void }) {
  const chosen = items.filter((i) => i.checked).map((i) => i.key);
  return (
    <fieldset className="space-y-1">
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <div className="flex items-center justify-between gap-2">
        <p className="text-xs text-slate-600">{help}</p>
        <div className="flex gap-1">
          <Button type="button" size="sm" variant="ghost" onClick={() => onChange(items.map((i) => i.key))} aria-label={`${w.selectAll}: ${legend}`}>
            {w.selectAll}
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={() => onChange([])} aria-label={`${w.selectNone}: ${legend}`}>
            {w.selectNone}
          </Button>
        </div>
      </div>
      <div className="max-h-40 space-y-1 overflow-y-auto rounded-md border border-slate-200 p-2">
        {items.map((i) => (
          <label key={i.key} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="h-4 w-4"
              checked={i.checked}
              onChange={(e) => onChange(e.target.checked ? [...chosen, i.key] : chosen.filter((k) => k !== i.key))}
            />
            {i.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Problem({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div role="alert" className="space-y-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      <p>{text}</p>
      <Button type="button" size="sm" variant="outline" onClick={onRetry}>
        {w.retry}
      </Button>
    </div>
  );
}

export function WorkbookRangeFields({ reportId, binding, type, onChange }: { reportId: string; binding: DataTableBinding; type: VisualType; onChange: (change: RangeChange) => void }) {
  const id = useId();
  const evidence = useEvidenceList(reportId, '');
  // the newest item of each file name that holds tables (oldest name first)
  const workbooks = useMemo(() => {
    const files = (evidence.data?.items ?? []).filter((e) => e.type === 'file' && (e.data?.tables ?? 0) > 0);
    const newest = new Map<string, (typeof files)[number]>();
    for (const f of files) {
      const key = f.title.toLowerCase();
      const seen = newest.get(key);
      if (!seen || f.created_at >= seen.created_at) newest.set(key, f);
    }
    return [...newest.values()];
  }, [evidence.data]);
  const chosen = workbooks.find((f) => binding.file_name && sameLabel(f.title, binding.file_name)) ?? workbooks.find((f) => f.id === binding.evidence_id);
  const room = useDataRoom(reportId, chosen?.id ?? null, Boolean(chosen));
  const table = room.data?.tables.find((tb) => tb.id === binding.table_id);
  const page = useTableRows(reportId, chosen?.id ?? '', table?.id, FIRST_PAGE, TABLE_ROWS);
  const rows = useMemo(() => (page.data && page.data.table.id === table?.id ? page.data.rows.filter((r) => r.kind !== 'section').map(rangeRowOfPage) : []), [page.data, table?.id]);
  const match = useMemo(() => (table ? matchRange(binding, table, rows) : undefined), [binding, table, rows]);

  const base = (file: { id: string; title: string }): DataTableBinding => ({ ...binding, evidence_id: file.id, file_name: file.title });
  const change = (next: DataTableBinding, nextType?: VisualType) => {
    const data = table ? dataOf(next, table, rows) : undefined;
    onChange({ binding: next, ...(data ? { table_data: data } : {}), ...(nextType ? { type: nextType } : {}) });
  };

  if (evidence.isPending) return <p role="status" className="text-sm text-slate-600">{w.loading}</p>;
  if (evidence.isError) return <Problem text={w.failed} onRetry={() => void evidence.refetch()} />;
  if (!workbooks.length) return <p className="text-sm text-slate-600" data-testid="no-workbooks">{w.noWorkbooks}</p>;

  const chosenRows = new Set(match?.rows.filter((r): r is RangeRow => r !== undefined).map((r) => r.row));
  const chosenColumns = new Set(match?.columns.filter((c): c is number => c !== undefined));
  const pickedRows = rows.filter((r) => chosenRows.has(r.row));
  const pickedColumns = [...chosenColumns].sort((a, b) => a - b);
  const suggestion =
    table && pickedRows.length && pickedColumns.length
      ? suggestChartType({ rows: pickedRows.map((r) => r.label), columns: pickedColumns.map((i) => table.columns[i]!), values: pickedRows.map((r) => pickedColumns.map((i) => r.values[i] ?? null)) })
      : undefined;
  const tooMany = pickedRows.length > DATA_RANGE_LIMITS.rows || pickedColumns.length > DATA_RANGE_LIMITS.columns;

  return (
    <div className="space-y-3" data-testid="workbook-range">
      <div className="space-y-1">
        <Label htmlFor={`${id}-workbook`}>{w.workbook}</Label>
        <Select
          id={`${id}-workbook`}
          value={chosen?.id ?? ''}
          options={[...(chosen ? [] : [{ value: '', label: '—' }]), ...workbooks.map((f) => ({ value: f.id, label: f.title }))]}
          onChange={(e) => {
            const file = workbooks.find((f) => f.id === e.target.value);
            if (file) onChange({ binding: { ...base(file), table_id: '', rows: [], columns: [] } });
          }}
        />
      </div>
      {chosen && room.isPending && <p role="status" className="text-sm text-slate-600">{w.loading}</p>}
      {chosen && room.isError && <Problem text={w.failed} onRetry={() => void room.refetch()} />}
      {room.data && !room.data.tables.length && <p className="text-sm text-slate-600">{w.noTables}</p>}
      {chosen && room.data && room.data.tables.length > 0 && (
        <div className="space-y-1">
          <Label htmlFor={`${id}-table`}>{w.table}</Label>
          <Select
            id={`${id}-table`}
            value={table?.id ?? ''}
            options={[...(table ? [] : [{ value: '', label: '—' }]), ...room.data.tables.map((tb) => ({ value: tb.id, label: w.tableOption(tb.title, tb.range) }))]}
            onChange={(e) => onChange({ binding: { ...base(chosen), table_id: e.target.value, rows: [], columns: [] } })}
          />
        </div>
      )}
      {table && page.isPending && <p role="status" className="text-sm text-slate-600">{w.loadingRows}</p>}
      {table && page.isError && <Problem text={w.failed} onRetry={() => void page.refetch()} />}
      {table && chosen && rows.length > 0 && (
        <>
          <div className="space-y-1">
            <Label htmlFor={`${id}-series`}>{w.series}</Label>
            <Select
              id={`${id}-series`}
              value={binding.series}
              options={DATA_SERIES_IN.map((s) => ({ value: s, label: w.seriesIn[s] }))}
              onChange={(e) => change({ ...binding, series: e.target.value as DataSeriesIn })}
            />
          </div>
          <Checks
            legend={w.rows}
            help={w.rowsHelp}
            items={rows.map((r) => ({ key: String(r.row), label: w.rowOption(r.path.join(' › ') || r.label, r.row), checked: chosenRows.has(r.row) }))}
            onChange={(keys) => change(bindingOf(base(chosen), table, rows.filter((r) => keys.includes(String(r.row))), pickedColumns))}
          />
          {page.data && page.data.total > rows.length + page.data.rows.filter((r) => r.kind === 'section').length && (
            <p className="text-xs text-slate-600">{w.moreRows(page.data.rows.length, page.data.total)}</p>
          )}
          <Checks
            legend={w.columns}
            help={w.columnsHelp}
            items={table.columns.map((c, i) => ({ key: String(i), label: w.columnOption(c.label, c.letter), checked: chosenColumns.has(i) }))}
            onChange={(keys) => change(bindingOf(base(chosen), table, pickedRows, keys.map(Number)))}
          />
          {tooMany && (
            <p role="alert" className="text-sm text-red-700">
              {w.tooMany(DATA_RANGE_LIMITS.rows, DATA_RANGE_LIMITS.columns)}
            </p>
          )}
          {suggestion && (suggestion.type !== type || suggestion.series !== binding.series) && (
            <div className="flex flex-wrap items-center gap-2 rounded-md bg-sky-50 p-2 text-sm text-sky-900" data-testid="chart-suggestion">
              <span>{w.suggested(t.types[suggestion.type], w.why[suggestion.why])}</span>
              <Button type="button" size="sm" variant="outline" onClick={() => change({ ...binding, series: suggestion.series }, suggestion.type)}>
                {w.useSuggested(t.types[suggestion.type])}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
