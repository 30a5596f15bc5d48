import { reviewRoutes } from '@shared/api/routes/reviews';
import { reviewSummary } from '../../domain/reviews/reviews';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';

export const handler = api(reviewRoutes.getReviews).handler(async ({ input, user, context }) => reviewSummary(user.username, reportInContext(context, input.params.id)));
