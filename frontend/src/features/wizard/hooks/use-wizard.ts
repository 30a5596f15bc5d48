/**
 * The wizard's state and its persistence. Loading goes through TanStack Query (use-progress), saves run one
 * at a time, and auto-save is its own hook (use-auto-save). Saving goes to the server when a report exists,
 * to the temporary key before that, and to a local copy when the server is unreachable (synced when it is
 * back). Every copy (server, local, temporary) is parsed step by step on load; what does not parse is kept aside.
 *
 * Progress is stored per step on the server. A save sends only the steps this tab changed, each with the
 * version it is based on and the fields it changed, plus this tab's session id and request number: the
 * server then never takes the tab's own earlier request (one that landed late, or the save sent as the
 * previous page unloaded) for someone else's newer work. Before every request the state is written to a
 * journal in browser storage, so a reload or a closed tab loses nothing; the next page compares the journal
 * with the server step by step (lib/reconcile.ts). A real conflict (someone else saved the same step) names
 * who and when, and the user chooses; nothing is lost either way.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { changedFields, sameData } from '@shared/domain/same-data';
import { WIZARD_STEP_IDS, WIZARD_STEPS, type WizardStepId } from '@shared/domain/wizard-steps';
import { messages } from '@shared/messages';
import { parseWizardData, type CompleteStepResponse, type Progress, type SetAsideStep, type SetupResponse } from '@shared/schemas/wizard';
import { ApiError } from '@/lib/api-client';
import { completeStep as completeStepOnServer } from '../api/complete-step';
import { getOrganization } from '@/features/organizations';
import { getReport } from '@/features/reports';
import { loadProgress } from '../api/get-progress';
import { saveReportFile } from '../api/save-report-file';
import { clearPlaceholder, clearReportCopy, clearTemp, otherReportCopies, readReportCopy, readTemp, removeKey, stablePlaceholder, writeReportCopy, writeTemp, type LocalCopy, type RequestMark } from '../lib/local-store';
import { notify } from '../lib/notify';
import { reconcile } from '../lib/reconcile';
import { currentSession, isSessionAlive, nextSeq, saveSession } from '../lib/save-session';
import { keepAside } from '../lib/set-aside';
import { emptySetup, hasData, type WizardData, type WizardState } from '../lib/types';
import { useAutoSave } from './use-auto-save';
import { useProgressQuery, useSaveProgressMutation } from './use-progress';

export { AUTO_SAVE_MS } from './use-auto-save';

const t = messages.wizard.toasts;

/** `unload`: the page is going away (the request may outlive it) */
export type SaveMode = 'auto' | 'manual' | 'complete' | 'unload';
export type SaveOutcome = 'server' | 'temp' | 'local' | 'conflict' | 'failed' | 'nothing';

/** Browsers cap the bodies of requests that outlive their page (keepalive) at 64 KB in all. */
const KEEPALIVE_BYTES = 60_000;
/** a quiet save and the user's own save that both go local (the server is away) show one 'Progress saved locally' */
const SAVED_LOCALLY_TOAST = 'wizard-saved-locally';

/** One step someone else saved while this tab changed it too. */
export interface ConflictStep {
  step: WizardStepId;
  title: string;
  /** the other writer's display name (or this user's, from another tab) */
  who: string;
  /** the other writer is this user (another tab or device) */
  self: boolean;
  at: string | null;
  theirs: unknown;
  mine: unknown;
}

export interface Conflict {
  steps: ConflictStep[];
  /** the server's words, when it refused a save */
  detail?: string;
}

const backupName = (label: string) => `${label} (${new Date().toLocaleString()})`;
const knownSteps = (ids: readonly string[]) => ids.filter((s): s is WizardStepId => (WIZARD_STEP_IDS as readonly string[]).includes(s));
const stepTitle = (id: string) => WIZARD_STEPS.find((s) => s.id === id)?.title ?? id;
const union = (a: readonly WizardStepId[], b: readonly string[]) => WIZARD_STEP_IDS.filter((id) => a.includes(id) || b.includes(id));

export function emptyState(reportId: string | null): WizardState {
  return { reportId, placeholderId: stablePlaceholder(), data: {}, completed: [], current: 0, lastSaved: null, version: 0, stepVersions: {} };
}

/** A state read back from anywhere (server, local copy, temporary key), its data parsed step by step. */
function parsedState(raw: WizardState): { state: WizardState; setAside: SetAsideStep[] } {
  const { data, setAside } = parseWizardData(raw.data);
  return { state: { ...raw, data, completed: knownSteps(raw.completed ?? []), stepVersions: raw.stepVersions ?? {} }, setAside };
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
    stepVersions: progress.step_versions,
  });
}

/** What counts as a change worth saving before a report exists (the temporary key holds everything). */
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

/**
 * The journal this page reconciles with the server: this tab's own, else the newest one a tab left pending and
 * that no live tab answers for any more (a tab closed while offline).
 */
async function pickJournal(reportId: string): Promise<{ copy: LocalCopy; adopted: string | null } | null> {
  const own = readReportCopy(reportId, currentSession());
  if (own?.pending) return { copy: own, adopted: null };
  for (const other of otherReportCopies(reportId, currentSession())) {
    if (other.copy.session && (await isSessionAlive(other.copy.session))) continue;
    return { copy: other.copy, adopted: other.key };
  }
  return own ? { copy: own, adopted: null } : null;
}

export function useWizard(reportParam: string | null) {
  const [state, setStateRaw] = useState<WizardState | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  /** the latest state, for saves that run after a change in the same tick (kept in step by setState only) */
  const stateRef = useRef<WizardState | null>(null);
  /** each step's data as the server has it (what this tab loaded or saved last): a step that differs is unsaved */
  const baseRef = useRef<Partial<Record<WizardStepId, unknown>>>({});
  /** the current step and completed steps the server has from this tab */
  const savedMetaRef = useRef<{ current: number; completed: readonly string[] }>({ current: 0, completed: [] });
  /** before a report exists: the temporary copy's snapshot */
  const lastTempSnapshot = useRef('');
  /** steps whose "Complete" request has not answered yet */
  const completingRef = useRef<Set<WizardStepId>>(new Set());
  const lastMark = useRef<RequestMark>({});
  /** the session under which this tab's journal was written, and a closed tab's journal this page took over */
  const journalSession = useRef<string | null>(null);
  const adoptedKey = useRef<string | null>(null);
  const inFlight = useRef<Promise<unknown> | null>(null);
  const wentLocal = useRef(false);
  const loadedFor = useRef<string | null | undefined>(undefined);
  /** the latest `save` and `complete`, for the load effect and the auto-save timer (declared before the effects that use them) */
  const saveRef = useRef<((mode: SaveMode) => Promise<SaveOutcome>) | null>(null);
  const completeRef = useRef<((id: WizardStepId, data: unknown) => Promise<CompleteOutcome>) | null>(null);
  const progress = useProgressQuery(reportParam);
  const saveMutation = useSaveProgressMutation();

  const setState = useCallback((next: WizardState) => {
    stateRef.current = next;
    setStateRaw(next);
  }, []);

  const patchState = useCallback(
    (patch: Partial<WizardState>) => {
      if (stateRef.current) setState({ ...stateRef.current, ...patch });
    },
    [setState],
  );

  /** The steps this tab changed since the server last had them. */
  const dirtySteps = useCallback((s: WizardState) => WIZARD_STEP_IDS.filter((id) => s.data[id] !== undefined && !sameData(s.data[id], baseRef.current[id])), []);
  const metaDirty = useCallback((s: WizardState) => s.current !== savedMetaRef.current.current || s.completed.some((c) => !savedMetaRef.current.completed.includes(c)), []);
  const isDirty = useCallback(
    (s: WizardState | null) => {
      if (!s || !hasData(s.data)) return false;
      if (!s.reportId) return snapshot(s) !== lastTempSnapshot.current;
      return dirtySteps(s).length > 0 || metaDirty(s);
    },
    [dirtySteps, metaDirty],
  );

  /** This tab's work into browser storage before a request carries it (or when the page goes away). */
  const journal = useCallback((s: WizardState, mark: RequestMark = lastMark.current) => {
    if (!s.reportId) return false;
    const session = mark.session ?? lastMark.current.session ?? currentSession();
    lastMark.current = { ...mark, session, completing: [...completingRef.current] };
    journalSession.current = session;
    return writeReportCopy(s, true, { ...lastMark.current, session });
  }, []);

  /** The server has everything: this tab's journal (and one it adopted from a closed tab) goes. */
  const dropJournal = useCallback((reportId: string) => {
    clearReportCopy(reportId, journalSession.current ?? currentSession());
    if (adoptedKey.current) removeKey(adoptedKey.current);
    adoptedKey.current = null;
  }, []);

  /** The server has these steps as this tab sent them: they are the new base. */
  const settle = useCallback(
    (sent: Partial<Record<WizardStepId, unknown>>, versions: Record<string, number>, meta: { version: number; lastSaved: string; current: number; completed: readonly string[] }) => {
      for (const [id, data] of Object.entries(sent)) baseRef.current[id as WizardStepId] = data;
      savedMetaRef.current = { current: meta.current, completed: meta.completed };
      const s = stateRef.current;
      if (!s) return;
      const stepVersions = { ...s.stepVersions };
      for (const id of Object.keys(sent)) if (versions[id] !== undefined) stepVersions[id as WizardStepId] = versions[id];
      const next = { ...s, stepVersions, version: meta.version, lastSaved: meta.lastSaved, completed: union(s.completed, meta.completed) };
      setState(next);
      // the journal goes once the server has everything; while something is still unsaved it holds the latest state
      if (!isDirty(next) && completingRef.current.size === 0) dropJournal(s.reportId!);
      else journal(next);
    },
    [setState, isDirty, journal, dropJournal],
  );

  /** A save or completion was refused (409): find the steps someone else changed, and let the user choose. */
  const meetConflict = useCallback(
    async (s: WizardState, steps: readonly WizardStepId[], detail: string | undefined) => {
      notify.error(t.conflict, detail, 'wizard-conflict');
      let server: Progress | undefined;
      try {
        server = await loadProgress(s.reportId!);
      } catch {
        // the dialog still offers the choice; the steps are compared once the server answers again
      }
      const theirs = server ? parseWizardData(server.wizard_data).data : {};
      const conflicting = steps
        .filter((id) => !server || ((server.step_versions[id] ?? 0) !== (s.stepVersions[id] ?? 0) && !sameData(theirs[id], s.data[id])))
        .map((id): ConflictStep => {
          const meta = server?.steps[id];
          return { step: id, title: stepTitle(id), who: meta?.updated_by_name ?? meta?.updated_by ?? '', self: Boolean(meta?.session !== undefined), at: meta?.updated_at ?? null, theirs: theirs[id], mine: s.data[id] };
        });
      setConflict({ steps: conflicting, ...(detail ? { detail } : {}) });
    },
    [],
  );

  // this tab's save session, settled early (and answering other tabs that ask whether it is alive)
  useEffect(() => void saveSession(), []);

  // ── load ──────────────────────────────────────────────────────────────────────────────────────────
  useEffect(() => {
    if (loadedFor.current === reportParam) return;
    if (reportParam && stateRef.current?.reportId === reportParam) {
      loadedFor.current = reportParam; // we just created it
      return;
    }
    if (!reportParam) {
      loadedFor.current = null;
      baseRef.current = {};
      const temp = readTemp();
      if (temp?.state && hasData(temp.state.data ?? {})) {
        const { state: restored, setAside } = parsedState(temp.state);
        lastTempSnapshot.current = snapshot(restored);
        // restoring from browser storage (an external store) once per report: an effect by nature
        // eslint-disable-next-line react-hooks/set-state-in-effect -- the load runs once per report (loadedFor), not on every render
        setState(restored);
        void keepAside(null, setAside);
        notify.success(t.loadedPrevious);
      } else {
        const fresh = emptyState(null);
        lastTempSnapshot.current = snapshot(fresh);
        setState(fresh);
      }
      return;
    }
    if (progress.isPending) return;
    loadedFor.current = reportParam;
    const loaded = progress.isError ? undefined : progress.data;
    void (async () => {
      const found = await pickJournal(reportParam);
      const local = found?.copy ?? null;
      adoptedKey.current = found?.adopted ?? null;
      const localParsed = local ? parsedState(local.state) : undefined;
      // this tab's own journal goes on under its session; one taken over from a closed tab is written anew under this tab's
      if (local?.pending && !found?.adopted) lastMark.current = { ...(local.session ? { session: local.session } : {}), ...(local.seq !== undefined ? { seq: local.seq } : {}) };
      if (!loaded) {
        // silent (spec section 8): the local copy, or an empty wizard for this report
        const fallback = localParsed?.state ?? emptyState(reportParam);
        // nothing is known to be on the server: every step is sent (the server skips those it already has)
        baseRef.current = {};
        wentLocal.current = Boolean(local?.pending);
        setState(fallback);
        if (localParsed) void keepAside(null, localParsed.setAside);
        return;
      }
      const server = fromServer(loaded, local?.state.placeholderId ?? stablePlaceholder());
      baseRef.current = { ...server.state.data };
      savedMetaRef.current = { current: server.state.current, completed: server.state.completed };
      const merged = reconcile(
        { data: server.state.data, version: loaded.version, stepVersions: loaded.step_versions, steps: loaded.steps, completed: server.state.completed },
        local,
        localParsed?.state.data ?? null,
      );
      let next: WizardState = { ...server.state, data: merged.data, completed: merged.completed };
      if (merged.dirty.length) wentLocal.current = true;
      if (!next.data.setup) {
        const setup = await prefillSetup(reportParam);
        if (setup) next = { ...next, data: { ...next.data, setup } };
      }
      setState(next);
      void keepAside(reportParam, [...server.setAside, ...(localParsed?.setAside ?? [])]);
      if (merged.conflicts.length && localParsed) {
        // the server moved on while this browser held unsaved work of the same steps
        void meetConflict({ ...next, data: { ...next.data, ...Object.fromEntries(merged.conflicts.map((id) => [id, localParsed.state.data[id]])) }, stepVersions: localParsed.state.stepVersions }, merged.conflicts, undefined);
      }
      // completions that may not have reached the server (the tab closed right after "Complete") finish now
      for (const id of merged.completing) if (next.data[id] !== undefined) void completeRef.current?.(id, next.data[id]);
      if (merged.dirty.length || merged.completed.some((c) => !server.state.completed.includes(c))) void saveRef.current?.('auto');
      else if (!merged.conflicts.length) dropJournal(reportParam);
    })();
  }, [reportParam, progress.isPending, progress.isError, progress.data, setState, meetConflict, dropJournal]);

  // ── save ──────────────────────────────────────────────────────────────────────────────────────────
  const saveNow = useCallback(
    async (mode: SaveMode): Promise<SaveOutcome> => {
      const s = stateRef.current;
      // nothing entered yet: nothing to save, and no message (the spec keeps 'No data to save' for the save dialog)
      if (!s || !hasData(s.data)) return 'nothing';
      const quiet = mode === 'auto' || mode === 'unload';
      if (!s.reportId) {
        const savedAt = new Date().toISOString();
        if (writeTemp({ ...s, lastSaved: savedAt })) {
          lastTempSnapshot.current = snapshot(s);
          patchState({ lastSaved: savedAt });
          if (!quiet) notify.success(t.savedTemporarily);
          return 'temp';
        }
        notify.error(t.progressFailed);
        return 'failed';
      }
      const dirty = dirtySteps(s);
      if (quiet && !dirty.length && !metaDirty(s)) {
        // the server has everything (a completion's answer moved the current step on before the page did)
        if (completingRef.current.size === 0) dropJournal(s.reportId);
        return 'nothing';
      }
      const session = await saveSession();
      const seq = nextSeq();
      const sent = Object.fromEntries(dirty.map((id) => [id, s.data[id]])) as Partial<Record<WizardStepId, unknown>>;
      const body = {
        report_id: s.reportId,
        wizard_data: sent as WizardData,
        completed_steps: s.completed,
        current_step: s.current,
        last_saved: new Date().toISOString(),
        step_versions: Object.fromEntries(dirty.map((id) => [id, s.stepVersions[id] ?? 0])),
        changed_fields: Object.fromEntries(dirty.map((id) => [id, changedFields(baseRef.current[id], s.data[id])])),
        session,
        seq,
      };
      journal(s, { session, seq });
      try {
        const keepalive = mode === 'unload' && JSON.stringify(body).length < KEEPALIVE_BYTES;
        const res = await saveMutation.mutateAsync({ body, keepalive });
        settle(sent, res.step_versions, { version: res.version, lastSaved: res.last_saved, current: s.current, completed: s.completed });
        if (!quiet || wentLocal.current) notify.success(t.saved);
        wentLocal.current = false;
        return 'server';
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) {
          await meetConflict(s, dirty, error.detail);
          return 'conflict';
        }
        if (error instanceof ApiError && error.status === 400) {
          // the server refused the data itself (a citation that does not verify, say): keep it, and say why
          notify.error(t.progressFailed, error.detail);
          return 'failed';
        }
        // unreachable: the journal holds the work, and it is synced when the server is back
        patchState({ lastSaved: new Date().toISOString() });
        if (!quiet || !wentLocal.current) notify.success(t.savedLocally, undefined, SAVED_LOCALLY_TOAST);
        wentLocal.current = true;
        return 'local';
      }
    },
    [patchState, saveMutation, dirtySteps, metaDirty, journal, settle, meetConflict, dropJournal],
  );

  /** Runs one save or completion at a time; one asked for during another runs after it. */
  const exclusive = useCallback(async <T>(run: () => Promise<T>): Promise<T> => {
    while (inFlight.current) await inFlight.current.catch(() => undefined);
    const p = run();
    inFlight.current = p;
    try {
      return await p;
    } finally {
      if (inFlight.current === p) inFlight.current = null;
    }
  }, []);

  const save = useCallback((mode: SaveMode) => exclusive(() => saveNow(mode)), [exclusive, saveNow]);

  // ── complete a step: one server operation (store, record, compose) ───────────────────────────────────
  const completeNow = useCallback(
    async (id: WizardStepId, data: unknown): Promise<CompleteOutcome> => {
      const current = stateRef.current;
      if (!current) return { outcome: 'nothing' };
      const s: WizardState = { ...current, data: { ...current.data, [id]: data }, completed: current.completed.includes(id) ? current.completed : [...current.completed, id] };
      setState(s);
      if (!s.reportId) return { outcome: await saveNow('complete') };
      const session = await saveSession();
      const seq = nextSeq();
      completingRef.current.add(id);
      journal(s, { session, seq });
      const body = { data, version: s.stepVersions[id] ?? 0, changed_fields: changedFields(baseRef.current[id], data), session, seq };
      try {
        const res = await completeStepOnServer({ reportId: s.reportId, step: id, body, keepalive: JSON.stringify(body).length < KEEPALIVE_BYTES });
        completingRef.current.delete(id);
        settle({ [id]: data }, { [id]: res.step_version }, { version: res.version, lastSaved: res.last_saved, current: res.current_step, completed: res.completed_steps });
        if (wentLocal.current) notify.success(t.saved);
        wentLocal.current = false;
        return { outcome: 'server', result: res };
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) {
          completingRef.current.delete(id);
          await meetConflict(s, [id], error.detail);
          return { outcome: 'conflict' };
        }
        if (error instanceof ApiError && error.status < 500) {
          completingRef.current.delete(id);
          notify.error(t.progressFailed, error.detail);
          return { outcome: 'failed' };
        }
        // the journal holds the step and its completion: the next save (or the next visit) completes it
        patchState({ lastSaved: new Date().toISOString() });
        if (!wentLocal.current) notify.success(t.savedLocally, undefined, SAVED_LOCALLY_TOAST);
        wentLocal.current = true;
        return { outcome: 'local' };
      }
    },
    [setState, saveNow, journal, settle, meetConflict, patchState],
  );

  const complete = useCallback((id: WizardStepId, data: unknown) => exclusive(() => completeNow(id, data)), [exclusive, completeNow]);

  useEffect(() => {
    saveRef.current = save;
    completeRef.current = complete;
  }, [save, complete]);

  useAutoSave({
    save: (reason) => {
      const s = stateRef.current;
      // the page is going away: the journal first (synchronous), then a request that may outlive the page
      if (reason === 'unload' && s && isDirty(s)) journal(s);
      void saveRef.current?.(reason === 'unload' ? 'unload' : 'auto');
    },
    isDirty: () => isDirty(stateRef.current),
    hasPendingCopy: () => wentLocal.current,
    paused: conflict !== null,
  });

  // ── conflict resolution ─────────────────────────────────────────────────────────────────────────────
  /** Keep theirs: the other writer's steps replace this tab's (which become a saved report file first). */
  const loadNewer = useCallback(async () => {
    const s = stateRef.current;
    if (!s?.reportId) return;
    // nothing is lost: this tab's work becomes a saved report file before the newer work replaces it (a
    // conflict met on load already shows the newer steps: this tab's are the conflict's)
    const mine = { ...s.data, ...Object.fromEntries((conflict?.steps ?? []).map((c) => [c.step, c.mine])) };
    await saveReportFile(s.reportId, backupName(messages.wizard.conflict.backupMine), mine).catch(() => undefined);
    const server = fromServer(await loadProgress(s.reportId), s.placeholderId);
    const taken = new Set(conflict?.steps.map((c) => c.step) ?? WIZARD_STEP_IDS);
    baseRef.current = { ...server.state.data };
    savedMetaRef.current = { current: server.state.current, completed: server.state.completed };
    // steps that did not conflict keep this tab's changes (they are saved next)
    const data: WizardData = { ...server.state.data };
    for (const id of WIZARD_STEP_IDS) if (!taken.has(id) && s.data[id] !== undefined) (data as Record<string, unknown>)[id] = s.data[id];
    wentLocal.current = false;
    setState({ ...server.state, data, current: s.current, completed: union(server.state.completed, s.completed) });
    setConflict(null);
    dropJournal(s.reportId);
    void keepAside(s.reportId, server.setAside);
    if (isDirty(stateRef.current)) void save('auto');
  }, [setState, conflict, isDirty, save, dropJournal]);

  /** Keep mine: this tab's steps overwrite the other writer's (which become a saved report file first). */
  const keepMine = useCallback(async () => {
    const s = stateRef.current;
    if (!s?.reportId) return;
    const server = await loadProgress(s.reportId);
    const steps = conflict?.steps.length ? conflict.steps.map((c) => c.step) : dirtySteps(s);
    const theirs = Object.fromEntries(steps.filter((id) => server.wizard_data[id] !== undefined).map((id) => [id, server.wizard_data[id]]));
    // nothing is lost: the newer work becomes a saved report file before this tab's work replaces it
    if (Object.keys(theirs).length) {
      const who = conflict?.steps[0]?.who || server.updated_by || 'another tab';
      await saveReportFile(s.reportId, backupName(messages.wizard.conflict.backupTheirs(who)), theirs).catch(() => undefined);
    }
    const stepVersions = { ...s.stepVersions };
    const data: WizardData = { ...s.data };
    for (const id of steps) stepVersions[id] = server.step_versions[id] ?? 0;
    // (a conflict met on load shows the server's steps until the user chooses: this tab's come back now)
    for (const c of conflict?.steps ?? []) (data as Record<string, unknown>)[c.step] = c.mine;
    patchState({ data, stepVersions, version: server.version });
    setConflict(null);
    await save('manual');
  }, [save, patchState, conflict, dirtySteps]);

  /** Changes the state now (the ref too, so a save right after sees the change). */
  const update = useCallback(
    (fn: (s: WizardState) => WizardState) => {
      const current = stateRef.current;
      if (current) setState(fn(current));
    },
    [setState],
  );

  /** A step as the server stored it after an operation of its own (an accepted draft): the new base. */
  const applyServerStep = useCallback(
    (id: WizardStepId, data: unknown, stepVersion: number) => {
      const s = stateRef.current;
      if (!s) return;
      baseRef.current[id] = data;
      setState({ ...s, data: { ...s.data, [id]: data }, stepVersions: { ...s.stepVersions, [id]: stepVersion }, lastSaved: new Date().toISOString() });
    },
    [setState],
  );

  /**
   * Setup completed on the server (organization, report, setup step and progress in one transaction): progress
   * moves from the temporary key to the server, and what was typed in other steps before is saved there now.
   */
  const attachSetup = useCallback(
    (result: SetupResponse) => {
      const s = stateRef.current;
      if (!s) return;
      baseRef.current = s.reportId === result.report_id ? { ...baseRef.current, setup: result.setup } : { setup: result.setup };
      savedMetaRef.current = { current: s.reportId === result.report_id ? savedMetaRef.current.current : 1, completed: union([], [...savedMetaRef.current.completed, 'setup']) };
      const stepVersions = s.reportId === result.report_id ? { ...s.stepVersions, setup: result.step_version } : { setup: result.step_version };
      setState({
        ...s,
        reportId: result.report_id,
        data: { ...s.data, setup: result.setup },
        stepVersions,
        completed: union(s.completed, ['setup']),
        version: result.version,
        lastSaved: result.last_saved,
      });
      loadedFor.current = result.report_id;
      clearTemp();
      clearPlaceholder(); // its evidence now belongs to the report; the next new report gets a new one
      if (isDirty(stateRef.current)) void save('auto');
    },
    [setState, isDirty, save],
  );

  return { state, update, save, complete, conflict, loadNewer, keepMine, attachSetup, applyServerStep };
}

export type CompleteOutcome = { outcome: SaveOutcome; result?: CompleteStepResponse };
