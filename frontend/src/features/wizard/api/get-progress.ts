import { wizardRoutes } from '@shared/api/routes/wizard';
import { callApi } from '@/lib/api-client';

export const loadProgress = (reportId: string) => callApi(wizardRoutes.getProgress, { params: { report_id: reportId } });
