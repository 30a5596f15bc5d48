import { useMutation } from '@tanstack/react-query';
import { askRoutes } from '@shared/api/routes/ask';
import { callApi } from '@/lib/api-client';

export const askEvidence = (reportId: string, question: string) => callApi(askRoutes.askEvidence, { params: { id: reportId }, body: { question } });

export const useAskEvidence = (reportId: string) => useMutation({ mutationFn: (question: string) => askEvidence(reportId, question) });
