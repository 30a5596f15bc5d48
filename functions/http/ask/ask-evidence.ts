import { askRoutes } from '@shared/api/routes/ask';
import { askEvidence } from '../../domain/ask/ask-evidence';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';

export const handler = api(askRoutes.askEvidence).handler(async ({ input, user, context }) => askEvidence(reportInContext(context, input.params.id), input.body, user.username));
