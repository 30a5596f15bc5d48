import { wizardRoutes } from '@shared/api/routes/wizard';
import { saveProgress } from '../../domain/wizard/progress';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';

export const handler = api(wizardRoutes.saveProgress).handler(async ({ input, user, context }) => saveProgress(reportInContext(context, input.body.report_id), input.body, user.username));
