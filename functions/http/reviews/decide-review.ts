import { reviewRoutes } from '@shared/api/routes/reviews';
import { decide } from '../../domain/reviews/reviews';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';

export const handler = api(reviewRoutes.decideReview).handler(async ({ input, user, context }) =>
  decide(user.username, reportInContext(context, input.params.id), input.params.key, input.params.review_id, input.body),
);
