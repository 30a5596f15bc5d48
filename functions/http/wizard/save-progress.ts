import { wizardRoutes } from '@shared/api/routes/wizard';
import { saveProgress } from '../../domain/wizard/progress';
import { api } from '../api';

export const handler = api(wizardRoutes.saveProgress).handler(async ({ input, user }) => saveProgress(input.body, user.username));
