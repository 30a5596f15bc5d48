import { evidenceRoutes } from '@shared/api/routes/evidence';
import { reportInContext } from '../../domain/access/access';
import { assertNotFinal } from '../../domain/access/final-lock';
import { claimPlaceholderEvidence } from '../../domain/evidence/claim';
import { api } from '../api';

export const handler = api(evidenceRoutes.claimEvidence).handler(async ({ input, user, context }) => {
  // a Final report takes no evidence: refused before any file is copied (the store refuses it again)
  assertNotFinal(reportInContext(context, input.params.id).report);
  return claimPlaceholderEvidence(input.params.id, input.body.placeholder_id, user.username);
});
