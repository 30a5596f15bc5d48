import { useQuery } from '@tanstack/react-query';
import { evidenceRoutes } from '@shared/api/routes/evidence';
import { callApi } from '@/lib/api-client';
import { evidenceKeys } from './keys';

const listDataTables = (ref: string, id: string) => callApi(evidenceRoutes.listDataTables, { params: { id: ref, evidence_id: id } });

/** A workbook's or CSV file's tables and KPIs (only asked for an item that has them). */
export const useDataRoom = (ref: string, id: string | null, enabled: boolean) =>
  useQuery({ queryKey: evidenceKeys.tables(ref, id ?? ''), queryFn: () => listDataTables(ref, id!), enabled: Boolean(id) && enabled });
