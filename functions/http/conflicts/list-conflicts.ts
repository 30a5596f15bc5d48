import { conflictRoutes } from '@shared/api/routes/conflicts';
import { listConflicts } from '../../domain/conflicts/conflicts';
import { api } from '../api';

export const handler = api(conflictRoutes.listConflicts).handler(async ({ input }) => listConflicts(input.params.id));
