import { reportRoutes } from '@shared/api/routes/reports';
import { reportComparison } from '../../domain/reports/reassess';
import { api } from '../api';

export const handler = api(reportRoutes.getComparison).handler(async ({ input }) => reportComparison(input.params.id));
