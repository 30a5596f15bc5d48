/**
 * The browser's side of progress-sync.ts: the server through the API client, the journal and the temporary key in
 * localStorage (local-store.ts), the tab's save session (save-session.ts), the toasts, and setup filled from a
 * report created elsewhere.
 */
import { getOrganization } from '@/features/organizations';
import { getReport } from '@/features/reports';
import { ApiError } from '@/lib/api-error';
import { completeStep } from '../api/complete-step';
import { loadProgress } from '../api/get-progress';
import { saveProgressOnServer } from '../api/save-progress';
import { saveReportFile } from '../api/save-report-file';
import * as localStore from './local-store';
import { notify } from './notify';
import type { SyncPorts } from './progress-sync';
import { currentSession, isSessionAlive, nextSeq, saveSession } from './save-session';
import { keepAside } from './set-aside';
import { emptySetup, type WizardData } from './types';

/** Fills setup from the report and its organization when a report has no saved setup yet (e.g. created elsewhere). */
async function prefillSetup(reportId: string): Promise<WizardData['setup'] | undefined> {
  try {
    const report = await getReport(reportId);
    const org = await getOrganization(report.organization_id);
    return {
      ...emptySetup(),
      organizationName: org.name,
      sector: org.sector,
      geography: org.geography,
      fyStart: org.fy_start,
      currency: org.currency,
      reportTitle: report.title,
      reportOwner: report.owner,
      organizationId: org.id,
      reportId: report.id,
      organizationVersion: org.version,
      reportVersion: report.version,
      brandSettings: { ...emptySetup().brandSettings, ...org.brand_settings },
    };
  } catch {
    return undefined;
  }
}

export const browserPorts: SyncPorts = {
  server: {
    load: loadProgress,
    save: (body, keepalive) => saveProgressOnServer(body, { keepalive }),
    complete: completeStep,
    saveFile: saveReportFile,
    setupOf: prefillSetup,
    refusal: (error) => (error instanceof ApiError ? { status: error.status, detail: error.detail } : null),
  },
  journal: localStore,
  sessions: { saveSession, currentSession, isSessionAlive, nextSeq },
  notify,
  keepAside,
  now: () => new Date(),
};
