import { reportRoutes } from '@shared/api/routes/reports';
import { startReassessment } from '../../domain/reports/reassess';
import { api } from '../api';

export const handler = api(reportRoutes.reassessReport).handler(async ({ input, user }) => startReassessment(input.params.id, input.body.idempotency_key, user.username));
