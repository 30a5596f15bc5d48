import { commentRoutes } from '@shared/api/routes/comments';
import { changeThreadStatus } from '../../domain/comments/comments';
import { api } from '../api';

export const handler = api(commentRoutes.setCommentStatus).handler(async ({ input, user }) => changeThreadStatus(user.username, input.params.id, input.params.thread, input.body.status));
