import { conflictRoutes } from '@shared/api/routes/conflicts';
import { resolveConflict } from '../../domain/conflicts/conflicts';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';

export const handler = api(conflictRoutes.resolveConflict).handler(async ({ input, user, context }) =>
  resolveConflict(reportInContext(context, input.params.id), input.params.conflict_id, input.body, user.username),
);
