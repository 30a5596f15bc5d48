import { evidenceRoutes } from '@shared/api/routes/evidence';
import { processLargeUpload } from '../../domain/evidence/uploads';
import { api } from '../api';

export const handler = api(evidenceRoutes.processUpload).handler(async ({ input, user }, context) =>
  processLargeUpload(input.params.file_id, input.body.report_id, user.username, context.getRemainingTimeInMillis()),
);
