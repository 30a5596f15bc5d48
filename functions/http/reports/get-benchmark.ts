import { reportRoutes } from '@shared/api/routes/reports';
import { reportBenchmark } from '../../domain/benchmarks/benchmarks';
import { api } from '../api';

export const handler = api(reportRoutes.getBenchmark).handler(async ({ input }) => reportBenchmark(input.params.id));
