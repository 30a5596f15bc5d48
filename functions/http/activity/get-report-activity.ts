import { activityRoutes } from '@shared/api/routes/activity';
import { reportActivity } from '../../domain/activity/activity';
import { api } from '../api';

export const handler = api(activityRoutes.getReportActivity).handler(async ({ input }) => reportActivity(input.params.id, input.query));
