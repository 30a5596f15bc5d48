import { commentRoutes } from '@shared/api/routes/comments';
import { changeThreadStatus } from '../../domain/comments/comments';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';

export const handler = api(commentRoutes.setCommentStatus).handler(async ({ input, user, context }) => changeThreadStatus(user.username, reportInContext(context, input.params.id), input.params.thread, input.body.status));
