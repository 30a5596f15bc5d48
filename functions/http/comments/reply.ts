import { commentRoutes } from '@shared/api/routes/comments';
import { replyToThread } from '../../domain/comments/comments';
import { api } from '../api';

export const handler = api(commentRoutes.replyToComment).handler(async ({ input, user }) => replyToThread(user.username, input.params.id, input.params.thread, input.body.body));
