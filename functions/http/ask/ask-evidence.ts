import { askRoutes } from '@shared/api/routes/ask';
import { askEvidence } from '../../domain/ask/ask-evidence';
import { api } from '../api';

export const handler = api(askRoutes.askEvidence).handler(async ({ input, user }) => askEvidence(input.params.id, input.body, user.username));
