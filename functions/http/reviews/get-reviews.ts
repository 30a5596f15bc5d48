import { reviewRoutes } from '@shared/api/routes/reviews';
import { reviewSummary } from '../../domain/reviews/reviews';
import { api } from '../api';

export const handler = api(reviewRoutes.getReviews).handler(async ({ input, user }) => reviewSummary(user.username, input.params.id));
