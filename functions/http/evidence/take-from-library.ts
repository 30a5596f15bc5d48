import { evidenceRoutes } from '@shared/api/routes/evidence';
import { takeIntoReport } from '../../domain/evidence/library';
import { api } from '../api';

export const handler = api(evidenceRoutes.takeFromLibrary).handler(async ({ input, user }) => takeIntoReport(input.params.id, input.body, user.username));
