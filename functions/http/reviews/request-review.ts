import { reviewRoutes } from '@shared/api/routes/reviews';
import { requestReview } from '../../domain/reviews/reviews';
import { api } from '../api';

export const handler = api(reviewRoutes.requestReview).handler(async ({ input, user }) => requestReview(user.username, input.params.id, input.body));
