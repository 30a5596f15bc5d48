import { wizardRoutes } from '@shared/api/routes/wizard';
import { getProgress } from '../../domain/wizard/progress';
import { api } from '../api';

export const handler = api(wizardRoutes.getProgress).handler(async ({ input, user }) => getProgress(input.params.report_id, user.username));
