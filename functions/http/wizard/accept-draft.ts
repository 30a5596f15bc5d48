import { wizardRoutes } from '@shared/api/routes/wizard';
import { acceptPendingDraft } from '../../domain/wizard/accept-draft';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';

export const handler = api(wizardRoutes.acceptDraft).handler(async ({ input, user, context }) =>
  acceptPendingDraft(reportInContext(context, input.params.id), input.params.step, input.body, user.username),
);
