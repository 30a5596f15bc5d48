import { activityRoutes } from '@shared/api/routes/activity';
import { reportActivity } from '../../domain/activity/activity';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';

export const handler = api(activityRoutes.getReportActivity).handler(async ({ input, context }) => reportActivity(reportInContext(context, input.params.id), input.query));
