import { evidenceRoutes } from '@shared/api/routes/evidence';
import { libraryItemUsage } from '../../domain/evidence/library';
import { api } from '../api';

export const handler = api(evidenceRoutes.getLibraryItemUsage).handler(async ({ input }) => libraryItemUsage(input.params.id, input.params.evidence_id));
