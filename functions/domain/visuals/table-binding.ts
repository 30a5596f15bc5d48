/**
 * Charts bound to a range of a workbook's table: the range read when a visual is read, drawn or exported, from the
 * newest file of the binding's name in the report (a re-upload of the file is a new item of the same name: the
 * chart follows it), its rows and columns found again by their labels (shared/domain/data-room/table-range.ts).
 * Only the pages of the table's rows that hold the range are read, nearest to where the rows were first.
 *
 * Reading never writes: what moved is said on the chart until the visual is saved, and saving keeps the range as it
 * stands in the newest file. A label gone from the newest file leaves the chart on the last data saved with it,
 * marked not current.
 */
import { evidenceDetails } from '@shared/messages/evidence';
import { visualsDetails, visualsTexts } from '@shared/messages/visuals';
import { parseRange } from '@shared/domain/data-room/cells';
import {
  labelsGone,
  matchedAll,
  matchRange,
  rangeData,
  rangeRowOfStored,
  reboundBinding,
  type RangeMatch,
  type RangeRow,
  sameLabel,
  staleData,
} from '@shared/domain/data-room/table-range';
import type { DataTableBinding, TableRangeData, Visual } from '@shared/schemas/visuals';
import { readTablePage, readTablesIndex, type StoredTable, type TablesIndex } from '../../data/data-tables-repo';
import { getEvidence, listEvidenceSummaries, type EvidenceRecord } from '../../data/evidence-repo';
import { BadRequestError, NotFoundError } from '../../lib/errors';

const m = visualsTexts.chart;

/** Tables of a new version tried for a range whose table is not where it was (same sheet first). */
const TABLES_TRIED = 6;

/** What one request reads once for all its visuals: the report's items and each item's index of tables. */
class TableReads {
  private items?: Promise<EvidenceRecord[]>;
  private readonly indexes = new Map<string, Promise<TablesIndex | undefined>>();

  constructor(private readonly reportId: string) {}

  /** The report's evidence (summaries, with where their tables are), read once. */
  evidence(): Promise<EvidenceRecord[]> {
    return (this.items ??= listEvidenceSummaries(this.reportId));
  }

  index(key: string): Promise<TablesIndex | undefined> {
    let found = this.indexes.get(key);
    if (!found) {
      found = readTablesIndex(key);
      this.indexes.set(key, found);
    }
    return found;
  }
}

/** The newest file of this name in the report that holds tables (a re-upload is a newer item of the same name). */
async function newestOfName(reads: TableReads, fileName: string): Promise<EvidenceRecord | undefined> {
  const items = (await reads.evidence()).filter((e) => e.type === 'file' && e.tables_key && sameLabel(e.title, fileName));
  return items.sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id))[0];
}

/** The page of a table's rows that holds a sheet row (estimated: blank rows make it high, so neighbours follow). */
function pageOf(table: StoredTable, row: number): number {
  const top = parseRange(table.range)?.top ?? 1;
  return Math.min(table.pages - 1, Math.max(0, Math.floor((row - top) / table.page_rows)));
}

/**
 * The binding matched in one table: its pages read nearest to where the binding's rows were first, until every
 * label is found (or every page is read).
 */
async function matchInTable(indexKey: string, table: StoredTable, binding: DataTableBinding): Promise<RangeMatch> {
  const hints = binding.rows.map((r) => pageOf(table, r.row));
  const order = Array.from({ length: table.pages }, (_, p) => p).sort((a, b) => Math.min(...hints.map((h) => Math.abs(a - h))) - Math.min(...hints.map((h) => Math.abs(b - h))) || a - b);
  const rows: RangeRow[] = [];
  let match = matchRange(binding, table, rows);
  for (const page of order) {
    rows.push(...(await readTablePage(indexKey, table.id, page)).map((r) => rangeRowOfStored(table, r)));
    rows.sort((a, b) => a.row - b.row);
    match = matchRange(binding, table, rows);
    if (matchedAll(match)) break;
  }
  return match;
}

/** Tables of an item the binding's table may be now: the same id on the same sheet, then its sheet's, then the rest. */
function candidateTables(index: TablesIndex, binding: DataTableBinding, sheet: string | undefined, sameItem: boolean): StoredTable[] {
  if (sameItem) return index.tables.filter((t) => t.id === binding.table_id);
  const rank = (t: StoredTable) => (t.id === binding.table_id && t.sheet === sheet ? 0 : t.sheet === sheet ? 1 : t.id === binding.table_id ? 2 : 3);
  return [...index.tables].sort((a, b) => rank(a) - rank(b)).slice(0, TABLES_TRIED);
}

interface Resolved {
  data: TableRangeData;
  /** the binding as it stands in the item read, when every label was found there */
  binding?: DataTableBinding;
}

/** The binding's range in one item: its table (the same, or the one the labels are found in) and the values. */
async function resolveIn(reads: TableReads, item: EvidenceRecord, binding: DataTableBinding, last: TableRangeData | undefined): Promise<Resolved> {
  const file = item.title;
  const index = item.tables_key ? await reads.index(item.tables_key) : undefined;
  const tables = index ? candidateTables(index, binding, last?.sheet, item.id === binding.evidence_id) : [];
  if (!tables.length) return { data: staleData(binding, last, m.tableGone(file)) };
  let best: { table: StoredTable; match: RangeMatch } | undefined;
  for (const table of tables) {
    const match = await matchInTable(item.tables_key!, table, binding);
    if (matchedAll(match)) {
      const rebound = reboundBinding(binding, table, match, item.id);
      return { data: rangeData(binding, table, match, { evidence_id: item.id, file_name: file }), binding: { ...rebound, file_name: file } };
    }
    if (!best || match.missing.length < best.match.missing.length) best = { table, match };
  }
  return { data: staleData(binding, last, labelsGone(best!.match.missing, file), best!.match.moves) };
}

/** The data of a chart bound to a table range now: from the newest file of its name, or its last data marked not current. */
async function resolveTableBinding(reads: TableReads, binding: DataTableBinding, last: TableRangeData | undefined): Promise<Resolved> {
  const newest = await newestOfName(reads, binding.file_name);
  if (!newest) return { data: staleData(binding, last, m.fileGone(binding.file_name)) };
  return resolveIn(reads, newest, binding, last);
}

/** Visuals with the data their table ranges give now (other visuals as they are); one read of the report's items. */
export async function withTableData<V extends Visual>(reportId: string, visuals: readonly V[], reads = new TableReads(reportId)): Promise<V[]> {
  return Promise.all(
    visuals.map(async (v) => {
      if (v.binding.source !== 'data-table') return v;
      const { data } = await resolveTableBinding(reads, v.binding, v.table_data);
      return { ...v, table_data: data };
    }),
  );
}

/**
 * A binding being saved: the item it names must be one of the report's (404 otherwise, as for any id the caller
 * cannot see) and hold the table and every label. Kept as it stands in the newest file of its name when every label
 * is found there, else as it stands in the item it names.
 */
export async function bindingToSave(reportId: string, binding: DataTableBinding, last: TableRangeData | undefined): Promise<{ binding: DataTableBinding; data: TableRangeData }> {
  const item = await getEvidence(reportId, binding.evidence_id);
  if (!item) throw new NotFoundError(evidenceDetails.evidenceNotFound);
  if (!item.tables_key) throw new BadRequestError(visualsDetails.bindingNotWorkbook(item.title));
  const named = { ...binding, file_name: item.title };
  const reads = new TableReads(reportId);
  const followed = await resolveTableBinding(reads, named, last);
  if (followed.binding) return { binding: followed.binding, data: { ...followed.data, moves: [] } };
  const index = await reads.index(item.tables_key);
  const table = index?.tables.find((t) => t.id === binding.table_id);
  if (!table) throw new BadRequestError(visualsDetails.bindingUnknownTable(binding.table_id, item.title));
  const match = await matchInTable(item.tables_key, table, named);
  if (!matchedAll(match)) throw new BadRequestError(visualsDetails.bindingUnknownLabels(match.missing));
  return { binding: { ...reboundBinding(named, table, match, item.id), file_name: item.title }, data: { ...rangeData(named, table, match, { evidence_id: item.id, file_name: item.title }), moves: [] } };
}
