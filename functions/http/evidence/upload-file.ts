import { evidenceRoutes } from '@shared/api/routes/evidence';
import { uploadSmallFile } from '../../domain/evidence/uploads';
import { api } from '../api';
import { multipartBody } from '../../lib/middleware/multipart';

const route = evidenceRoutes.uploadFile;

export const handler = api(route, { bodyParser: multipartBody(route) }).handler(async (event, context) =>
  uploadSmallFile((event.body ?? {}) as Record<string, unknown>, event.user.username, context.getRemainingTimeInMillis()),
);
