import { evidenceRoutes } from '@shared/api/routes/evidence';
import { addInterviewEvidence } from '../../domain/evidence/add-interview';
import { api } from '../api';

export const handler = api(evidenceRoutes.addInterviewEvidence).handler(async ({ input, user }) =>
  addInterviewEvidence(input.params.id, input.body, user.username),
);
