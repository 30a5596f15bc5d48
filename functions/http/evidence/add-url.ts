import { evidenceRoutes } from '@shared/api/routes/evidence';
import { addUrlEvidence } from '../../domain/evidence/add-url';
import { api } from '../api';

export const handler = api(evidenceRoutes.addUrlEvidence).handler(async ({ input, user }) => addUrlEvidence(input.params.id, input.body, user.username));
