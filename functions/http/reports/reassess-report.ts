import { reportRoutes } from '@shared/api/routes/reports';
import { startReassessment } from '../../domain/reports/reassess';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';

export const handler = api(reportRoutes.reassessReport).handler(async ({ input, user, context }) => startReassessment(reportInContext(context, input.params.id), input.body.idempotency_key, user.username));
