import { reviewRoutes } from '@shared/api/routes/reviews';
import { decide } from '../../domain/reviews/reviews';
import { api } from '../api';

export const handler = api(reviewRoutes.decideReview).handler(async ({ input, user }) =>
  decide(user.username, input.params.id, input.params.key, input.params.review_id, input.body),
);
