import { exportRoutes } from '@shared/api/routes/exports';
import { getExportStatus } from '../../domain/exports/exports';
import { api } from '../api';

export const handler = api(exportRoutes.getExport).handler(async ({ input }) => getExportStatus(input.params.id, input.params.export_id));
