import { reviewRoutes } from '@shared/api/routes/reviews';
import { requestReview } from '../../domain/reviews/reviews';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';

export const handler = api(reviewRoutes.requestReview).handler(async ({ input, user, context }) => requestReview(user.username, reportInContext(context, input.params.id), input.body));
