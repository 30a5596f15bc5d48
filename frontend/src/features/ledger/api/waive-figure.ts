import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ledgerRoutes } from '@shared/api/routes/ledger';
import { callApi } from '@/lib/api-client';
import { ledgerKey } from './keys';

const waiveFigure = (reportId: string, figureId: string, reason: string) =>
  callApi(ledgerRoutes.waiveFigure, { params: { id: reportId }, body: { figure_id: figureId, reason } });

/** A lead's waiver of one unsupported or disagreeing figure, with a reason; the ledger is read again after. */
export function useWaiveFigure(reportId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ figureId, reason }: { figureId: string; reason: string }) => waiveFigure(reportId, figureId, reason),
    onSuccess: () => client.invalidateQueries({ queryKey: ledgerKey(reportId) }),
  });
}
