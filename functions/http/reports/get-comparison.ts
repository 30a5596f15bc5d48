import { reportRoutes } from '@shared/api/routes/reports';
import { reportComparison } from '../../domain/reports/reassess';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';

export const handler = api(reportRoutes.getComparison).handler(async ({ input, context }) => reportComparison(reportInContext(context, input.params.id)));
