import { askRoutes } from '@shared/api/routes/ask';
import { recordPlacement } from '../../domain/ask/placement';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';

export const handler = api(askRoutes.recordAskPlacement).handler(async ({ input, user, context }) => recordPlacement(reportInContext(context, input.params.id), input.body, user.username));
