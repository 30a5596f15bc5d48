import { evidenceRoutes } from '@shared/api/routes/evidence';
import { presignLargeUpload } from '../../domain/evidence/presign';
import { api } from '../api';

export const handler = api(evidenceRoutes.presignUpload).handler(async ({ input, user, context }) => presignLargeUpload(context, input.body, user.username));
