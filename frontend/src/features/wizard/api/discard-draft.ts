import { useMutation, useQueryClient } from '@tanstack/react-query';
import { wizardRoutes } from '@shared/api/routes/wizard';
import type { DraftStep } from '@shared/schemas/report-document';
import { callApi } from '@/lib/api-client';
import { pendingDraftKey } from './get-pending-draft';

const discardDraft = ({ reportId, step }: { reportId: string; step: DraftStep }) => callApi(wizardRoutes.discardDraft, { params: { id: reportId, step } });
export function useDiscardDraft() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: discardDraft,
    onSuccess: (_res, input) => client.setQueryData(pendingDraftKey(input.reportId, input.step), { draft: null }),
  });
}
