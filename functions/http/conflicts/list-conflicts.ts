import { conflictRoutes } from '@shared/api/routes/conflicts';
import { listConflicts } from '../../domain/conflicts/conflicts';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';

export const handler = api(conflictRoutes.listConflicts).handler(async ({ input, context }) => listConflicts(reportInContext(context, input.params.id)));
