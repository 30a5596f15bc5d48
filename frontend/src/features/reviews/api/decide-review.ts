import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reviewRoutes } from '@shared/api/routes/reviews';
import type { ReviewDecisionBody } from '@shared/schemas/reviews';
import type { SectionKey } from '@shared/schemas/report-document';
import { callApi } from '@/lib/api-client';
import { reviewsKey } from './get-reviews';

export interface DecideInput extends ReviewDecisionBody {
  section: SectionKey;
  reviewId: string;
}

const decideReview = (reportId: string, { section, reviewId, ...body }: DecideInput) =>
  callApi(reviewRoutes.decideReview, { params: { id: reportId, key: section, review_id: reviewId }, body });

/** Approves or requests changes; the report's reviews and activity (['report', id, 'activity']) reload afterwards. */
export const useDecideReview = (reportId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: DecideInput) => decideReview(reportId, input),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: reviewsKey(reportId) }), client.invalidateQueries({ queryKey: ['report', reportId, 'activity'] })]),
  });
};
