/**
 * The wizard's progress: what this tab changed, what a save sends, how the server's answer merges with what
 * was typed meanwhile, conflicts, and the copies in browser storage. Plain logic: the server, browser storage,
 * the tab's session and the notifier come in as ports (browser-ports.ts), and use-wizard.ts wires it to React.
 *
 * - Saving goes to the server when a report exists, to the temporary key before that, and to this tab's journal
 *   when the server is unreachable (synced when it is back). Every copy (server, journal, temporary key) is
 *   parsed step by step on load; what does not parse is kept aside.
 * - Progress is stored per step on the server. A save sends only the steps this tab changed, each with the
 *   version it is based on and the fields it changed, plus this tab's session id and request number: the server
 *   then never takes the tab's own earlier request (one that landed late, or the save sent as the previous page
 *   unloaded) for someone else's newer work.
 * - The server's answer makes the steps it stored, as they were sent, the new base: what was typed while the
 *   request was out stays in the state, unsaved.
 * - Before every request the state is written to a journal in browser storage, so a reload or a closed tab loses
 *   nothing; the next page compares the journal with the server step by step (reconcile.ts).
 * - A real conflict (someone else saved the same step) names who and when, and the user chooses; nothing is lost
 *   either way (the version not kept becomes a saved report file).
 * - One save or completion runs at a time; one asked for during another runs after it.
 */
import type { BodyInput } from '@shared/api/route-types';
import type { wizardRoutes } from '@shared/api/routes/wizard';
import { changedFields, sameData } from '@shared/domain/same-data';
import { WIZARD_STEP_IDS, WIZARD_STEPS, type WizardStepId } from '@shared/domain/wizard-steps';
import { wizardTexts } from '@shared/messages/wizard';
import { parseWizardData, type CompleteStepResponse, type Progress, type SaveProgressResponse, type SetAsideStep, type SetupData, type SetupResponse } from '@shared/schemas/wizard';
import { reconcile } from './reconcile';
import { hasData, type LocalCopy, type RequestMark, type WizardData, type WizardState } from './types';

const t = wizardTexts.toasts;

/** `unload`: the page is going away (the request may outlive it) */
export type SaveMode = 'auto' | 'manual' | 'complete' | 'unload';
export type SaveOutcome = 'server' | 'temp' | 'local' | 'conflict' | 'failed' | 'nothing';
export type CompleteOutcome = { outcome: SaveOutcome; result?: CompleteStepResponse };

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

/** What the page shows: the state (null until loaded) and the conflict waiting for the user's choice. */
export interface WizardSnapshot {
  state: WizardState | null;
  conflict: Conflict | null;
}

export type SaveProgressInput = BodyInput<typeof wizardRoutes.saveProgress>;
export type CompleteStepInput = BodyInput<typeof wizardRoutes.completeStep>;

/** The server's side. */
export interface ProgressServer {
  load(reportId: string): Promise<Progress>;
  /** `keepalive`: the request may outlive the page */
  save(body: SaveProgressInput, keepalive: boolean): Promise<Pick<SaveProgressResponse, 'version' | 'last_saved' | 'step_versions'>>;
  complete(request: { reportId: string; step: WizardStepId; body: CompleteStepInput; keepalive: boolean }): Promise<CompleteStepResponse>;
  saveFile(reportId: string, fileName: string, data: Record<string, unknown>): Promise<unknown>;
  /** setup filled from the report and its organization (for a report with no saved setup); undefined when they cannot be read */
  setupOf(reportId: string): Promise<SetupData | undefined>;
  /** a failed request's refusal (status and detail; status 0: the token refresh it needed got no answer), or null when the request itself did not get through */
  refusal(error: unknown): { status: number; detail: string | undefined } | null;
}

/** Browser storage (local-store.ts): the temporary key before a report exists, and each tab's journal of a report. */
export interface JournalStore {
  readTemp(): LocalCopy | null;
  /** false when the browser refused */
  writeTemp(state: WizardState): boolean;
  clearTemp(): void;
  readReportCopy(reportId: string, session: string): LocalCopy | null;
  writeReportCopy(state: WizardState, pending: boolean, mark: RequestMark & { session: string }): boolean;
  clearReportCopy(reportId: string, session: string): void;
  /** journals of the report other tabs left pending, newest first */
  otherReportCopies(reportId: string, session: string): { key: string; copy: LocalCopy }[];
  removeKey(key: string): void;
  /** the report id evidence is filed under before setup has created the report */
  stablePlaceholder(): string;
  clearPlaceholder(): void;
}

/** This tab's save session (save-session.ts). */
export interface SaveSessions {
  /** the session id, once no other live page holds it */
  saveSession(): Promise<string>;
  /** the session id as stored now */
  currentSession(): string;
  isSessionAlive(session: string): Promise<boolean>;
  nextSeq(): number;
}

export interface Notifier {
  /** `id`: one toast for the same event however often it is raised */
  success(message: string, description?: string, id?: string): unknown;
  error(message: string, description?: string, id?: string): unknown;
}

export interface SyncPorts {
  server: ProgressServer;
  journal: JournalStore;
  sessions: SaveSessions;
  notify: Notifier;
  /** keeps saved data that does not parse (set-aside.ts) */
  keepAside(reportId: string | null, setAside: readonly SetAsideStep[]): Promise<void>;
  now(): Date;
}

/** Browsers cap the bodies of requests that outlive their page (keepalive) at 64 KB in all. */
export const KEEPALIVE_BYTES = 60_000;
/** a quiet save and the user's own save that both go local (the server is away) show one 'Progress saved locally' */
const SAVED_LOCALLY_TOAST = 'wizard-saved-locally';

type StepMap = Partial<Record<WizardStepId, unknown>>;

const knownSteps = (ids: readonly string[]) => ids.filter((s): s is WizardStepId => (WIZARD_STEP_IDS as readonly string[]).includes(s));
const stepTitle = (id: string) => WIZARD_STEPS.find((s) => s.id === id)?.title ?? id;
const union = (a: readonly WizardStepId[], b: readonly string[]) => WIZARD_STEP_IDS.filter((id) => a.includes(id) || b.includes(id));

/** A state read back from anywhere (server, journal, temporary key), its data parsed step by step. */
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
const snapshotOf = (s: WizardState) => JSON.stringify({ d: s.data, c: s.completed, i: s.current, r: s.reportId });

export class ProgressSync {
  private snapshot: WizardSnapshot = { state: null, conflict: null };
  private readonly listeners = new Set<() => void>();
  /** each step's data as the server has it (what this tab loaded or saved last): a step that differs is unsaved */
  private base: StepMap = {};
  /** the current step and completed steps the server has from this tab */
  private savedMeta: { current: number; completed: readonly string[] } = { current: 0, completed: [] };
  /** before a report exists: the temporary copy's snapshot */
  private tempSnapshot = '';
  /** steps whose "Complete" request has not answered yet */
  private readonly completing = new Set<WizardStepId>();
  /** the session and request number the journal is written under */
  private lastMark: RequestMark = {};
  /** the session under which this tab's journal was written, and a closed tab's journal this page took over */
  private journalSession: string | null = null;
  private adoptedKey: string | null = null;
  private inFlight: Promise<unknown> | null = null;
  /** the last save reached browser storage only: the journal waits for the server */
  private wentLocal = false;
  /** the report whose progress is shown (null: none yet); undefined until the first load */
  private loadedFor: string | null | undefined = undefined;

  constructor(private readonly ports: SyncPorts) {}

  // ── what the page reads ─────────────────────────────────────────────────────────────────────────────
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  readonly getSnapshot = (): WizardSnapshot => this.snapshot;

  get state(): WizardState | null {
    return this.snapshot.state;
  }

  get conflict(): Conflict | null {
    return this.snapshot.conflict;
  }

  /** a save reached browser storage only, and waits for the server */
  readonly hasPendingCopy = (): boolean => this.wentLocal;

  /** Something changed since the server (or, before a report exists, the temporary key) last had it. */
  readonly isDirty = (s: WizardState | null = this.state): boolean => {
    if (!s || !hasData(s.data)) return false;
    if (!s.reportId) return snapshotOf(s) !== this.tempSnapshot;
    return this.dirtySteps(s).length > 0 || this.metaDirty(s);
  };

  emptyState(reportId: string | null): WizardState {
    return { reportId, placeholderId: this.ports.journal.stablePlaceholder(), data: {}, completed: [], current: 0, lastSaved: null, version: 0, stepVersions: {} };
  }

  private setState(next: WizardState) {
    this.snapshot = { ...this.snapshot, state: next };
    this.emit();
  }

  private setConflict(conflict: Conflict | null) {
    this.snapshot = { ...this.snapshot, conflict };
    this.emit();
  }

  private emit() {
    for (const listener of [...this.listeners]) listener();
  }

  private patchState(patch: Partial<WizardState>) {
    if (this.state) this.setState({ ...this.state, ...patch });
  }

  private nowIso() {
    return this.ports.now().toISOString();
  }

  private backupName(label: string) {
    return `${label} (${this.ports.now().toLocaleString()})`;
  }

  /** The steps this tab changed since the server last had them. */
  private dirtySteps(s: WizardState): WizardStepId[] {
    return WIZARD_STEP_IDS.filter((id) => s.data[id] !== undefined && !sameData(s.data[id], this.base[id]));
  }

  private metaDirty(s: WizardState): boolean {
    return s.current !== this.savedMeta.current || s.completed.some((c) => !this.savedMeta.completed.includes(c));
  }

  // ── the journal ─────────────────────────────────────────────────────────────────────────────────────
  /** This tab's work into browser storage before a request carries it (or when the page goes away). */
  private journal(s: WizardState, mark: RequestMark = this.lastMark): boolean {
    if (!s.reportId) return false;
    const session = mark.session ?? this.lastMark.session ?? this.ports.sessions.currentSession();
    this.lastMark = { ...mark, session, completing: [...this.completing] };
    this.journalSession = session;
    return this.ports.journal.writeReportCopy(s, true, { ...this.lastMark, session });
  }

  /** The server has everything: this tab's journal (and one it adopted from a closed tab) goes. */
  private dropJournal(reportId: string) {
    this.ports.journal.clearReportCopy(reportId, this.journalSession ?? this.ports.sessions.currentSession());
    if (this.adoptedKey) this.ports.journal.removeKey(this.adoptedKey);
    this.adoptedKey = null;
  }

  /**
   * The journal this page reconciles with the server: this tab's own, else the newest one a tab left pending
   * and that no live tab answers for any more (a tab closed while offline).
   */
  private async pickJournal(reportId: string): Promise<{ copy: LocalCopy; adopted: string | null } | null> {
    const { journal, sessions } = this.ports;
    const own = journal.readReportCopy(reportId, sessions.currentSession());
    if (own?.pending) return { copy: own, adopted: null };
    for (const other of journal.otherReportCopies(reportId, sessions.currentSession())) {
      if (other.copy.session && (await sessions.isSessionAlive(other.copy.session))) continue;
      return { copy: other.copy, adopted: other.key };
    }
    return own ? { copy: own, adopted: null } : null;
  }

  // ── the server's answers ────────────────────────────────────────────────────────────────────────────
  /** The server has these steps as this tab sent them: they are the new base. */
  private settle(sent: StepMap, versions: Record<string, number>, meta: { version: number; lastSaved: string; current: number; completed: readonly string[] }) {
    for (const [id, data] of Object.entries(sent)) this.base[id as WizardStepId] = data;
    this.savedMeta = { current: meta.current, completed: meta.completed };
    const s = this.state;
    if (!s) return;
    const stepVersions = { ...s.stepVersions };
    for (const id of Object.keys(sent)) if (versions[id] !== undefined) stepVersions[id as WizardStepId] = versions[id];
    const next = { ...s, stepVersions, version: meta.version, lastSaved: meta.lastSaved, completed: union(s.completed, meta.completed) };
    this.setState(next);
    // the journal goes once the server has everything; while something is still unsaved it holds the latest state
    if (!this.isDirty(next) && this.completing.size === 0) this.dropJournal(s.reportId!);
    else this.journal(next);
  }

  /** A save or completion was refused (409): find the steps someone else changed, and let the user choose. */
  private async meetConflict(s: WizardState, steps: readonly WizardStepId[], detail: string | undefined) {
    this.ports.notify.error(t.conflict, detail, 'wizard-conflict');
    let server: Progress | undefined;
    try {
      server = await this.ports.server.load(s.reportId!);
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
    this.setConflict({ steps: conflicting, ...(detail ? { detail } : {}) });
  }

  /**
   * The server was not reached: the journal holds the work, synced when the server is back. The user hears of it
   * when the work first goes local, and on every save of their own (`toastAgain`).
   */
  private wentToJournal(toastAgain: boolean) {
    this.patchState({ lastSaved: this.nowIso() });
    if (toastAgain || !this.wentLocal) this.ports.notify.success(t.savedLocally, undefined, SAVED_LOCALLY_TOAST);
    this.wentLocal = true;
  }

  // ── load ────────────────────────────────────────────────────────────────────────────────────────────
  /**
   * Shows a report's progress once per report (without a report: the temporary copy). `server` is the server's
   * progress as its query has it: `pending` while it loads, `progress` undefined when it could not be loaded.
   */
  readonly load = (reportParam: string | null, server: { pending: boolean; progress: Progress | undefined }): void => {
    if (this.loadedFor === reportParam) return;
    if (reportParam && this.state?.reportId === reportParam) {
      this.loadedFor = reportParam; // this page just created it
      return;
    }
    if (!reportParam) {
      this.loadedFor = null;
      this.base = {};
      const temp = this.ports.journal.readTemp();
      if (temp?.state && hasData(temp.state.data ?? {})) {
        const { state: restored, setAside } = parsedState(temp.state);
        this.tempSnapshot = snapshotOf(restored);
        this.setState(restored);
        void this.ports.keepAside(null, setAside);
        this.ports.notify.success(t.loadedPrevious);
      } else {
        const fresh = this.emptyState(null);
        this.tempSnapshot = snapshotOf(fresh);
        this.setState(fresh);
      }
      return;
    }
    if (server.pending) return;
    this.loadedFor = reportParam;
    void this.loadReport(reportParam, server.progress);
  };

  private async loadReport(reportParam: string, loaded: Progress | undefined) {
    const found = await this.pickJournal(reportParam);
    const local = found?.copy ?? null;
    this.adoptedKey = found?.adopted ?? null;
    const localParsed = local ? parsedState(local.state) : undefined;
    // this tab's own journal goes on under its session; one taken over from a closed tab is written anew under this tab's
    if (local?.pending && !found?.adopted) this.lastMark = { ...(local.session ? { session: local.session } : {}), ...(local.seq !== undefined ? { seq: local.seq } : {}) };
    if (!loaded) {
      // silent (spec section 8): the journal, or an empty wizard for this report
      const fallback = localParsed?.state ?? this.emptyState(reportParam);
      // nothing is known to be on the server: every step is sent (the server skips those it already has)
      this.base = {};
      this.wentLocal = Boolean(local?.pending);
      this.setState(fallback);
      if (localParsed) void this.ports.keepAside(null, localParsed.setAside);
      return;
    }
    const server = fromServer(loaded, local?.state.placeholderId ?? this.ports.journal.stablePlaceholder());
    this.base = { ...server.state.data };
    this.savedMeta = { current: server.state.current, completed: server.state.completed };
    const merged = reconcile(
      { data: server.state.data, version: loaded.version, stepVersions: loaded.step_versions, steps: loaded.steps, completed: server.state.completed },
      local,
      localParsed?.state.data ?? null,
    );
    let next: WizardState = { ...server.state, data: merged.data, completed: merged.completed };
    if (merged.dirty.length) this.wentLocal = true;
    if (!next.data.setup) {
      const setup = await this.ports.server.setupOf(reportParam);
      if (setup) next = { ...next, data: { ...next.data, setup } };
    }
    this.setState(next);
    void this.ports.keepAside(reportParam, [...server.setAside, ...(localParsed?.setAside ?? [])]);
    if (merged.conflicts.length && localParsed) {
      // the server moved on while this browser held unsaved work of the same steps
      void this.meetConflict({ ...next, data: { ...next.data, ...Object.fromEntries(merged.conflicts.map((id) => [id, localParsed.state.data[id]])) }, stepVersions: localParsed.state.stepVersions }, merged.conflicts, undefined);
    }
    // completions that may not have reached the server (the tab closed right after "Complete") finish now
    for (const id of merged.completing) if (next.data[id] !== undefined) void this.complete(id, next.data[id]);
    if (merged.dirty.length || merged.completed.some((c) => !server.state.completed.includes(c))) void this.save('auto');
    else if (!merged.conflicts.length) this.dropJournal(reportParam);
  }

  // ── save ────────────────────────────────────────────────────────────────────────────────────────────
  /** Runs one save or completion at a time; one asked for during another runs after it. */
  private async exclusive<T>(run: () => Promise<T>): Promise<T> {
    while (this.inFlight) await this.inFlight.catch(() => undefined);
    const p = run();
    this.inFlight = p;
    try {
      return await p;
    } finally {
      if (this.inFlight === p) this.inFlight = null;
    }
  }

  readonly save = (mode: SaveMode): Promise<SaveOutcome> => this.exclusive(() => this.saveNow(mode));

  private async saveNow(mode: SaveMode): Promise<SaveOutcome> {
    const s = this.state;
    // nothing entered yet: nothing to save, and no message (the spec keeps 'No data to save' for the save dialog)
    if (!s || !hasData(s.data)) return 'nothing';
    const { server, notify, sessions } = this.ports;
    const quiet = mode === 'auto' || mode === 'unload';
    if (!s.reportId) {
      const savedAt = this.nowIso();
      if (this.ports.journal.writeTemp({ ...s, lastSaved: savedAt })) {
        this.tempSnapshot = snapshotOf(s);
        this.patchState({ lastSaved: savedAt });
        if (!quiet) notify.success(t.savedTemporarily);
        return 'temp';
      }
      notify.error(t.progressFailed);
      return 'failed';
    }
    const dirty = this.dirtySteps(s);
    if (quiet && !dirty.length && !this.metaDirty(s)) {
      // the server has everything (a completion's answer moved the current step on before the page did)
      if (this.completing.size === 0) this.dropJournal(s.reportId);
      return 'nothing';
    }
    const session = await sessions.saveSession();
    const seq = sessions.nextSeq();
    const sent = Object.fromEntries(dirty.map((id) => [id, s.data[id]])) as StepMap;
    const body: SaveProgressInput = {
      report_id: s.reportId,
      wizard_data: sent as WizardData,
      completed_steps: s.completed,
      current_step: s.current,
      last_saved: this.nowIso(),
      step_versions: Object.fromEntries(dirty.map((id) => [id, s.stepVersions[id] ?? 0])),
      changed_fields: Object.fromEntries(dirty.map((id) => [id, changedFields(this.base[id], s.data[id])])),
      session,
      seq,
    };
    this.journal(s, { session, seq });
    try {
      const keepalive = mode === 'unload' && JSON.stringify(body).length < KEEPALIVE_BYTES;
      const res = await server.save(body, keepalive);
      this.settle(sent, res.step_versions, { version: res.version, lastSaved: res.last_saved, current: s.current, completed: s.completed });
      if (!quiet || this.wentLocal) notify.success(t.saved);
      this.wentLocal = false;
      return 'server';
    } catch (error) {
      const refused = server.refusal(error);
      if (refused?.status === 409) {
        await this.meetConflict(s, dirty, refused.detail);
        return 'conflict';
      }
      if (refused?.status === 400) {
        // the server refused the data itself (a citation that does not verify, say): keep it, and say why
        notify.error(t.progressFailed, refused.detail);
        return 'failed';
      }
      // anything else is taken for an unreachable server
      this.wentToJournal(!quiet);
      return 'local';
    }
  }

  /** The auto-save's call (quiet). As the page goes away: the journal first (synchronous), then a request that may outlive the page. */
  readonly autoSave = (reason: 'interval' | 'online' | 'unload'): void => {
    const s = this.state;
    if (reason === 'unload' && s && this.isDirty(s)) this.journal(s);
    void this.save(reason === 'unload' ? 'unload' : 'auto');
  };

  // ── complete a step: one server operation (store, record, compose) ───────────────────────────────────
  readonly complete = (id: WizardStepId, data: unknown): Promise<CompleteOutcome> => this.exclusive(() => this.completeNow(id, data));

  private async completeNow(id: WizardStepId, data: unknown): Promise<CompleteOutcome> {
    const current = this.state;
    if (!current) return { outcome: 'nothing' };
    const s: WizardState = { ...current, data: { ...current.data, [id]: data }, completed: current.completed.includes(id) ? current.completed : [...current.completed, id] };
    this.setState(s);
    if (!s.reportId) return { outcome: await this.saveNow('complete') };
    const { server, notify, sessions } = this.ports;
    const session = await sessions.saveSession();
    const seq = sessions.nextSeq();
    this.completing.add(id);
    this.journal(s, { session, seq });
    const body = { data, version: s.stepVersions[id] ?? 0, changed_fields: changedFields(this.base[id], data), session, seq };
    try {
      const res = await server.complete({ reportId: s.reportId, step: id, body, keepalive: JSON.stringify(body).length < KEEPALIVE_BYTES });
      this.completing.delete(id);
      this.settle({ [id]: data }, { [id]: res.step_version }, { version: res.version, lastSaved: res.last_saved, current: res.current_step, completed: res.completed_steps });
      if (this.wentLocal) notify.success(t.saved);
      this.wentLocal = false;
      return { outcome: 'server', result: res };
    } catch (error) {
      const refused = server.refusal(error);
      if (refused?.status === 409) {
        this.completing.delete(id);
        await this.meetConflict(s, [id], refused.detail);
        return { outcome: 'conflict' };
      }
      if (refused && refused.status < 500) {
        this.completing.delete(id);
        notify.error(t.progressFailed, refused.detail);
        return { outcome: 'failed' };
      }
      // the journal holds the step and its completion: the next save (or the next visit) completes it
      this.wentToJournal(false);
      return { outcome: 'local' };
    }
  }

  // ── conflict resolution ─────────────────────────────────────────────────────────────────────────────
  /** Keep theirs: the other writer's steps replace this tab's (which become a saved report file first). */
  readonly loadNewer = async (): Promise<void> => {
    const s = this.state;
    if (!s?.reportId) return;
    const conflict = this.conflict;
    // nothing is lost: this tab's work becomes a saved report file before the newer work replaces it (a
    // conflict met on load already shows the newer steps: this tab's are the conflict's)
    const mine = { ...s.data, ...Object.fromEntries((conflict?.steps ?? []).map((c) => [c.step, c.mine])) };
    await this.ports.server.saveFile(s.reportId, this.backupName(wizardTexts.conflict.backupMine), mine).catch(() => undefined);
    const server = fromServer(await this.ports.server.load(s.reportId), s.placeholderId);
    const taken = new Set(conflict?.steps.map((c) => c.step) ?? WIZARD_STEP_IDS);
    this.base = { ...server.state.data };
    this.savedMeta = { current: server.state.current, completed: server.state.completed };
    // steps that did not conflict keep this tab's changes (they are saved next)
    const data: WizardData = { ...server.state.data };
    for (const id of WIZARD_STEP_IDS) if (!taken.has(id) && s.data[id] !== undefined) (data as Record<string, unknown>)[id] = s.data[id];
    this.wentLocal = false;
    this.setState({ ...server.state, data, current: s.current, completed: union(server.state.completed, s.completed) });
    this.setConflict(null);
    this.dropJournal(s.reportId);
    void this.ports.keepAside(s.reportId, server.setAside);
    if (this.isDirty()) void this.save('auto');
  };

  /** Keep mine: this tab's steps overwrite the other writer's (which become a saved report file first). */
  readonly keepMine = async (): Promise<void> => {
    const s = this.state;
    if (!s?.reportId) return;
    const conflict = this.conflict;
    const server = await this.ports.server.load(s.reportId);
    const steps = conflict?.steps.length ? conflict.steps.map((c) => c.step) : this.dirtySteps(s);
    const theirs = Object.fromEntries(steps.filter((id) => server.wizard_data[id] !== undefined).map((id) => [id, server.wizard_data[id]]));
    // nothing is lost: the newer work becomes a saved report file before this tab's work replaces it
    if (Object.keys(theirs).length) {
      const who = conflict?.steps[0]?.who || server.updated_by || 'another tab';
      await this.ports.server.saveFile(s.reportId, this.backupName(wizardTexts.conflict.backupTheirs(who)), theirs).catch(() => undefined);
    }
    const stepVersions = { ...s.stepVersions };
    const data: WizardData = { ...s.data };
    for (const id of steps) stepVersions[id] = server.step_versions[id] ?? 0;
    // (a conflict met on load shows the server's steps until the user chooses: this tab's come back now)
    for (const c of conflict?.steps ?? []) (data as Record<string, unknown>)[c.step] = c.mine;
    this.patchState({ data, stepVersions, version: server.version });
    this.setConflict(null);
    await this.save('manual');
  };

  // ── changes from the page ───────────────────────────────────────────────────────────────────────────
  /** Changes the state now (a save right after sees the change). */
  readonly update = (fn: (s: WizardState) => WizardState): void => {
    const current = this.state;
    if (current) this.setState(fn(current));
  };

  /** A step as the server stored it after an operation of its own (an accepted draft): the new base. */
  readonly applyServerStep = (id: WizardStepId, data: unknown, stepVersion: number): void => {
    const s = this.state;
    if (!s) return;
    this.base[id] = data;
    this.setState({ ...s, data: { ...s.data, [id]: data }, stepVersions: { ...s.stepVersions, [id]: stepVersion }, lastSaved: this.nowIso() });
  };

  /**
   * Setup completed on the server (organization, report, setup step and progress in one transaction): progress
   * moves from the temporary key to the server, and what was typed in other steps before is saved there now.
   */
  readonly attachSetup = (result: SetupResponse): void => {
    const s = this.state;
    if (!s) return;
    const same = s.reportId === result.report_id;
    this.base = same ? { ...this.base, setup: result.setup } : { setup: result.setup };
    this.savedMeta = { current: same ? this.savedMeta.current : 1, completed: union([], [...this.savedMeta.completed, 'setup']) };
    const stepVersions = same ? { ...s.stepVersions, setup: result.step_version } : { setup: result.step_version };
    this.setState({
      ...s,
      reportId: result.report_id,
      data: { ...s.data, setup: result.setup },
      stepVersions,
      completed: union(s.completed, ['setup']),
      version: result.version,
      lastSaved: result.last_saved,
    });
    this.loadedFor = result.report_id;
    this.ports.journal.clearTemp();
    this.ports.journal.clearPlaceholder(); // its evidence now belongs to the report; the next new report gets a new one
    if (this.isDirty()) void this.save('auto');
  };
}
