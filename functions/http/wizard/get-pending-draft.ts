import { wizardRoutes } from '@shared/api/routes/wizard';
import { getPendingDraft } from '../../domain/wizard/pending-drafts';
import { api } from '../api';

export const handler = api(wizardRoutes.getPendingDraft).handler(async ({ input }) => getPendingDraft(input.params.id, input.params.step));
