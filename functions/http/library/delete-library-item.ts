import { libraryRoutes } from '@shared/api/routes/library';
import { deleteLibraryItem } from '../../domain/library/library';
import { api } from '../api';

export const handler = api(libraryRoutes.deleteLibraryItem).handler(async ({ input, user, context }) => deleteLibraryItem(context, input.params.id, input.params.evidence_id, user.username));
