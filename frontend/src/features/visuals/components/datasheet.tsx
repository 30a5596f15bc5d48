/**
 * The datasheet, think-cell style: a plain `<table>` of inputs holding the chart's numbers (the first row the
 * headings, the first column the labels). Type, or paste cells copied from a spreadsheet onto the cell to start
 * from; add and remove rows and columns; undo (Ctrl+Z, or the button) and redo (Ctrl+Y, Ctrl+Shift+Z).
 * Arrow keys, Tab and Enter move between cells. A cell that must hold a number and does not is marked, named
 * under the grid and tied to its input (aria-invalid, aria-describedby). The limits of the schema hold here:
 * adding stops at them and says why, a paste keeps what fits and says what did not.
 *
 * A chart bound to report data shows its values read-only (`LinkedDatasheet`) with "Unlink to edit".
 */
import { Columns3, Redo2, Rows3, Trash2, Undo2, Unlink } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type ClipboardEvent, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { cellKind, cellProblems } from '@shared/domain/report/cells';
import { addColumn, addRow, canAddColumn, canAddRow, HEADING_ROW, normalizeSheet, pasteAt, removeColumn, removeRow, setCell, type Sheet } from '@shared/domain/report/datasheet';
import { visualsTexts } from '@shared/messages/visuals';
import { TABLE_LIMITS, type VisualType } from '@shared/schemas/visuals';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

const t = visualsTexts.datasheet;
/** Steps kept for undo. */
const HISTORY = 100;

interface History {
  past: Sheet[];
  future: Sheet[];
  /** the cell the last change typed into: typing on in it is one step, as a spreadsheet undoes a whole entry */
  typing: string | null;
}

type Cell = { row: number; column: number };

export function Datasheet({ type, title, sheet: given, onChange }: { type: VisualType; title: string; sheet: Sheet; onChange: (sheet: Sheet) => void }) {
  const id = useId();
  const sheet = useMemo(() => normalizeSheet(given), [given]);
  const grid = useRef<HTMLTableElement>(null);
  const [history, setHistory] = useState<History>({ past: [], future: [], typing: null });
  const [active, setActive] = useState<Cell>({ row: 0, column: 0 });
  const [notice, setNotice] = useState('');
  const [focusNext, setFocusNext] = useState<Cell | null>(null);

  const problems = useMemo(() => cellProblems(type, sheet), [type, sheet]);
  const problemAt = useMemo(() => new Map(problems.map((p) => [`${p.row}:${p.column}`, p])), [problems]);
  const width = sheet.columns.length;
  const lastRow = sheet.rows.length - 1;
  const heading = (c: number) => sheet.columns[c]?.trim() || t.column(c + 1);

  useEffect(() => {
    if (!focusNext) return;
    const el = grid.current?.querySelector<HTMLInputElement>(`input[data-row="${focusNext.row}"][data-column="${focusNext.column}"]`);
    el?.focus();
    el?.select();
    setFocusNext(null);
  }, [focusNext]);

  const commit = (next: Sheet, typing: string | null = null) => {
    setHistory((h) => ({ past: typing !== null && typing === h.typing ? h.past : [...h.past, sheet].slice(-HISTORY), future: [], typing }));
    onChange(next);
  };
  const undo = () => {
    const previous = history.past[history.past.length - 1];
    if (!previous) return;
    setHistory({ past: history.past.slice(0, -1), future: [sheet, ...history.future], typing: null });
    onChange(previous);
    setNotice(t.undone);
  };
  const redo = () => {
    const next = history.future[0];
    if (!next) return;
    setHistory({ past: [...history.past, sheet], future: history.future.slice(1), typing: null });
    onChange(next);
    setNotice(t.redone);
  };

  const move = (row: number, column: number) => {
    if (row < HEADING_ROW || row > lastRow || column < 0 || column >= width) return false;
    setFocusNext({ row, column });
    return true;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>, row: number, column: number) => {
    const mod = (e.ctrlKey || e.metaKey) && !e.altKey;
    const key = e.key.toLowerCase();
    if (mod && key === 'z') {
      e.preventDefault();
      if (e.shiftKey) redo();
      else undo();
      return;
    }
    if (mod && key === 'y') {
      e.preventDefault();
      redo();
      return;
    }
    const input = e.currentTarget;
    const length = input.value.length;
    const start = input.selectionStart ?? 0;
    const end = input.selectionEnd ?? 0;
    const all = start === 0 && end === length;
    switch (e.key) {
      case 'ArrowUp':
        if (move(row - 1, column)) e.preventDefault();
        break;
      case 'ArrowDown':
        if (move(row + 1, column)) e.preventDefault();
        break;
      case 'ArrowLeft':
        if ((all || (start === 0 && end === 0)) && move(row, column - 1)) e.preventDefault();
        break;
      case 'ArrowRight':
        if ((all || (start === length && end === length)) && move(row, column + 1)) e.preventDefault();
        break;
      case 'Enter':
        // never submits the builder's form: Enter moves down (Shift+Enter up), as in a spreadsheet
        e.preventDefault();
        move(e.shiftKey ? row - 1 : row + 1, column);
        break;
      case 'Tab': {
        const forward = !e.shiftKey;
        const next = forward ? (column + 1 < width ? { row, column: column + 1 } : { row: row + 1, column: 0 }) : column > 0 ? { row, column: column - 1 } : { row: row - 1, column: width - 1 };
        // off the first or last cell, Tab leaves the grid
        if (move(next.row, next.column)) e.preventDefault();
        break;
      }
    }
  };

  const onPaste = (e: ClipboardEvent<HTMLInputElement>, row: number, column: number) => {
    const text = e.clipboardData.getData('text/plain');
    // one cell: the input pastes it where the caret is
    if (!/[\t\r\n]/.test(text.replace(/[\r\n]+$/, ''))) return;
    e.preventDefault();
    const result = pasteAt(sheet, row, column, text);
    commit(result.sheet);
    setNotice(result.cut ? t.pasteCut(result.cut, { rows: result.rows, columns: result.columns }, TABLE_LIMITS) : t.pasted(result.rows, result.columns));
  };

  const rowTarget = Math.max(0, Math.min(active.row, lastRow));
  const columnTarget = Math.max(1, Math.min(active.column, width - 1));
  const rowsOk = canAddRow(sheet);
  const columnsOk = canAddColumn(sheet);
  const help = type === 'waterfall' ? t.waterfallHelp : type === 'gantt' ? t.ganttHelp : '';

  const input = (row: number, column: number, value: string) => {
    const problem = row === HEADING_ROW ? undefined : problemAt.get(`${row}:${column}`);
    const numeric = row !== HEADING_ROW && cellKind(type, column) !== 'label' && cellKind(type, column) !== 'text';
    const label = row === HEADING_ROW ? t.heading(column + 1) : column === 0 ? t.rowLabel(row + 1) : t.cell(row + 1, heading(column));
    return (
      <input
        type="text"
        value={value}
        maxLength={TABLE_LIMITS.cellChars}
        aria-label={label}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem-${row}-${column}` : undefined}
        data-row={row}
        data-column={column}
        data-testid="datasheet-cell"
        inputMode={numeric ? 'decimal' : undefined}
        spellCheck={false}
        autoComplete="off"
        className={cn(
          'h-8 w-full min-w-[5.5rem] border-0 bg-transparent px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-sky-600',
          numeric && 'text-right tabular-nums',
          row === HEADING_ROW && 'font-semibold',
          problem && 'bg-red-50 text-red-800 ring-2 ring-inset ring-red-600',
        )}
        onFocus={() => {
          setActive({ row, column });
          setHistory((h) => (h.typing === `${row}:${column}` ? h : { ...h, typing: null }));
        }}
        onKeyDown={(e) => onKeyDown(e, row, column)}
        onPaste={(e) => onPaste(e, row, column)}
        onChange={(e) => commit(setCell(sheet, row, column, e.target.value), `${row}:${column}`)}
      />
    );
  };

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-2" data-testid="datasheet">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-700">
          {t.title}
        </h3>
        <div role="toolbar" aria-label={t.title} className="flex flex-wrap gap-1">
          <Button size="sm" variant="outline" disabled={!rowsOk} aria-describedby={rowsOk ? undefined : `${id}-row-limit`} onClick={() => {
              commit(addRow(sheet, rowTarget));
              setFocusNext({ row: sheet.rows.length ? rowTarget + 1 : 0, column: 0 });
            }}
          >
            <Rows3 className="h-4 w-4" aria-hidden /> {t.addRow}
          </Button>
          <Button size="sm" variant="outline" disabled={!columnsOk} aria-describedby={columnsOk ? undefined : `${id}-column-limit`} onClick={() => commit(addColumn(sheet, columnTarget))}>
            <Columns3 className="h-4 w-4" aria-hidden /> {t.addColumn}
          </Button>
          <Button size="sm" variant="ghost" disabled={!sheet.rows.length} onClick={() => commit(removeRow(sheet, rowTarget))}>
            <Trash2 className="h-4 w-4" aria-hidden /> {t.removeRow(rowTarget + 1)}
          </Button>
          <Button size="sm" variant="ghost" disabled={width < 2} onClick={() => commit(removeColumn(sheet, columnTarget))}>
            <Trash2 className="h-4 w-4" aria-hidden /> {t.removeColumn(heading(columnTarget))}
          </Button>
          <Button size="sm" variant="outline" disabled={!history.past.length} onClick={undo} aria-keyshortcuts="Control+Z">
            <Undo2 className="h-4 w-4" aria-hidden /> {t.undo}
          </Button>
          <Button size="sm" variant="outline" disabled={!history.future.length} onClick={redo} aria-keyshortcuts="Control+Y">
            <Redo2 className="h-4 w-4" aria-hidden /> {t.redo}
          </Button>
        </div>
      </div>
      <p id={`${id}-help`} className="text-xs text-slate-600">
        {t.help} {help}
      </p>
      <div className="max-h-80 overflow-auto rounded-md border border-slate-300">
        <SheetGrid
          sheet={sheet}
          title={title}
          describedBy={`${id}-help`}
          gridRef={grid}
          classes={{
            head: 'sticky top-0 z-10 bg-slate-100',
            heading: 'border-b border-r border-slate-300 p-0 last:border-r-0',
            rowHeading: 'border-b border-r border-slate-200 p-0 text-left font-normal',
            cell: 'border-b border-r border-slate-200 p-0 last:border-r-0',
          }}
          cell={input}
        />
      </div>
      <p className="text-xs text-slate-600" data-testid="datasheet-size">
        {t.size(sheet.rows.length, width)} · {t.limit(TABLE_LIMITS.columns, TABLE_LIMITS.rows, TABLE_LIMITS.cells)}
      </p>
      {!rowsOk && (
        <p id={`${id}-row-limit`} className="text-xs text-amber-800" data-testid="datasheet-limit">
          {t.rowLimit(TABLE_LIMITS.rows, TABLE_LIMITS.cells)}
        </p>
      )}
      {!columnsOk && (
        <p id={`${id}-column-limit`} className="text-xs text-amber-800" data-testid="datasheet-limit">
          {t.columnLimit(TABLE_LIMITS.columns, TABLE_LIMITS.cells)}
        </p>
      )}
      {problems.length > 0 && (
        <div className="rounded-md border border-red-200 bg-red-50 p-2 text-xs text-red-800" data-testid="datasheet-problems">
          <p>{t.problems(problems.length)}</p>
          <ul className="list-disc pl-5">
            {problems.slice(0, 20).map((p) => (
              <li key={`${p.row}:${p.column}`} id={`${id}-problem-${p.row}-${p.column}`}>
                {t.problem(p.row + 1, p.heading.trim() || t.column(p.column + 1), p.cell, p.message)}
              </li>
            ))}
          </ul>
        </div>
      )}
      <p role="status" aria-live="polite" className="text-xs text-slate-700" data-testid="datasheet-notice">
        {notice}
      </p>
    </section>
  );
}

/** A bound chart's values, read-only, with "Unlink to edit" (the values become the chart's own datasheet). */
export function LinkedDatasheet({ sheet, title, linkedTo, onUnlink }: { sheet: Sheet; title: string; linkedTo: string; onUnlink: () => void }) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-2" data-testid="datasheet-linked">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-700">
          {t.title}
        </h3>
        <Button size="sm" variant="outline" onClick={onUnlink}>
          <Unlink className="h-4 w-4" aria-hidden /> {t.unlink}
        </Button>
      </div>
      <p id={`${id}-linked`} className="text-xs text-slate-600">
        {t.linked(linkedTo)}
      </p>
      <div className="max-h-64 overflow-auto rounded-md border border-slate-200">
        <SheetGrid
          sheet={sheet}
          title={title}
          describedBy={`${id}-linked`}
          classes={{
            head: 'bg-slate-100',
            heading: 'border-b border-slate-200 px-2 py-1 text-left font-semibold',
            rowHeading: 'border-b border-slate-200 px-2 py-1 text-left font-normal',
            cell: 'border-b border-slate-200 px-2 py-1 text-right tabular-nums',
          }}
          cell={(_row, _column, value) => value}
        />
      </div>
    </section>
  );
}

/**
 * A sheet as a table: its column headings (row HEADING_ROW), then its rows, each led by its first cell as the
 * row's heading; `cell` draws what stands in each.
 */
function SheetGrid({ sheet, title, describedBy, gridRef, classes, cell }: {
  sheet: Sheet;
  title: string;
  describedBy: string;
  gridRef?: RefObject<HTMLTableElement | null>;
  classes: { head: string; heading: string; rowHeading: string; cell: string };
  cell: (row: number, column: number, value: string) => ReactNode;
}) {
  return (
    <table ref={gridRef} className="w-full border-collapse text-sm" aria-describedby={describedBy}>
      <caption className="sr-only">{t.grid(title)}</caption>
      <thead className={classes.head}>
        <tr>
          {sheet.columns.map((h, c) => (
            <th key={c} scope="col" className={classes.heading}>
              {cell(HEADING_ROW, c, h)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {sheet.rows.map((cells, r) => (
          <tr key={r} className="odd:bg-white even:bg-slate-50">
            {cells.map((v, c) =>
              c === 0 ? (
                <th key={c} scope="row" className={classes.rowHeading}>
                  {cell(r, c, v)}
                </th>
              ) : (
                <td key={c} className={classes.cell}>
                  {cell(r, c, v)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
