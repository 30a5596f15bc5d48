/**
 * The tables on a sheet, found as a consultant reads them:
 * - blocks of filled cells: rows that follow each other, split where a blank column stands between two blocks
 *   that each label their own rows (a blank spacer column between labels and numbers does not split a table);
 * - a blank row ends a table only when what follows starts a new one (a title, a header); otherwise it is a
 *   separator inside the table (a P&L's blank line before its costs);
 * - a title: one or two rows of a single text cell above a table ("Profit and loss", "All figures in £m");
 * - header rows: the top rows that hold labels and periods but no figures (merged header cells spread over the
 *   columns they span, and a label left of empty header cells in an upper header row carries right);
 * - label columns: the leftmost columns whose cells are text (or periods, for a table of periods down);
 * - periods: across (its columns name periods), down (its label column does), or none (categories);
 * - units from the title, the headers, the row labels and the number formats;
 * - totals and subtotals (their labels, or an unlabelled row that sums the rows above it), section rows (a label
 *   without figures, which the rows under it carry in their label path).
 * Linear in the cells read.
 */
import { cellAddress, columnLetters, rangeAddress } from '@shared/domain/data-room/cells';
import { parsePeriod, type Period, periodIn, periodOfDate, rowPeriod } from '@shared/domain/data-room/periods';
import type { CellValue, StoredRow, TableData } from '@shared/domain/data-room/table-data';
import { type Unit, unitFromFormat, unitFromText, unitLabel } from '@shared/domain/data-room/units';
import type { DataColumn, RowKind, TableOrientation } from '@shared/schemas/data-room';
import { dataRoomNotes } from '@shared/messages/evidence';
import type { GridRow, SheetGrid } from './grid';
import { TABLE_LIMITS, type TableLimits } from './limits';

interface Block {
  rows: GridRow[];
  /** columns (0-based, inclusive) */
  left: number;
  right: number;
  titles: string[];
}

const TOTAL = /^(?:grand\s+)?total\b|\btotals?$|^sub-?total\b|^sum\b|^net total\b/i;
const SUBTOTAL = /^sub-?total\b/i;
const VARIANCE = /\b(?:var(?:iance)?|change|chg|diff(?:erence)?|growth|vs\.?|versus|yoy|y\/y|delta|cagr)\b|%\s*ch/i;
const LABELLED_SUM = /^(?:all|overall|group|combined|grand|company|total)\b/i;

const typeAt = (row: GridRow, c: number) => row.types[c] ?? '-';
const filled = (row: GridRow, c: number) => typeAt(row, c) !== '-';
const isYearNumber = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 1990 && v <= 2099;

/** A cell as label text: text as written, a date as its period or day, a number as written. */
function labelText(row: GridRow, c: number): string {
  const type = typeAt(row, c);
  const v = row.values[c];
  if (type === '-' || v === null || v === undefined) return '';
  if (type === 'd' && typeof v === 'string') return periodOfDate(new Date(v))?.label ?? v.slice(0, 10);
  if (type === 'x') return '';
  return String(v).replace(/\s+/g, ' ').trim();
}

/** Whether a cell is a figure (a number that is not a year written as a heading would be). */
function isFigure(row: GridRow, c: number, headerLike = false): boolean {
  const type = typeAt(row, c);
  if (type !== 'n' && type !== 'x') return false;
  return !(headerLike && isYearNumber(row.values[c]));
}

/** A cell that reads as a label: text, a date, or a year typed as a number. */
const isLabelish = (row: GridRow, c: number) => {
  const type = typeAt(row, c);
  return type === 's' || type === 'd' || type === 'b' || (type === 'n' && isYearNumber(row.values[c]));
};

function filledColumns(row: GridRow, left: number, right: number): number[] {
  const out: number[] = [];
  for (let c = left; c <= Math.min(right, row.types.length - 1); c++) if (filled(row, c)) out.push(c);
  return out;
}

/** Rows that follow each other (no blank row between). */
function bands(rows: readonly GridRow[]): GridRow[][] {
  const out: GridRow[][] = [];
  let current: GridRow[] = [];
  for (const row of rows) {
    if (current.length && row.n !== current.at(-1)!.n + 1) {
      out.push(current);
      current = [];
    }
    current.push(row);
  }
  if (current.length) out.push(current);
  return out;
}

/** A band's blocks side by side: split at blank columns where the block to the right labels its own rows. */
function splitColumns(band: readonly GridRow[]): Block[] {
  let width = 0;
  for (const r of band) width = Math.max(width, r.types.length);
  const used = new Array<boolean>(width).fill(false);
  for (const r of band) for (let c = 0; c < r.types.length; c++) if (filled(r, c)) used[c] = true;
  const segments: [number, number][] = [];
  for (let c = 0; c < width; c++) {
    if (!used[c]) continue;
    if (segments.length && segments.at(-1)![1] === c - 1) segments.at(-1)![1] = c;
    else segments.push([c, c]);
  }
  // a segment with no text below its first row is the figures of the block on its left (a spacer column between)
  const merged: [number, number][] = [];
  for (const seg of segments) {
    const labels = band.slice(1).some((r) => typeAt(r, seg[0]) === 's');
    if (merged.length && !labels) merged.at(-1)![1] = seg[1];
    else merged.push([...seg]);
  }
  return merged.map(([left, right]) => ({
    rows: band.filter((r) => filledColumns(r, left, right).length > 0),
    left,
    right,
    titles: [],
  }));
}

/** A row of one text cell (a title, a note on units, a section heading). */
function singleText(row: GridRow, left: number, right: number): string | null {
  const cols = filledColumns(row, left, right);
  return cols.length === 1 && typeAt(row, cols[0]!) === 's' ? labelText(row, cols[0]!) : null;
}

/** Whether a row reads as a header: two or more labels or periods and no figures. */
function headerLike(row: GridRow, left: number, right: number): boolean {
  const cols = filledColumns(row, left, right);
  return cols.length >= 2 && cols.every((c) => isLabelish(row, c) || typeAt(row, c) === 'e') && !cols.some((c) => isFigure(row, c, true));
}

/**
 * Takes a block's leading title rows (one text cell, over a header or another title) into its titles; one text cell
 * over a row of figures is a section of the table instead ("Operating expenses" over "Staff costs").
 */
function takeTitles(block: Block): Block {
  const titles = [...block.titles];
  let rows = block.rows;
  const overHeader = (k: number): boolean => {
    const next = rows[k + 1];
    if (!next) return false;
    if (headerLike(next, block.left, block.right)) return true;
    return singleText(next, block.left, block.right) !== null && overHeader(k + 1);
  };
  while (rows.length >= 2 && titles.length < 3) {
    const text = singleText(rows[0]!, block.left, block.right);
    if (text === null || !overHeader(0)) break;
    titles.push(text);
    rows = rows.slice(1);
  }
  return { ...block, rows, titles };
}

/**
 * The sheet's blocks top to bottom: a band of titles only becomes the titles of the block under it; a block that
 * does not start as a table starts (a header, or a title over one) continues the block above it across a blank row.
 */
function blocksOf(sheet: SheetGrid): Block[] {
  const out: Block[] = [];
  let pendingTitles: { titles: string[]; left: number } | null = null;
  for (const band of bands(sheet.rows)) {
    const pieces = splitColumns(band);
    for (const raw of pieces) {
      const onlyTitles = raw.rows.every((r) => singleText(r, raw.left, raw.right) !== null) && raw.rows.length <= 3;
      if (onlyTitles && pieces.length === 1) {
        pendingTitles = { titles: raw.rows.map((r) => singleText(r, raw.left, raw.right)!), left: raw.left };
        continue;
      }
      let block = takeTitles(raw);
      const above = out.length ? [...out].reverse().find((b) => b.left <= block.left + 1 && b.right >= block.left) : undefined;
      const startsTable = block.titles.length > 0 || pendingTitles !== null || headerLike(block.rows[0]!, block.left, block.right);
      if (above && !startsTable && pieces.length === 1 && above.rows.length && block.right <= above.right + 1) {
        above.rows.push(...block.rows);
        above.right = Math.max(above.right, block.right);
        continue;
      }
      if (pendingTitles) {
        block = { ...block, titles: [...pendingTitles.titles, ...block.titles] };
        pendingTitles = null;
      }
      out.push(block);
    }
  }
  return out;
}

/** Merged ranges: the top-left cell of each, by every cell it covers (header labels spread over merged cells). */
function mergeLookup(sheet: SheetGrid): (rowNumber: number, c: number) => { row: number; col: number } | undefined {
  if (!sheet.merges.length) return () => undefined;
  const map = new Map<string, { row: number; col: number }>();
  for (const m of sheet.merges) {
    if ((m.bottom - m.top + 1) * (m.right - m.left + 1) > 10_000) continue;
    for (let r = m.top; r <= m.bottom; r++) for (let c = m.left; c <= m.right; c++) if (r !== m.top || c !== m.left) map.set(`${r}:${c - 1}`, { row: m.top, col: m.left - 1 });
  }
  return (rowNumber, c) => map.get(`${rowNumber}:${c}`);
}

const mostCommon = <T>(items: readonly T[]): T | undefined => {
  const counts = new Map<T, number>();
  let best: T | undefined;
  let bestN = 0;
  for (const i of items) {
    const n = (counts.get(i) ?? 0) + 1;
    counts.set(i, n);
    if (n > bestN) [best, bestN] = [i, n];
  }
  return best;
};

function periodOfLabel(parts: readonly string[], values: readonly unknown[]): Period | null {
  for (let i = parts.length - 1; i >= 0; i--) {
    const v = values[i];
    const text = parts[i]!;
    if (!text) continue;
    if (VARIANCE.test(text)) return null;
    const p = typeof v === 'number' ? parsePeriod(v) : parsePeriod(text) ?? periodIn(text);
    if (p) return p;
  }
  return null;
}

interface Detected {
  table: TableData;
  notes: string[];
}

/** One block into a table, or null when it is not one (fewer than two rows or two columns). */
function tableOf(sheet: SheetGrid, block: Block, id: string, mergedAt: ReturnType<typeof mergeLookup>): Detected | null {
  const { left, right } = block;
  const rows = block.rows;
  if (rows.length < 2 || right - left < 1) return null;
  // header rows: labels and periods, no figures, and something below them
  let headerCount = 0;
  while (headerCount < Math.min(4, rows.length - 1) && headerLike(rows[headerCount]!, left, right)) headerCount++;
  // a first row of periods typed as numbers (2021, 2022, …) with a label beside them is a header too
  if (headerCount === 0) {
    const first = rows[0]!;
    const cols = filledColumns(first, left, right);
    const years = cols.filter((c) => isYearNumber(first.values[c]));
    if (years.length >= 2 && years.length >= cols.length - 1) headerCount = 1;
  }
  const header = rows.slice(0, headerCount);
  const body = rows.slice(headerCount);
  if (!body.length) return null;

  // label columns: from the left, columns whose body cells are mostly labels
  const labelColumns: number[] = [];
  for (let c = left; c <= right && labelColumns.length < 3; c++) {
    let labels = 0;
    let total = 0;
    for (const r of body) {
      if (!filled(r, c)) continue;
      total++;
      if (isLabelish(r, c) && !(typeAt(r, c) === 'n' && labelColumns.length === 0 && !header.length)) labels++;
    }
    if (total === 0 && c === left) continue;
    if (total > 0 && labels / total >= 0.6) labelColumns.push(c);
    else break;
  }
  const valueColumns: number[] = [];
  for (let c = (labelColumns.at(-1) ?? left - 1) + 1; c <= right; c++) {
    if (body.some((r) => filled(r, c)) || header.some((r) => filled(r, c))) valueColumns.push(c);
  }
  if (!valueColumns.length) return null;

  // header labels per value column: merged cells spread, an upper row's label carries right over empty cells
  const headerText = (r: GridRow, c: number): { text: string; value: unknown } => {
    const own = labelText(r, c);
    if (own) return { text: own, value: r.values[c] };
    const m = mergedAt(r.n, c);
    if (m) {
      const source = rows.find((x) => x.n === m.row);
      if (source) return { text: labelText(source, m.col), value: source.values[m.col] };
    }
    return { text: '', value: undefined };
  };
  const paths = valueColumns.map(() => [] as { text: string; value: unknown }[]);
  header.forEach((r, h) => {
    let carry: { text: string; value: unknown } = { text: '', value: undefined };
    valueColumns.forEach((c, i) => {
      let cell = headerText(r, c);
      if (!cell.text && h < header.length - 1) cell = carry;
      else if (cell.text) carry = cell;
      paths[i]!.push(cell);
    });
  });
  const titleUnit = unitFromText(block.titles.join(' '));
  const cornerText = header.map((r) => (labelColumns.length ? labelText(r, labelColumns[0]!) : '')).filter(Boolean).join(' ');
  const cornerUnit = unitFromText(cornerText);
  const tableUnit: Unit = titleUnit.kind || titleUnit.scale !== 1 ? titleUnit : cornerUnit;

  const formats = sheet.formats;
  const columns: DataColumn[] = valueColumns.map((c, i) => {
    const parts = paths[i]!.map((p) => p.text);
    const path = parts.filter((p, k) => p && parts.indexOf(p) === k);
    const label = path.join(' / ') || `Column ${columnLetters(c + 1)}`;
    const period = periodOfLabel(parts, paths[i]!.map((p) => p.value));
    const columnFormats = body.filter((r) => typeAt(r, c) === 'n').map((r) => r.formats[c] ?? 0);
    const format = formats[mostCommon(columnFormats) ?? 0] || null;
    const fromHeader = unitFromText(path.join(' '));
    const fromFormat = unitFromFormat(format ?? undefined);
    const unit: Unit = fromFormat.percent ? { kind: '%', scale: 1 } : fromHeader.kind || fromHeader.scale !== 1 ? fromHeader : { kind: fromFormat.kind, scale: fromFormat.rawScale };
    return {
      column: c + 1,
      letter: columnLetters(c + 1),
      label,
      path,
      period: period?.label ?? null,
      unit: unitLabel(unit),
      total: TOTAL.test(path.at(-1) ?? '') || TOTAL.test(label),
      format,
    };
  });

  const periodColumns = columns.filter((c) => c.period && !c.total).length;
  const firstLabel = labelColumns[0];
  let carriedLabel = '';
  const bodyPeriods = firstLabel === undefined
    ? 0
    : body.filter((r) => {
        const labels = labelColumns.map((c) => labelText(r, c));
        if (labels[0]) carriedLabel = labels[0];
        else if (labels.length > 1) labels[0] = carriedLabel;
        return rowPeriod(labels) !== null;
      }).length;
  const orientation: TableOrientation = periodColumns >= 2 ? 'periods-across' : firstLabel !== undefined && bodyPeriods >= 2 && bodyPeriods >= body.length * 0.6 ? 'periods-down' : 'categories';

  // rows: labels (a blank first label carried down when later label columns name the row), sections, totals
  const stored: StoredRow[] = [];
  let section = '';
  let carried = '';
  let errors = 0;
  let firstError = '';
  let notComputed = 0;
  body.forEach((r) => {
    const labels = labelColumns.map((c) => labelText(r, c));
    if (labels.length > 1) {
      if (labels[0]) carried = labels[0];
      else if (labels.slice(1).some(Boolean)) labels[0] = carried;
    }
    const own = labels.filter(Boolean);
    const label = own.at(-1) ?? '';
    const hasValues = valueColumns.some((c) => filled(r, c));
    let kind: RowKind = 'data';
    if (!hasValues) kind = 'section';
    else if (TOTAL.test(label) || (labels.length > 1 && TOTAL.test(labels[0] ?? ''))) kind = SUBTOTAL.test(label) ? 'subtotal' : 'total';
    const values: CellValue[] = [];
    const types: string[] = [];
    const own_formats: (string | null)[] = [];
    let differs = false;
    valueColumns.forEach((c, i) => {
      const type = typeAt(r, c);
      types.push(type);
      values.push(type === '-' ? null : (r.values[c] ?? null));
      const f = formats[r.formats[c] ?? 0] || null;
      const mine = type === 'n' && f !== columns[i]!.format ? f : null;
      if (mine !== null) differs = true;
      own_formats.push(mine);
      if (type === 'e') {
        errors++;
        firstError ||= `${String(r.values[c])} at ${cellAddress(r.n, c + 1)}`;
      }
      if (type === 'x') notComputed++;
    });
    if (kind === 'section') {
      if (label) section = label;
      // a section row keeps its place (the Data tab shows it), with no figures
    }
    const path = [...(kind !== 'section' && section && section !== label ? [section] : []), ...own.filter((l, k) => own.indexOf(l) === k)];
    stored.push({ row: r.n, label, path, kind, values, types: types.join(''), ...(differs ? { formats: own_formats } : {}) });
    if (kind === 'total' || kind === 'subtotal') section = '';
  });
  // an unlabelled (or "all", "group") row that sums the data rows above it is a total (running sums: linear)
  let sums = columns.map(() => 0);
  let counted = 0;
  for (const row of stored) {
    if (row.kind === 'total' || row.kind === 'subtotal' || row.kind === 'section') {
      sums = columns.map(() => 0);
      counted = 0;
      continue;
    }
    const checked = columns.map((_, i) => i).filter((i) => row.types[i] === 'n');
    const sumsHere = counted >= 2 && checked.length > 0 && (!row.label || LABELLED_SUM.test(row.label));
    if (sumsHere && checked.every((i) => Math.abs((row.values[i] as number) - sums[i]!) <= Math.max(1e-9, Math.abs(sums[i]!) * 0.005))) {
      row.kind = 'total';
      sums = columns.map(() => 0);
      counted = 0;
      continue;
    }
    for (const i of checked) sums[i]! += row.values[i] as number;
    counted++;
  }
  // with several totals, all but the last are subtotals
  const totals = stored.filter((r) => r.kind === 'total');
  for (const t of totals.slice(0, -1)) if (!LABELLED_SUM.test(t.label) || SUBTOTAL.test(t.label)) t.kind = 'subtotal';

  const notes: string[] = [];
  if (errors) notes.push(dataRoomNotes.errors(errors, firstError));
  if (notComputed) notes.push(dataRoomNotes.notComputed(sheet.name, notComputed));
  const top = (header[0] ?? body[0]!).n;
  const bottom = body.at(-1)!.n;
  const title = block.titles.find((t) => !/^(?:all )?(?:figures|amounts|values)\b/i.test(t)) ?? block.titles[0] ?? '';
  return {
    table: {
      summary: {
        id,
        sheet: sheet.name,
        sheet_hidden: sheet.hidden,
        title: title || sheet.name,
        range: rangeAddress({ sheet: sheet.name, top, left: left + 1, bottom, right: right + 1 }),
        orientation,
        header_rows: header.map((r) => r.n),
        label_columns: labelColumns.map((c) => columnLetters(c + 1)),
        unit: unitLabel(tableUnit),
        columns,
        row_count: stored.length,
        notes,
      },
      rows: stored,
    },
    notes,
  };
}

/**
 * The tables of a sheet, numbered from `firstNumber` (`t<firstNumber>`, …), at most TABLE_LIMITS.tablesPerSheet
 * (a note says when there were more).
 */
export function detectTables(sheet: SheetGrid, firstNumber: number, limits: TableLimits = TABLE_LIMITS): { tables: TableData[]; notes: string[] } {
  const mergedAt = mergeLookup(sheet);
  const tables: TableData[] = [];
  const notes: string[] = [];
  for (const block of blocksOf(sheet)) {
    if (tables.length >= limits.tablesPerSheet) {
      notes.push(dataRoomNotes.tablesPerSheet(sheet.name, limits.tablesPerSheet));
      break;
    }
    const found = tableOf(sheet, block, `t${firstNumber + tables.length}`, mergedAt);
    if (found) tables.push(found.table);
  }
  return { tables, notes };
}

