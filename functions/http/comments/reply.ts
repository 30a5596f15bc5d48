import { commentRoutes } from '@shared/api/routes/comments';
import { replyToThread } from '../../domain/comments/comments';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';

export const handler = api(commentRoutes.replyToComment).handler(async ({ input, user, context }) => replyToThread(user.username, reportInContext(context, input.params.id), input.params.thread, input.body.body));
