import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyInput } from '@shared/api/route-types';
import { wizardRoutes } from '@shared/api/routes/wizard';
import type { DraftStep } from '@shared/schemas/report-document';
import { callApi } from '@/lib/api-client';
import { pendingDraftKey } from './get-pending-draft';

export type AcceptDraftInput = { reportId: string; step: DraftStep; body: BodyInput<typeof wizardRoutes.acceptDraft> };
/** Merges the pending draft (all of it, or the chosen items) into the step, on the server. */
const acceptDraft = ({ reportId, step, body }: AcceptDraftInput) => callApi(wizardRoutes.acceptDraft, { params: { id: reportId, step }, body });
export function useAcceptDraft() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: acceptDraft,
    onSuccess: (_res, input) => client.setQueryData(pendingDraftKey(input.reportId, input.step), { draft: null }),
  });
}
