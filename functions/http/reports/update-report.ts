import { wizardRoutes } from '@shared/api/routes/wizard';
import { updateReport } from '../../domain/reports/reports';
import { api } from '../../lib/middleware/http-api';

export const handler = api(wizardRoutes.updateReport).handler(async ({ input, user }) => updateReport(input.params.id, input.body, user.username));
