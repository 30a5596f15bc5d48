import { wizardRoutes } from '@shared/api/routes/wizard';
import { acceptPendingDraft } from '../../domain/wizard/accept-draft';
import { api } from '../api';

export const handler = api(wizardRoutes.acceptDraft).handler(async ({ input, user }) => acceptPendingDraft(input.params.id, input.params.step, input.body, user.username));
