/**
 * GET …/evidence/{evidence_id}/tables and …/tables/{table_id}/rows: a workbook's or CSV file's tables and KPIs, and
 * a page of one table's rows with every cell's address, value, type, number format and the text the sheet shows.
 * A page reads only the stored pages it spans (data-tables-repo), never the whole table.
 */
import { evidenceDetails } from '@shared/messages/evidence';
import { dataCell } from '@shared/domain/data-room/table-data';
import { type DataRoom, type DataRow, TABLE_PAGE, type TablePage } from '@shared/schemas/data-room';
import { readTablePage, readTablesIndex, type StoredTable, type TablesIndex } from '../../data/data-tables-repo';
import { getEvidence, type EvidenceRecord } from '../../data/evidence-repo';
import { NotFoundError } from '../../lib/errors';

async function itemWithTables(ref: string, evidenceId: string): Promise<{ record: EvidenceRecord; index: TablesIndex }> {
  const record = await getEvidence(ref, evidenceId);
  if (!record) throw new NotFoundError(evidenceDetails.evidenceNotFound);
  const index = record.tables_key ? await readTablesIndex(record.tables_key) : undefined;
  return { record, index: index ?? { sheets: [], tables: [], kpis: [], notes: [] } };
}

/** A stored table's summary as the API gives it (its paging is the store's). */
const summaryOf = ({ page_rows: _rows, pages: _pages, ...summary }: StoredTable) => summary;

export async function reportDataRoom(ref: string, evidenceId: string): Promise<DataRoom> {
  const { record, index } = await itemWithTables(ref, evidenceId);
  return {
    evidence_id: record.id,
    title: record.title,
    sheets: index.sheets,
    tables: index.tables.map(summaryOf),
    // the item's own KPIs: their sentences are located in its text as stored
    kpis: record.kpis ?? index.kpis,
    notes: index.notes,
  };
}

/**
 * Where a sheet row stands among a table's rows (rows are stored in sheet order, in pages): the page its number
 * points at is read, then its neighbours until the row is found or passed (blank rows make the guess high). 0 when
 * the row is before the table's first.
 */
async function indexOfRow(indexKey: string, table: StoredTable, row: number): Promise<number> {
  const first = await readTablePage(indexKey, table.id, 0);
  const top = first[0]?.row ?? row;
  let page = Math.min(table.pages - 1, Math.max(0, Math.floor((row - top) / table.page_rows)));
  for (let tries = 0; tries < table.pages; tries++) {
    const rows = page === 0 ? first : await readTablePage(indexKey, table.id, page);
    if (!rows.length) return 0;
    if (row < rows[0]!.row && page > 0) {
      page--;
      continue;
    }
    const at = rows.findIndex((r) => r.row >= row);
    return page * table.page_rows + (at < 0 ? rows.length - 1 : at);
  }
  return 0;
}

export async function reportTablePage(ref: string, evidenceId: string, tableId: string, query: { offset?: number; limit?: number; row?: number }): Promise<TablePage> {
  const { record, index } = await itemWithTables(ref, evidenceId);
  const table = index.tables.find((t) => t.id === tableId);
  if (!table || !record.tables_key) throw new NotFoundError(evidenceDetails.tableNotFound);
  const limit = query.limit ?? TABLE_PAGE.default;
  const requested = query.row !== undefined ? Math.floor((await indexOfRow(record.tables_key, table, query.row)) / limit) * limit : (query.offset ?? 0);
  const offset = Math.min(requested, table.row_count);
  const end = Math.min(table.row_count, offset + limit);
  const first = Math.floor(offset / table.page_rows);
  const last = Math.floor(Math.max(offset, end - 1) / table.page_rows);
  const pages = await Promise.all(Array.from({ length: end > offset ? last - first + 1 : 0 }, (_, i) => readTablePage(record.tables_key!, tableId, first + i)));
  const rows = pages.flat().slice(offset - first * table.page_rows, offset - first * table.page_rows + (end - offset));
  const summary = summaryOf(table);
  const out: DataRow[] = rows.map((r) => ({ row: r.row, label: r.label, path: r.path, kind: r.kind, cells: summary.columns.map((_, i) => dataCell(summary, r, i)) }));
  return { table: summary, offset, limit, total: table.row_count, rows: out };
}
