/**
 * The wizard's state and its persistence. Loading goes through TanStack Query (use-progress), saves run one
 * at a time through a mutation, and auto-save is its own hook (use-auto-save). Saving goes to the server
 * when a report exists, to the temporary key before that, and to a local copy when the server is
 * unreachable (synced when it is back); a save from a stale tab is refused and the user chooses. Every
 * copy (server, local, temporary) is parsed step by step on load; what does not parse is kept aside.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { messages } from '@shared/messages';
import { WIZARD_STEP_IDS, type WizardStepId } from '@shared/domain/wizard-steps';
import { parseWizardData, type SetAsideStep } from '@shared/schemas/wizard';
import type { Progress } from '@shared/schemas/wizard';
import { ApiError } from '@/lib/api-client';
import { getOrganization } from '@/features/organizations';
import { getReport } from '@/features/reports';
import { loadProgress } from '../api/get-progress';
import { saveReportFile } from '../api/save-report-file';
import { clearPlaceholder, clearReportCopy, clearTemp, readReportCopy, readTemp, stablePlaceholder, writeReportCopy, writeTemp } from '../lib/local-store';
import { notify } from '../lib/notify';
import { keepAside } from '../lib/set-aside';
import { emptySetup, hasData, type WizardData, type WizardState } from '../lib/types';
import { useAutoSave } from './use-auto-save';
import { useProgressQuery, useSaveProgressMutation } from './use-progress';

export { AUTO_SAVE_MS } from './use-auto-save';

const t = messages.wizard.toasts;

export type SaveMode = 'auto' | 'manual' | 'complete';
export type SaveOutcome = 'server' | 'temp' | 'local' | 'conflict' | 'failed' | 'nothing';

const backupName = (label: string) => `${label} (${new Date().toLocaleString()})`;
const knownSteps = (ids: readonly string[]) => ids.filter((s): s is WizardStepId => (WIZARD_STEP_IDS as readonly string[]).includes(s));

export function emptyState(reportId: string | null): WizardState {
  return { reportId, placeholderId: stablePlaceholder(), data: {}, completed: [], current: 0, lastSaved: null, version: 0 };
}

/** A state read back from anywhere (server, local copy, temporary key), its data parsed step by step. */
function parsedState(raw: WizardState): { state: WizardState; setAside: SetAsideStep[] } {
  const { data, setAside } = parseWizardData(raw.data);
  return { state: { ...raw, data, completed: knownSteps(raw.completed ?? []) }, setAside };
}

function fromServer(progress: Progress, placeholderId: string): { state: WizardState; setAside: SetAsideStep[] } {
  return parsedState({
    reportId: progress.report_id,
    placeholderId,
    data: progress.wizard_data,
    completed: knownSteps(progress.completed_steps),
    current: progress.current_step,
    lastSaved: progress.last_saved,
    version: progress.version,
  });
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
      organizationVersion: org.version,
      reportVersion: report.version,
      brandSettings: { ...emptySetup().brandSettings, ...org.brand_settings },
    };
  } catch {
    return undefined;
  }
}

export function useWizard(reportParam: string | null) {
  const [state, setStateRaw] = useState<WizardState | null>(null);
  const [conflict, setConflict] = useState(false);
  /** the latest state, for saves that run after a change in the same tick (kept in step by setState only) */
  const stateRef = useRef<WizardState | null>(null);
  const lastSavedSnapshot = useRef('');
  const inFlight = useRef<Promise<SaveOutcome> | null>(null);
  const wentLocal = useRef(false);
  const loadedFor = useRef<string | null | undefined>(undefined);
  /** the latest `save`, for the load effect and the auto-save timer (declared before the effect that uses it) */
  const saveRef = useRef<((mode: SaveMode) => Promise<SaveOutcome>) | null>(null);
  const progress = useProgressQuery(reportParam);
  const saveMutation = useSaveProgressMutation();

  const setState = useCallback((next: WizardState) => {
    stateRef.current = next;
    setStateRaw(next);
  }, []);

  // ── load ──────────────────────────────────────────────────────────────────────────────────────────
  useEffect(() => {
    if (loadedFor.current === reportParam) return;
    if (reportParam && stateRef.current?.reportId === reportParam) {
      loadedFor.current = reportParam; // we just created it
      return;
    }
    if (!reportParam) {
      loadedFor.current = null;
      const temp = readTemp();
      if (temp?.state && hasData(temp.state.data ?? {})) {
        const { state: restored, setAside } = parsedState(temp.state);
        lastSavedSnapshot.current = snapshot(restored);
        // restoring from browser storage (an external store) once per report: an effect by nature
        // eslint-disable-next-line react-hooks/set-state-in-effect -- the load runs once per report (loadedFor), not on every render
        setState(restored);
        void keepAside(null, setAside);
        notify.success(t.loadedPrevious);
      } else {
        const fresh = emptyState(null);
        lastSavedSnapshot.current = snapshot(fresh);
        setState(fresh);
      }
      return;
    }
    if (progress.isPending) return;
    loadedFor.current = reportParam;
    const local = readReportCopy(reportParam);
    const localParsed = local ? parsedState(local.state) : undefined;
    if (progress.isError || !progress.data) {
      // silent (spec section 8): the local copy, or an empty wizard for this report
      const fallback = localParsed?.state ?? emptyState(reportParam);
      lastSavedSnapshot.current = snapshot(fallback);
      wentLocal.current = Boolean(local?.pending);
      setState(fallback);
      if (localParsed) void keepAside(null, localParsed.setAside);
      return;
    }
    const server = fromServer(progress.data, local?.state.placeholderId ?? stablePlaceholder());
    let next = server.state;
    let syncSoon = false;
    lastSavedSnapshot.current = snapshot(next);
    if (local?.pending && localParsed) {
      if (local.state.version >= progress.data.version) {
        next = { ...localParsed.state, version: progress.data.version }; // offline work the server has not seen: keep it, sync it
        wentLocal.current = true;
        syncSoon = true;
      } else {
        setConflict(true); // the server moved on while this browser held unsaved work
      }
    }
    void (async () => {
      if (!next.data.setup) {
        const setup = await prefillSetup(reportParam);
        if (setup) next = { ...next, data: { ...next.data, setup } };
      }
      setState(next);
      void keepAside(reportParam, [...server.setAside, ...(localParsed?.setAside ?? [])]);
      if (syncSoon) void saveRef.current?.('auto');
    })();
  }, [reportParam, progress.isPending, progress.isError, progress.data, setState]);

  const patchState = useCallback(
    (patch: Partial<WizardState>) => {
      if (stateRef.current) setState({ ...stateRef.current, ...patch });
    },
    [setState],
  );

  // ── save ──────────────────────────────────────────────────────────────────────────────────────────
  const saveNow = useCallback(
    async (mode: SaveMode): Promise<SaveOutcome> => {
      const s = stateRef.current;
      // nothing entered yet: nothing to save, and no message (the spec keeps 'No data to save' for the save dialog)
      if (!s || !hasData(s.data)) return 'nothing';
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
        const res = await saveMutation.mutateAsync({
          report_id: s.reportId,
          wizard_data: s.data,
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
          // a step change and an auto-save can both meet the newer version: one toast for it
          notify.error(t.conflict, undefined, 'wizard-conflict');
          return 'conflict';
        }
        if (error instanceof ApiError && error.status === 400) {
          // the server refused the data itself (a citation that does not verify, say): keep it, and say why
          writeReportCopy(s, true);
          notify.error(t.progressFailed, error.detail);
          return 'failed';
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
    },
    [patchState, saveMutation],
  );

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
  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  useAutoSave({
    save: () => void saveRef.current?.('auto'),
    isDirty: () => {
      const s = stateRef.current;
      return Boolean(s && hasData(s.data) && snapshot(s) !== lastSavedSnapshot.current);
    },
    hasPendingCopy: () => wentLocal.current,
    paused: conflict,
  });

  // ── conflict resolution ─────────────────────────────────────────────────────────────────────────────
  const loadNewer = useCallback(async () => {
    const s = stateRef.current;
    if (!s?.reportId) return;
    // nothing is lost: this tab's work becomes a saved report file before the newer work replaces it
    await saveReportFile(s.reportId, backupName(messages.wizard.conflict.backupMine), s.data).catch(() => undefined);
    const server = fromServer(await loadProgress(s.reportId), s.placeholderId);
    // this tab's work stays in browser storage under the report's key until the next successful save
    lastSavedSnapshot.current = snapshot(server.state);
    wentLocal.current = false;
    setState(server.state);
    setConflict(false);
    void keepAside(s.reportId, server.setAside);
  }, [setState]);

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
  const update = useCallback(
    (fn: (s: WizardState) => WizardState) => {
      const current = stateRef.current;
      if (current) setState(fn(current));
    },
    [setState],
  );

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
