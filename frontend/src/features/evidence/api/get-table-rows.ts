import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { evidenceRoutes } from '@shared/api/routes/evidence';
import { callApi } from '@/lib/api-client';
import { evidenceKeys } from './keys';

/** Which page: from a row offset, or the page that holds a sheet row (a KPI's cells). */
export type RowsAt = { offset: number } | { row: number };

const getTableRows = (ref: string, id: string, table: string, at: RowsAt, limit: number) =>
  callApi(evidenceRoutes.getTableRows, {
    params: { id: ref, evidence_id: id, table_id: table },
    query: { ...('row' in at ? { row: String(at.row) } : { offset: String(at.offset) }), limit: String(limit) },
  });

/** One page of a table's rows: the browser holds a page, never the whole table. */
export const useTableRows = (ref: string, id: string, table: string | undefined, at: RowsAt, limit: number) =>
  useQuery({
    queryKey: evidenceKeys.rows(ref, id, table ?? '', 'row' in at ? `row ${at.row}` : String(at.offset), limit),
    queryFn: () => getTableRows(ref, id, table!, at, limit),
    enabled: Boolean(table),
    placeholderData: keepPreviousData,
  });
