import { useMutation } from '@tanstack/react-query';
import { visualRoutes } from '@shared/api/routes/visuals';
import { callApi } from '@/lib/api-client';
import { useInvalidateVisuals } from './keys';

/** Deletes a visual; `force` deletes one still embedded in a section (else 409). */
const deleteVisual = (reportId: string, id: string, force: boolean) =>
  callApi(visualRoutes.deleteVisual, { params: { id: reportId, visual_id: id }, query: { force: force ? 'true' : 'false' } });

export const useDeleteVisual = (reportId: string) => {
  const invalidate = useInvalidateVisuals(reportId);
  return useMutation({ mutationFn: (input: { id: string; force: boolean }) => deleteVisual(reportId, input.id, input.force), onSettled: invalidate });
};
