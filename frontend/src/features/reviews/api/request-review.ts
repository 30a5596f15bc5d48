import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reviewRoutes } from '@shared/api/routes/reviews';
import type { RequestReviewBody } from '@shared/schemas/reviews';
import { callApi } from '@/lib/api-client';
import { reviewsKey } from './get-reviews';

const requestReview = (reportId: string, body: RequestReviewBody) => callApi(reviewRoutes.requestReview, { params: { id: reportId }, body });

/** Asks the named reviewers; the report's reviews and activity (['report', id, 'activity']) reload afterwards. */
export const useRequestReview = (reportId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestReviewBody) => requestReview(reportId, body),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: reviewsKey(reportId) }), client.invalidateQueries({ queryKey: ['report', reportId, 'activity'] })]),
  });
};
