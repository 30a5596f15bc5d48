import { wizardRoutes } from '@shared/api/routes/wizard';
import { getProgress } from '../../domain/wizard/progress';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';

export const handler = api(wizardRoutes.getProgress).handler(async ({ input, user, context }) => getProgress(reportInContext(context, input.params.report_id), user.username));
