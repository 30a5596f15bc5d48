import { evidenceRoutes } from '@shared/api/routes/evidence';
import { deleteLibraryItem } from '../../domain/evidence/library';
import { api } from '../api';

export const handler = api(evidenceRoutes.deleteLibraryItem).handler(async ({ input, user }) => deleteLibraryItem(input.params.id, input.params.evidence_id, user.username));
