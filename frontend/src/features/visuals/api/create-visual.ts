import { useMutation } from '@tanstack/react-query';
import type { BodyInput } from '@shared/api/route-types';
import { visualRoutes } from '@shared/api/routes/visuals';
import { callApi } from '@/lib/api-client';
import { useInvalidateVisuals } from './keys';

export type CreateVisualInput = BodyInput<typeof visualRoutes.createVisual>;

const createVisual = (reportId: string, body: CreateVisualInput) => callApi(visualRoutes.createVisual, { params: { id: reportId }, body });

export const useCreateVisual = (reportId: string) => {
  const invalidate = useInvalidateVisuals(reportId);
  return useMutation({ mutationFn: (body: CreateVisualInput) => createVisual(reportId, body), onSettled: invalidate });
};
