import { evidenceRoutes } from '@shared/api/routes/evidence';
import { listLibraryPage } from '../../domain/evidence/library';
import { api } from '../api';

export const handler = api(evidenceRoutes.listClientEvidence).handler(async ({ input }) => listLibraryPage(input.params.id, input.query));
