import { reportRoutes } from '@shared/api/routes/reports';
import { reportBenchmark } from '../../domain/benchmarks/benchmarks';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';

export const handler = api(reportRoutes.getBenchmark).handler(async ({ input, user, context }) => reportBenchmark(user.username, reportInContext(context, input.params.id)));
