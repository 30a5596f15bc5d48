import { commentRoutes } from '@shared/api/routes/comments';
import { createThread } from '../../domain/comments/comments';
import { api } from '../api';

export const handler = api(commentRoutes.createComment).handler(async ({ input, user }) => createThread(user.username, input.params.id, input.body));
