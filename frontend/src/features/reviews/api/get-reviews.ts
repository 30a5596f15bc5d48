import { useQuery } from '@tanstack/react-query';
import { reviewRoutes } from '@shared/api/routes/reviews';
import { callApi } from '@/lib/api-client';

/** Under the report's key, so whatever reloads the report (['report', id]) reloads its reviews too. */
export const reviewsKey = (reportId: string) => ['report', reportId, 'reviews'] as const;

export const getReviews = (reportId: string, signal?: AbortSignal) => callApi(reviewRoutes.getReviews, { params: { id: reportId }, signal });

/** Each section's review state, the reviews, who may be named, and what keeps the report from Final. */
export const useReviews = (reportId: string | undefined, enabled = true) =>
  useQuery({ queryKey: reviewsKey(reportId ?? ''), queryFn: ({ signal }) => getReviews(reportId!, signal), enabled: Boolean(reportId) && enabled });
