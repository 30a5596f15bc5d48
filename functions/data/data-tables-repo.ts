/**
 * The data room's files under an evidence item's prefix (DESIGN.md "The data room"): `tables.json` (the sheets, the
 * tables' summaries with how their rows are paged, the KPIs, the notes) and each table's rows in pages,
 * `tables/<table>/<page>.json`, so a page of a 100,000-row table is read without the rest of it. Storage only.
 */
import type { DataSheet, DataTableSummary, Kpi } from '@shared/schemas/data-room';
import type { StoredRow, TableData } from '@shared/domain/data-room/table-data';
import { copyObject, getObjectText, putObject } from './object-store';

/** Cells kept per page of a table's rows (a page of a 20-column table holds 2,500 rows). */
const CELLS_PER_PAGE = 50_000;
/** Pages written at the same time. */
const WRITE_CONCURRENCY = 8;

export interface StoredTable extends DataTableSummary {
  /** rows per page file */
  page_rows: number;
  pages: number;
}

export interface TablesIndex {
  sheets: DataSheet[];
  tables: StoredTable[];
  kpis: Kpi[];
  notes: string[];
}

export const tablesIndexKey = (prefix: string) => `${prefix}tables.json`;
const pageKey = (prefix: string, table: string, page: number) => `${prefix}tables/${table}/${page}.json`;

const JSON_TYPE = 'application/json';

async function inBatches<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}

/** Rows per page for a table of `columns` columns. */
const pageRowsFor = (columns: number) => Math.max(50, Math.floor(CELLS_PER_PAGE / Math.max(1, columns)));

/**
 * Writes an item's tables (pages first, the index last: an index never names a page that is not there). Returns
 * every key written, for the caller to remove should the item not be kept.
 */
export async function storeTables(prefix: string, data: { sheets: DataSheet[]; tables: readonly TableData[]; kpis: Kpi[]; notes: string[] }): Promise<string[]> {
  const written: string[] = [];
  const pages: { key: string; rows: StoredRow[] }[] = [];
  const tables: StoredTable[] = data.tables.map((t) => {
    const pageRows = pageRowsFor(t.summary.columns.length);
    const count = Math.max(1, Math.ceil(t.rows.length / pageRows));
    for (let p = 0; p < count; p++) pages.push({ key: pageKey(prefix, t.summary.id, p), rows: t.rows.slice(p * pageRows, (p + 1) * pageRows) });
    return { ...t.summary, page_rows: pageRows, pages: count };
  });
  await inBatches(pages, WRITE_CONCURRENCY, async (page) => {
    await putObject(page.key, JSON.stringify(page.rows), JSON_TYPE);
    written.push(page.key);
  });
  const index: TablesIndex = { sheets: data.sheets, tables, kpis: data.kpis, notes: data.notes };
  await putObject(tablesIndexKey(prefix), JSON.stringify(index), JSON_TYPE);
  written.push(tablesIndexKey(prefix));
  return written;
}

export async function readTablesIndex(indexKey: string): Promise<TablesIndex | undefined> {
  const text = await getObjectText(indexKey);
  return text === undefined ? undefined : (JSON.parse(text) as TablesIndex);
}

/** One page of a table's rows (the index key names the item's prefix). */
export async function readTablePage(indexKey: string, table: string, page: number): Promise<StoredRow[]> {
  const prefix = indexKey.slice(0, -'tables.json'.length);
  const text = await getObjectText(pageKey(prefix, table, page));
  return text === undefined ? [] : (JSON.parse(text) as StoredRow[]);
}

/** Copies an item's tables to another prefix (a placeholder's item claimed by its report); returns the new index key. */
export async function copyTables(indexKey: string, toPrefix: string): Promise<string | undefined> {
  const index = await readTablesIndex(indexKey);
  if (!index) return undefined;
  const fromPrefix = indexKey.slice(0, -'tables.json'.length);
  const keys = index.tables.flatMap((t) => Array.from({ length: t.pages }, (_, p) => pageKey(fromPrefix, t.id, p)));
  await inBatches(keys, WRITE_CONCURRENCY, (key) => copyObject(key, toPrefix + key.slice(fromPrefix.length)));
  await copyObject(indexKey, tablesIndexKey(toPrefix));
  return tablesIndexKey(toPrefix);
}
