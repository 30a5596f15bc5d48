import { wizardRoutes } from '@shared/api/routes/wizard';
import { discardPendingDraft } from '../../domain/wizard/pending-drafts';
import { api } from '../api';

export const handler = api(wizardRoutes.discardDraft).handler(async ({ input }) => discardPendingDraft(input.params.id, input.params.step));
