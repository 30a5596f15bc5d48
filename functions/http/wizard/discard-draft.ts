import { wizardRoutes } from '@shared/api/routes/wizard';
import { discardPendingDraft } from '../../domain/wizard/pending-drafts';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';

export const handler = api(wizardRoutes.discardDraft).handler(async ({ input, context }) => discardPendingDraft(reportInContext(context, input.params.id), input.params.step));
