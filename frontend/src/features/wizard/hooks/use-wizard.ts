/**
 * The wizard's state and its persistence: load (server, or browser storage), save (server when a report
 * exists, the temporary key before that, a local copy when the server is unreachable), auto-save every
 * 20 s when something changed, sync a local copy when the server is back, and refuse to overwrite newer
 * work saved from another tab.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { messages } from '@shared/messages';
import { WIZARD_STEP_IDS, type WizardStepId } from '@shared/domain/wizard-steps';
import type { Progress } from '@shared/schemas/wizard';
import { ApiError } from '@/lib/api-client';
import { getOrganization } from '@/features/dashboard/api/get-organization';
import { getReport, loadProgress, saveProgressOnServer, saveReportFile } from '../api/wizard-api';
import { clearPlaceholder, clearReportCopy, clearTemp, readReportCopy, readTemp, stablePlaceholder, writeReportCopy, writeTemp } from '../lib/local-store';
import { notify } from '../lib/notify';
import { emptySetup, hasData, type WizardData, type WizardState } from '../lib/types';

const t = messages.wizard.toasts;
export const AUTO_SAVE_MS = 20_000;

export type SaveMode = 'auto' | 'manual' | 'complete';
export type SaveOutcome = 'server' | 'temp' | 'local' | 'conflict' | 'failed' | 'nothing';

const newPlaceholder = () => stablePlaceholder();
const backupName = (label: string) => `${label} (${new Date().toLocaleString()})`;

export function emptyState(reportId: string | null): WizardState {
  return { reportId, placeholderId: newPlaceholder(), data: {}, completed: [], current: 0, lastSaved: null, version: 0 };
}

function fromServer(progress: Progress, placeholderId: string): WizardState {
  return {
    reportId: progress.report_id,
    placeholderId,
    data: progress.wizard_data as WizardData,
    completed: progress.completed_steps.filter((s): s is WizardStepId => (WIZARD_STEP_IDS as readonly string[]).includes(s)),
    current: progress.current_step,
    lastSaved: progress.last_saved,
    version: progress.version,
  };
}

/** What counts as a change worth saving. */
const snapshot = (s: WizardState) => JSON.stringify({ d: s.data, c: s.completed, i: s.current, r: s.reportId });

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
      brandSettings: { ...emptySetup().brandSettings, ...org.brand_settings },
    };
  } catch {
    return undefined;
  }
}

export function useWizard(reportParam: string | null) {
  const [state, setState] = useState<WizardState | null>(null);
  const [conflict, setConflict] = useState(false);
  const stateRef = useRef<WizardState | null>(null);
  stateRef.current = state;
  const lastSavedSnapshot = useRef('');
  const inFlight = useRef<Promise<SaveOutcome> | null>(null);
  const saveRef = useRef<((mode: SaveMode) => Promise<SaveOutcome>) | null>(null);
  const wentLocal = useRef(false);

  // ── load ──────────────────────────────────────────────────────────────────────────────────────────
  useEffect(() => {
    let cancelled = false;
    async function load() {
      if (reportParam && stateRef.current?.reportId === reportParam) return; // we just created it
      if (!reportParam) {
        const temp = readTemp();
        if (temp?.state && hasData(temp.state.data)) {
          lastSavedSnapshot.current = snapshot(temp.state);
          if (!cancelled) setState(temp.state);
          notify.success(t.loadedPrevious);
        } else if (!cancelled) {
          const fresh = emptyState(null);
          lastSavedSnapshot.current = snapshot(fresh);
          setState(fresh);
        }
        return;
      }
      const local = readReportCopy(reportParam);
      let syncSoon = false;
      try {
        const server = await loadProgress(reportParam);
        let next = fromServer(server, local?.state.placeholderId ?? newPlaceholder());
        lastSavedSnapshot.current = snapshot(next);
        if (local?.pending) {
          if (local.state.version >= server.version) {
            next = { ...local.state, version: server.version }; // offline work the server has not seen: keep it, sync it
            wentLocal.current = true;
            syncSoon = true;
          } else {
            setConflict(true); // the server moved on while this browser held unsaved work
          }
        }
        if (!next.data.setup) {
          const setup = await prefillSetup(reportParam);
          if (setup) next = { ...next, data: { ...next.data, setup } };
        }
        if (!cancelled) {
          stateRef.current = next;
          setState(next);
          if (syncSoon) void saveRef.current?.('auto');
        }
      } catch {
        // silent (spec section 8): the local copy, or an empty wizard for this report
        const fallback = local?.state ?? emptyState(reportParam);
        lastSavedSnapshot.current = snapshot(fallback);
        wentLocal.current = Boolean(local?.pending);
        if (!cancelled) setState(fallback);
      }
    }
    void load();
    return () => {
      cancelled = true;
    };
  }, [reportParam]);

  const patchState = useCallback((patch: Partial<WizardState>) => {
    if (stateRef.current) stateRef.current = { ...stateRef.current, ...patch };
    setState((cur) => (cur ? { ...cur, ...patch } : cur));
  }, []);

  // ── save ──────────────────────────────────────────────────────────────────────────────────────────
  const saveNow = useCallback(async (mode: SaveMode): Promise<SaveOutcome> => {
    const s = stateRef.current;
    if (!s || !hasData(s.data)) {
      if (mode === 'manual') notify.error(t.noData);
      return 'nothing';
    }
    const quiet = mode === 'auto';
    if (!s.reportId) {
      const savedAt = new Date().toISOString();
      if (writeTemp({ ...s, lastSaved: savedAt })) {
        lastSavedSnapshot.current = snapshot(s);
        patchState({ lastSaved: savedAt });
        if (!quiet) notify.success(t.savedTemporarily);
        return 'temp';
      }
      notify.error(t.progressFailed);
      return 'failed';
    }
    const snap = snapshot(s);
    try {
      const res = await saveProgressOnServer({
        report_id: s.reportId,
        wizard_data: s.data as Record<string, Record<string, unknown>>,
        completed_steps: s.completed,
        current_step: s.current,
        last_saved: new Date().toISOString(),
        version: s.version,
      });
      lastSavedSnapshot.current = snap;
      patchState({ version: res.version, lastSaved: res.last_saved });
      clearReportCopy(s.reportId);
      if (!quiet || wentLocal.current) notify.success(t.saved);
      wentLocal.current = false;
      return 'server';
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        writeReportCopy(s, true); // keep this tab's work before anything else happens
        setConflict(true);
        notify.error(t.conflict);
        return 'conflict';
      }
      if (writeReportCopy(s, true)) {
        lastSavedSnapshot.current = snap;
        patchState({ lastSaved: new Date().toISOString() });
        if (!quiet || !wentLocal.current) notify.success(t.savedLocally);
        wentLocal.current = true;
        return 'local';
      }
      notify.error(t.progressFailed);
      return 'failed';
    }
  }, [patchState]);

  /** Saves one at a time; a save asked for during another runs after it. */
  const save = useCallback(
    async (mode: SaveMode): Promise<SaveOutcome> => {
      while (inFlight.current) await inFlight.current;
      const run = saveNow(mode);
      inFlight.current = run;
      try {
        return await run;
      } finally {
        inFlight.current = null;
      }
    },
    [saveNow],
  );
  saveRef.current = save;

  const dirty = () => {
    const s = stateRef.current;
    return Boolean(s && hasData(s.data) && snapshot(s) !== lastSavedSnapshot.current);
  };

  // auto-save every 20 s when something changed (or a local copy waits to be synced)
  useEffect(() => {
    const timer = setInterval(() => {
      if (!conflict && (dirty() || wentLocal.current)) void save('auto');
    }, AUTO_SAVE_MS);
    return () => clearInterval(timer);
  }, [save, conflict]);

  // leaving the wizard or hiding the tab: save what changed (nothing typed is lost)
  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden' && dirty()) void save('auto');
    };
    document.addEventListener('visibilitychange', onHide);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      if (dirty()) void save('auto');
    };
  }, [save]);

  // back online: sync right away
  useEffect(() => {
    const onOnline = () => {
      if (wentLocal.current && !conflict) void save('auto');
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [save, conflict]);

  // ── conflict resolution ─────────────────────────────────────────────────────────────────────────────
  const loadNewer = useCallback(async () => {
    const s = stateRef.current;
    if (!s?.reportId) return;
    // nothing is lost: this tab's work becomes a saved report file before the newer work replaces it
    await saveReportFile(s.reportId, backupName(messages.wizard.conflict.backupMine), s.data as Record<string, unknown>).catch(() => undefined);
    const server = await loadProgress(s.reportId);
    // this tab's work stays in browser storage under the report's key until the next successful save
    const next = fromServer(server, s.placeholderId);
    lastSavedSnapshot.current = snapshot(next);
    wentLocal.current = false;
    stateRef.current = next;
    setState(next);
    setConflict(false);
  }, []);

  const keepMine = useCallback(async () => {
    const s = stateRef.current;
    if (!s?.reportId) return;
    const server = await loadProgress(s.reportId);
    // nothing is lost: the newer work becomes a saved report file before this tab's work replaces it
    if (Object.keys(server.wizard_data).length) {
      await saveReportFile(s.reportId, backupName(messages.wizard.conflict.backupTheirs(server.updated_by ?? 'another tab')), server.wizard_data).catch(() => undefined);
    }
    patchState({ version: server.version });
    setConflict(false);
    await save('manual');
  }, [save, patchState]);

  /** Changes the state now (the ref too, so a save right after sees the change). */
  const update = useCallback((fn: (s: WizardState) => WizardState) => {
    const current = stateRef.current;
    if (!current) return;
    const next = fn(current);
    stateRef.current = next;
    setState(next);
  }, []);

  /** Called when setup has created the report: progress moves from the temporary key to the server. */
  const attachReport = useCallback(
    (reportId: string) => {
      patchState({ reportId });
      clearTemp();
      clearPlaceholder(); // its evidence now belongs to the report; the next new report gets a new one
    },
    [patchState],
  );

  return { state, update, save, conflict, loadNewer, keepMine, attachReport };
}
