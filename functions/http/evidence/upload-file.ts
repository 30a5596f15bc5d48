import { evidenceRoutes } from '@shared/api/routes/evidence';
import { uploadSmallFile } from '../../domain/evidence/uploads';
import { api } from '../api';
import { multipartBody } from '../../lib/middleware/multipart';

const route = evidenceRoutes.uploadFile;

// the form is parsed and its fields validated before the access check reads its report_id (lib/middleware/http-api.ts)
export const handler = api(route, { bodyParser: multipartBody(route) }).handler(async (event, context) =>
  uploadSmallFile(event.input.body, (event.body ?? {}) as Record<string, unknown>, event.user.username, context.getRemainingTimeInMillis()),
);
