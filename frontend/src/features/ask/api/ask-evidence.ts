import { useMutation } from '@tanstack/react-query';
import { askRoutes } from '@shared/api/routes/ask';
import type { AskScope } from '@shared/schemas/ask';
import { callApi } from '@/lib/api-client';

/** Asks the report's evidence (`report`) or its client's whole library (`client`). */
const askEvidence = (reportId: string, question: string, scope: AskScope = 'report') =>
  callApi(askRoutes.askEvidence, { params: { id: reportId }, body: { question, scope } });

export const useAskEvidence = (reportId: string) =>
  useMutation({ mutationFn: ({ question, scope }: { question: string; scope: AskScope }) => askEvidence(reportId, question, scope) });
