import { useQuery } from '@tanstack/react-query';
import { ledgerRoutes } from '@shared/api/routes/ledger';
import { callApi } from '@/lib/api-client';
import { ledgerKey } from './keys';

const getLedger = (reportId: string) => callApi(ledgerRoutes.getLedger, { params: { id: reportId } });

/** The report's claim ledger: every figure with its support, the disagreements, the waivers and the counts. */
export const useLedger = (reportId: string | undefined) =>
  useQuery({ queryKey: ledgerKey(reportId ?? ''), queryFn: () => getLedger(reportId!), enabled: Boolean(reportId) });
