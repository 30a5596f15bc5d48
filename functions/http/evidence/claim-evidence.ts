import { evidenceRoutes } from '@shared/api/routes/evidence';
import { claimPlaceholderEvidence } from '../../domain/evidence/claim';
import { api } from '../api';

export const handler = api(evidenceRoutes.claimEvidence).handler(async ({ input, user }) =>
  claimPlaceholderEvidence(input.params.id, input.body.placeholder_id, user.username),
);
