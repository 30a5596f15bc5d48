import { commentRoutes } from '@shared/api/routes/comments';
import { listThreads } from '../../domain/comments/comments';
import { api } from '../api';

export const handler = api(commentRoutes.listComments).handler(async ({ input }) => listThreads(input.params.id, input.query));
