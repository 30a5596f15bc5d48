import type { BodyInput } from '@shared/api/route-types';
import { wizardRoutes } from '@shared/api/routes/wizard';
import { callApi } from '@/lib/api-client';

/** `keepalive`: the request may outlive the page (a save sent as the page unloads; the browser caps such bodies at 64 KB) */
export const saveProgressOnServer = (body: BodyInput<typeof wizardRoutes.saveProgress>, opts: { keepalive?: boolean } = {}) =>
  callApi(wizardRoutes.saveProgress, { body, ...(opts.keepalive ? { keepalive: true } : {}) });
