import { wizardRoutes } from '@shared/api/routes/wizard';
import { getPendingDraft } from '../../domain/wizard/pending-drafts';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';

export const handler = api(wizardRoutes.getPendingDraft).handler(async ({ input, context }) => getPendingDraft(reportInContext(context, input.params.id), input.params.step));
