import { commentRoutes } from '@shared/api/routes/comments';
import { createThread } from '../../domain/comments/comments';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';

export const handler = api(commentRoutes.createComment).handler(async ({ input, user, context }) => createThread(user.username, reportInContext(context, input.params.id), input.body));
