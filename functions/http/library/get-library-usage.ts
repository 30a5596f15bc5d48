import { libraryRoutes } from '@shared/api/routes/library';
import { libraryItemUsage } from '../../domain/library/library';
import { api } from '../api';

export const handler = api(libraryRoutes.getLibraryItemUsage).handler(async ({ input, context }) => libraryItemUsage(context, input.params.id, input.params.evidence_id));
