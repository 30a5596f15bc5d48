import { useMutation } from '@tanstack/react-query';
import type { BodyInput } from '@shared/api/route-types';
import { aiRoutes } from '@shared/api/routes/ai';
import type { SectionKey } from '@shared/schemas/report-document';
import { callApi } from '@/lib/api-client';

export type EnhanceInput = BodyInput<typeof aiRoutes.enhanceSection>;

const enhanceSection = (reportId: string, key: SectionKey, body: EnhanceInput) => callApi(aiRoutes.enhanceSection, { params: { id: reportId, key }, body });

export const useEnhanceSection = (reportId: string, key: SectionKey) => useMutation({ mutationFn: (body: EnhanceInput) => enhanceSection(reportId, key, body) });
