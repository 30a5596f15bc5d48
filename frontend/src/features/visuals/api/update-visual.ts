import { useMutation } from '@tanstack/react-query';
import type { BodyInput } from '@shared/api/route-types';
import { visualRoutes } from '@shared/api/routes/visuals';
import { callApi } from '@/lib/api-client';
import { useInvalidateVisuals } from './keys';

export type UpdateVisualInput = BodyInput<typeof visualRoutes.updateVisual>;

const updateVisual = (reportId: string, id: string, body: UpdateVisualInput) => callApi(visualRoutes.updateVisual, { params: { id: reportId, visual_id: id }, body });

export const useUpdateVisual = (reportId: string) => {
  const invalidate = useInvalidateVisuals(reportId);
  return useMutation({ mutationFn: (input: { id: string; body: UpdateVisualInput }) => updateVisual(reportId, input.id, input.body), onSettled: invalidate });
};
