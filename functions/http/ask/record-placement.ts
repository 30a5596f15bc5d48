import { askRoutes } from '@shared/api/routes/ask';
import { recordPlacement } from '../../domain/ask/placement';
import { api } from '../api';

export const handler = api(askRoutes.recordAskPlacement).handler(async ({ input, user }) => recordPlacement(input.params.id, input.body, user.username));
