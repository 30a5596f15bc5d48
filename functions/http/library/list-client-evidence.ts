import { libraryRoutes } from '@shared/api/routes/library';
import { listLibraryPage } from '../../domain/library/library';
import { api } from '../api';

export const handler = api(libraryRoutes.listClientEvidence).handler(async ({ input, context }) => listLibraryPage(context, input.params.id, input.query));
