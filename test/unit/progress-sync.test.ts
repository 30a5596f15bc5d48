/**
 * The wizard's progress logic (frontend/src/features/wizard/lib/progress-sync.ts) against a small server of its
 * own (per-step versions, the writer's session and request number, a 409 for another writer's newer step) and
 * browser storage kept as local-store.ts keeps it (the temporary key, each tab's journal of the report), in memory.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { sameData } from '@shared/domain/same-data';
import { WIZARD_STEP_IDS, type WizardStepId } from '@shared/domain/wizard-steps';
import { messages } from '@shared/messages';
import type { CompleteStepResponse, Progress, SetupResponse, StepMeta } from '@shared/schemas/wizard';
import { KEEPALIVE_BYTES, ProgressSync, type CompleteStepInput, type JournalStore, type SaveProgressInput, type SyncPorts } from '../../frontend/src/features/wizard/lib/progress-sync';
import type { LocalCopy, RequestMark, WizardState } from '../../frontend/src/features/wizard/lib/types';

const t = messages.wizard.toasts;
const REPORT = '11111111-2222-4333-8444-555555555555';
const ME = 'me';

/** What storage keeps is a serialized copy: later changes to the state do not reach it. */
const stored = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/**
 * Browser storage as local-store.ts keeps it: the temporary key (no report yet), and a journal per tab of each
 * report, keyed by the tab's session; other tabs' pending journals newest first.
 */
class MemoryJournal implements JournalStore {
  temp: LocalCopy | null = null;
  readonly copies = new Map<string, LocalCopy>();
  placeholder: string | null = null;
  private writes = 0;
  private stamp() {
    return new Date(Date.UTC(2025, 0, 1, 0, 0, ++this.writes)).toISOString();
  }
  readTemp() {
    return this.temp && stored(this.temp);
  }
  writeTemp(state: WizardState) {
    this.temp = stored({ state, pending: true, savedAt: this.stamp() });
    return true;
  }
  clearTemp() {
    this.temp = null;
  }
  readReportCopy(reportId: string, session: string) {
    const copy = this.copies.get(`${reportId}.${session}`);
    return copy ? stored(copy) : null;
  }
  writeReportCopy(state: WizardState, pending: boolean, mark: RequestMark & { session: string }) {
    this.copies.set(`${state.reportId}.${mark.session}`, stored({ state, pending, savedAt: this.stamp(), ...mark }));
    return true;
  }
  clearReportCopy(reportId: string, session: string) {
    this.copies.delete(`${reportId}.${session}`);
  }
  otherReportCopies(reportId: string, session: string) {
    return [...this.copies]
      .filter(([key, copy]) => key.startsWith(`${reportId}.`) && key !== `${reportId}.${session}` && copy.pending)
      .map(([key, copy]) => ({ key, copy: stored(copy) }))
      .sort((a, b) => b.copy.savedAt.localeCompare(a.copy.savedAt));
  }
  removeKey(key: string) {
    this.copies.delete(key);
  }
  stablePlaceholder() {
    return (this.placeholder ??= 'temp-00000000-0000-4000-8000-000000000000');
  }
  clearPlaceholder() {
    this.placeholder = null;
  }
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly detail?: string,
  ) {
    super(`refused ${status}`);
  }
}

const objectives = (purpose: string, methodology = '') => ({ purpose, inScope: '', outOfScope: '', methodology });
const context = (companyBackground: string) => ({ companyBackground, marketEnvironment: '', internalContext: '' });

/** A promise the test settles. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { opened, open };
}

/**
 * The server's side of progress: each step with its own version and the writer (user, and for this user the tab's
 * session and request number). A versioned save of a step whose version moved, with other data, by another tab
 * or user, is refused as a whole (409); a tab's own later save is never.
 */
class FakeServer {
  data: Record<string, unknown> = {};
  versions: Record<string, number> = {};
  steps: Record<string, StepMeta> = {};
  completed: string[] = [];
  current = 0;
  version = 0;
  offline = false;
  /** answers wait for this gate when set */
  hold: Promise<void> | null = null;
  saves: { body: SaveProgressInput; keepalive: boolean }[] = [];
  completions: { step: WizardStepId; body: CompleteStepInput; keepalive: boolean }[] = [];
  files: { name: string; data: Record<string, unknown> }[] = [];
  refuseNext: Refusal | null = null;

  /** Someone writes a step (another user, or this user from another tab). */
  write(step: WizardStepId, value: unknown, by: { user: string; name: string; session?: string; seq?: number }) {
    this.data[step] = value;
    this.versions[step] = (this.versions[step] ?? 0) + 1;
    this.steps[step] = { version: this.versions[step], updated_by: by.user, updated_by_name: by.name, updated_at: '2025-01-02T03:04:05.000Z', ...(by.user === ME && by.session ? { session: by.session, seq: by.seq } : {}) };
    this.version++;
  }

  progress(): Progress {
    return structuredClone({
      report_id: REPORT,
      wizard_data: this.data,
      completed_steps: this.completed,
      current_step: this.current,
      last_saved: null,
      version: this.version,
      updated_by: null,
      step_versions: this.versions,
      steps: this.steps,
    });
  }

  private async reach() {
    if (this.hold) await this.hold;
    if (this.offline) throw new TypeError('Failed to fetch');
    if (this.refuseNext) {
      const r = this.refuseNext;
      this.refuseNext = null;
      throw r;
    }
  }

  private check(step: string, value: unknown, based: number | undefined, session: string | undefined) {
    const meta = this.steps[step];
    const moved = based !== undefined && based !== (this.versions[step] ?? 0);
    const own = Boolean(session && meta?.session === session);
    if (moved && !own && !sameData(this.data[step], value)) throw new Refusal(409, `${meta?.updated_by_name ?? 'Someone'} saved ${step}`);
  }

  async save(body: SaveProgressInput, keepalive: boolean) {
    this.saves.push({ body: structuredClone(body), keepalive });
    await this.reach();
    const sent = Object.entries(body.wizard_data as Record<string, unknown>);
    for (const [step, value] of sent) this.check(step, value, body.step_versions?.[step as WizardStepId], body.session);
    for (const [step, value] of sent) this.write(step as WizardStepId, value, { user: ME, name: 'Me', session: body.session, seq: body.seq });
    this.completed = [...new Set([...this.completed, ...body.completed_steps])];
    this.current = body.current_step;
    return { version: this.version, last_saved: '2025-01-02T03:05:00.000Z', step_versions: { ...this.versions } };
  }

  async complete(r: { reportId: string; step: WizardStepId; body: CompleteStepInput; keepalive: boolean }): Promise<CompleteStepResponse> {
    this.completions.push({ step: r.step, body: structuredClone(r.body), keepalive: r.keepalive });
    await this.reach();
    this.check(r.step, r.body.data, r.body.version, r.body.session);
    this.write(r.step, r.body.data, { user: ME, name: 'Me', session: r.body.session, seq: r.body.seq });
    if (!this.completed.includes(r.step)) this.completed.push(r.step);
    this.current = WIZARD_STEP_IDS.indexOf(r.step) + 1;
    return { success: true, step: r.step, step_version: this.versions[r.step]!, version: this.version, last_saved: '2025-01-02T03:06:00.000Z', completed_steps: [...this.completed], current_step: this.current, composed: [], unchanged: [], needs_confirmation: [] };
  }
}

interface Page {
  sync: ProgressSync;
  toasts: string[];
  errors: string[];
  /** the tab's request numbers so far */
  seq: () => number;
}

let storage: MemoryJournal;
let server: FakeServer;
let nextSeq: number;
const alive = new Set<string>();

beforeEach(() => {
  storage = new MemoryJournal();
  server = new FakeServer();
  nextSeq = 0;
  alive.clear();
});

/** A page of the tab `session` (a reload is a new page of the same tab: its request numbers go on). */
function openPage(session = 'tab-a'): Page {
  const toasts: string[] = [];
  const errors: string[] = [];
  const ports: SyncPorts = {
    server: {
      load: async () => {
        if (server.offline) throw new TypeError('Failed to fetch');
        return server.progress();
      },
      save: (body, keepalive) => server.save(body, keepalive),
      complete: (r) => server.complete(r),
      saveFile: async (_reportId, name, data) => void server.files.push({ name, data: structuredClone(data) }),
      setupOf: async () => undefined,
      refusal: (error) => (error instanceof Refusal ? { status: error.status, detail: error.detail } : null),
    },
    journal: storage,
    sessions: { saveSession: async () => session, currentSession: () => session, isSessionAlive: async (s) => alive.has(s), nextSeq: () => ++nextSeq },
    notify: { success: (m) => void toasts.push(m), error: (m) => void errors.push(m) },
    keepAside: async () => undefined,
    now: () => new Date('2025-01-02T03:04:05.000Z'),
  };
  return { sync: new ProgressSync(ports), toasts, errors, seq: () => nextSeq };
}

/** Lets the page's pending promises run (each await of the fakes is a microtask; a few macrotasks cover them). */
async function settle() {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
}

/** Opens the report on a new page and waits for its load (and the saves the load starts). */
async function loaded(session = 'tab-a'): Promise<Page> {
  const page = openPage(session);
  page.sync.load(REPORT, { pending: false, progress: server.offline ? undefined : server.progress() });
  await settle();
  return page;
}

const state = (p: Page) => p.sync.state!;
const type = (p: Page, step: WizardStepId, value: unknown) => p.sync.update((s) => ({ ...s, data: { ...s.data, [step]: value } }));
const journalOf = (session = 'tab-a') => storage.readReportCopy(REPORT, session);

describe('what a save sends', () => {
  it('only the steps this tab changed, each with the version it is based on and the fields changed, under the tab’s session and next request number', async () => {
    // Prepare: the server has two steps; the tab changes one field of one of them
    server.write('objectives', objectives('Grow'), { user: 'dana', name: 'Dana Reyes' });
    server.write('context', context('Founded 1990'), { user: 'dana', name: 'Dana Reyes' });
    const page = await loaded();
    expect(page.sync.isDirty()).toBe(false);
    type(page, 'objectives', objectives('Grow', 'Interviews'));

    // Act
    const outcome = await page.sync.save('manual');

    // Assess
    expect(outcome).toBe('server');
    expect(server.saves).toHaveLength(1);
    const { body } = server.saves[0]!;
    expect(body.wizard_data).toEqual({ objectives: objectives('Grow', 'Interviews') });
    expect(body.step_versions).toEqual({ objectives: 1 });
    expect(body.changed_fields).toEqual({ objectives: ['methodology'] });
    expect([body.session, body.seq]).toEqual(['tab-a', 1]);
    expect(page.toasts).toEqual([t.saved]);
    expect(state(page).stepVersions.objectives).toBe(2);
    expect(page.sync.isDirty()).toBe(false);
  });

  it('nothing on a quiet save when nothing changed; the next request of the tab takes the next number', async () => {
    server.write('objectives', objectives('Grow'), { user: ME, name: 'Me' });
    const page = await loaded();

    expect(await page.sync.save('auto')).toBe('nothing');
    expect(server.saves).toHaveLength(0);

    type(page, 'objectives', objectives('Grow more'));
    await page.sync.save('auto');
    type(page, 'objectives', objectives('Grow even more'));
    await page.sync.save('auto');
    expect(server.saves.map((s) => s.body.seq)).toEqual([1, 2]);
    // a quiet save that reached the server says nothing
    expect(page.toasts).toEqual([]);
  });

  it('a step moved on (the current step) is sent as such, without step data', async () => {
    server.write('objectives', objectives('Grow'), { user: ME, name: 'Me' });
    const page = await loaded();
    page.sync.update((s) => ({ ...s, current: 3 }));
    expect(page.sync.isDirty()).toBe(true);

    await page.sync.save('auto');

    expect(server.saves[0]!.body).toMatchObject({ wizard_data: {}, current_step: 3, step_versions: {} });
    expect(page.sync.isDirty()).toBe(false);
  });
});

describe("the server's answer and what was typed meanwhile", () => {
  /** A page whose objectives this user saved as "A" and has typed as "AB"; the server holds its answers until `held.open()`. */
  async function typedWhileAnswersHeld() {
    server.write('objectives', objectives('A'), { user: ME, name: 'Me' });
    const page = await loaded();
    const held = gate();
    server.hold = held.opened;
    type(page, 'objectives', objectives('AB'));
    return { page, held };
  }

  it('keeps what was typed while a save was out, unsaved, and sends it next against the version the answer gave', async () => {
    // Prepare
    const { page, held } = await typedWhileAnswersHeld();

    // Act: a save goes out; the user goes on typing in the same step and another; the answer comes
    const first = page.sync.save('auto');
    await settle();
    type(page, 'objectives', objectives('ABC'));
    type(page, 'context', context('Ctx'));
    server.hold = null;
    held.open();
    expect(await first).toBe('server');

    // Assess: the typed text is still shown, and still unsaved; the step's version is the answer's
    expect(state(page).data.objectives).toEqual(objectives('ABC'));
    expect(state(page).data.context).toEqual(context('Ctx'));
    expect(state(page).stepVersions.objectives).toBe(2);
    expect(page.sync.isDirty()).toBe(true);
    // the journal keeps the latest state while something is unsaved
    expect(journalOf()?.state.data.objectives).toEqual(objectives('ABC'));

    await page.sync.save('auto');
    const second = server.saves[1]!.body;
    expect(second.wizard_data).toEqual({ objectives: objectives('ABC'), context: context('Ctx') });
    expect(second.step_versions).toEqual({ objectives: 2, context: 0 });
    expect(second.changed_fields).toEqual({ objectives: ['purpose'], context: ['companyBackground', 'internalContext', 'marketEnvironment'] });
    expect(page.sync.isDirty()).toBe(false);
    // everything is on the server: the journal is gone
    expect(journalOf()).toBeNull();
  });

  it('runs one save at a time: a save asked for during another waits for its answer, then sends only what is still unsaved', async () => {
    const { page, held } = await typedWhileAnswersHeld();

    const first = page.sync.save('auto');
    const second = page.sync.save('auto');
    await settle();
    expect(server.saves).toHaveLength(1);
    server.hold = null;
    held.open();

    expect(await first).toBe('server');
    expect(await second).toBe('nothing');
    expect(server.saves).toHaveLength(1);
  });

  it('a step the server stored by an operation of its own (an accepted draft) is the new base', async () => {
    server.write('context', context('Old'), { user: ME, name: 'Me' });
    const page = await loaded();

    page.sync.applyServerStep('context', context('Drafted'), 7);

    expect(state(page).data.context).toEqual(context('Drafted'));
    expect(state(page).stepVersions.context).toBe(7);
    expect(page.sync.isDirty()).toBe(false);
  });
});

describe('conflicts', () => {
  async function conflicted() {
    server.write('objectives', objectives('Base'), { user: ME, name: 'Me' });
    server.write('context', context('Base ctx'), { user: ME, name: 'Me' });
    const page = await loaded();
    // Dana saves Objectives after this page loaded it; this tab changes Objectives and Context
    server.write('objectives', objectives('Dana’s'), { user: 'dana', name: 'Dana Reyes' });
    type(page, 'objectives', objectives('Mine'));
    type(page, 'context', context('My ctx'));
    const outcome = await page.sync.save('manual');
    return { page, outcome };
  }

  it('a refused save names the step someone else changed, who and when, with both versions', async () => {
    const { page, outcome } = await conflicted();

    expect(outcome).toBe('conflict');
    expect(page.errors).toEqual([t.conflict]);
    expect(page.sync.conflict?.steps).toEqual([
      { step: 'objectives', title: 'Objectives & Scope', who: 'Dana Reyes', self: false, at: '2025-01-02T03:04:05.000Z', theirs: objectives('Dana’s'), mine: objectives('Mine') },
    ]);
    expect(page.sync.conflict?.detail).toBe('Dana Reyes saved objectives');
    // nothing typed is lost while the user chooses
    expect(state(page).data.objectives).toEqual(objectives('Mine'));
  });

  it('keep mine: their version becomes a saved report file, then mine is saved over the version they wrote', async () => {
    const { page } = await conflicted();

    await page.sync.keepMine();

    expect(server.files).toEqual([{ name: `${messages.wizard.conflict.backupTheirs('Dana Reyes')} (${new Date('2025-01-02T03:04:05.000Z').toLocaleString()})`, data: { objectives: objectives('Dana’s') } }]);
    expect(page.sync.conflict).toBeNull();
    const last = server.saves.at(-1)!.body;
    expect(last.step_versions?.objectives).toBe(2);
    expect(server.data.objectives).toEqual(objectives('Mine'));
    expect(server.data.context).toEqual(context('My ctx'));
  });

  it('load the newer work: mine becomes a saved report file, the step in conflict takes theirs, and my other changes are kept and saved', async () => {
    const { page } = await conflicted();

    await page.sync.loadNewer();
    await settle();

    expect(server.files).toHaveLength(1);
    expect(server.files[0]!.name).toMatch(new RegExp(`^${messages.wizard.conflict.backupMine} \\(`));
    expect(server.files[0]!.data).toMatchObject({ objectives: objectives('Mine'), context: context('My ctx') });
    expect(page.sync.conflict).toBeNull();
    expect(state(page).data.objectives).toEqual(objectives('Dana’s'));
    expect(state(page).data.context).toEqual(context('My ctx'));
    const last = server.saves.at(-1)!.body;
    expect(last.wizard_data).toEqual({ context: context('My ctx') });
    expect(server.data.context).toEqual(context('My ctx'));
    expect(page.sync.isDirty()).toBe(false);
  });
});

describe('late answers and reloads: never the tab’s own work as a conflict', () => {
  /**
   * A tab sends a save of "A"; it reaches the server, but the page is reloaded before the answer, after the user
   * typed "AB" (written to the journal as the page went away, its own request lost). Returns the server's writer
   * of the step meanwhile.
   */
  async function reloadAfterLateRequest(writer: { user: string; name: string; session?: string }) {
    server.write('objectives', objectives(''), { user: ME, name: 'Me' });
    const first = await loaded();
    type(first, 'objectives', objectives('A'));
    const held = gate();
    server.hold = held.opened;
    void first.sync.save('auto');
    await settle();
    // the request lands (as `writer`), its answer never comes back to this page
    server.write('objectives', objectives('A'), { ...writer, seq: first.seq() });
    type(first, 'objectives', objectives('AB'));
    server.offline = true;
    first.sync.autoSave('unload');
    server.hold = null;
    held.open();
    await settle();
    server.offline = false;
  }

  it('a step this tab wrote in a request that landed late is this tab’s: the journal’s newer text is kept and saved again', async () => {
    await reloadAfterLateRequest({ user: ME, name: 'Me', session: 'tab-a' });
    expect(journalOf()?.pending).toBe(true);

    const page = await loaded('tab-a');

    expect(page.sync.conflict).toBeNull();
    expect(state(page).data.objectives).toEqual(objectives('AB'));
    expect(server.data.objectives).toEqual(objectives('AB'));
    expect(page.sync.isDirty()).toBe(false);
    expect(journalOf()).toBeNull();
  });

  it('the same step written meanwhile by someone else is a conflict: the server’s is shown, the journal’s offered', async () => {
    await reloadAfterLateRequest({ user: 'dana', name: 'Dana Reyes' });

    const page = await loaded('tab-a');

    expect(page.sync.conflict?.steps.map((c) => [c.step, c.who, c.mine])).toEqual([['objectives', 'Dana Reyes', objectives('AB')]]);
    expect(state(page).data.objectives).toEqual(objectives('A'));
    // nothing is saved over their work until the user chooses
    expect(server.data.objectives).toEqual(objectives('A'));
    expect(journalOf()?.pending).toBe(true);
  });
});

describe('offline: the journal holds the work until the server is back', () => {
  it('a save that cannot reach the server goes to the journal, says so once for quiet saves, and syncs when the server is back', async () => {
    // Prepare
    server.write('objectives', objectives('A'), { user: ME, name: 'Me' });
    const page = await loaded();
    server.offline = true;
    type(page, 'objectives', objectives('Offline 1'));

    // Act / Assess: quiet saves say it once, the user's own save again
    expect(await page.sync.save('auto')).toBe('local');
    type(page, 'objectives', objectives('Offline 2'));
    expect(await page.sync.save('auto')).toBe('local');
    expect(page.toasts).toEqual([t.savedLocally]);
    expect(await page.sync.save('manual')).toBe('local');
    expect(page.toasts).toEqual([t.savedLocally, t.savedLocally]);
    expect(page.sync.hasPendingCopy()).toBe(true);
    expect(journalOf()).toMatchObject({ pending: true, session: 'tab-a', state: { data: { objectives: objectives('Offline 2') } } });

    // the server is back: the browser's online event saves at once, and the user hears it is saved
    server.offline = false;
    page.sync.autoSave('online');
    await settle();
    expect(server.data.objectives).toEqual(objectives('Offline 2'));
    expect(page.toasts.at(-1)).toBe(t.saved);
    expect(page.sync.hasPendingCopy()).toBe(false);
    expect(journalOf()).toBeNull();
  });

  it('a completion that did not reach the server is finished by the next page', async () => {
    server.write('objectives', objectives('A'), { user: ME, name: 'Me' });
    const page = await loaded();
    server.offline = true;

    const done = await page.sync.complete('objectives', objectives('Done offline'));

    expect(done.outcome).toBe('local');
    expect(journalOf()).toMatchObject({ pending: true, completing: ['objectives'] });
    expect(server.completed).toEqual([]);
    // a later save that goes local too keeps the completion in the journal
    type(page, 'context', context('Also offline'));
    await page.sync.save('auto');
    expect(journalOf()).toMatchObject({ completing: ['objectives'], state: { data: { context: context('Also offline') } } });

    server.offline = false;
    const next = await loaded();
    expect(server.completions.at(-1)).toMatchObject({ step: 'objectives', body: { data: objectives('Done offline') } });
    expect(server.completed).toEqual(['objectives']);
    expect(state(next).completed).toContain('objectives');
    expect(journalOf()).toBeNull();
  });

  it('a journal a closed tab left pending is taken over by the next page when no live tab answers for it, saved, and removed', async () => {
    server.write('objectives', objectives('A'), { user: ME, name: 'Me' });
    const left: WizardState = { reportId: REPORT, placeholderId: 'temp-x', data: { objectives: objectives('From the closed tab') }, completed: [], current: 2, lastSaved: null, version: 1, stepVersions: { objectives: 1 } };
    storage.writeReportCopy(left, true, { session: 'tab-closed', seq: 4 });

    const page = await loaded('tab-b');

    expect(state(page).data.objectives).toEqual(objectives('From the closed tab'));
    expect(server.data.objectives).toEqual(objectives('From the closed tab'));
    expect(journalOf('tab-closed')).toBeNull();
  });

  it('a journal of a tab that is still open is that tab’s: the next page shows the server’s progress', async () => {
    server.write('objectives', objectives('A'), { user: ME, name: 'Me' });
    const other: WizardState = { reportId: REPORT, placeholderId: 'temp-x', data: { objectives: objectives('Other tab’s') }, completed: [], current: 2, lastSaved: null, version: 1, stepVersions: { objectives: 1 } };
    storage.writeReportCopy(other, true, { session: 'tab-open', seq: 4 });
    alive.add('tab-open');

    const page = await loaded('tab-b');

    expect(state(page).data.objectives).toEqual(objectives('A'));
    expect(server.saves).toHaveLength(0);
    expect(journalOf('tab-open')?.pending).toBe(true);
  });

  it('with the server unreachable on load, this tab’s journal is shown and every step in it is sent when the server is back', async () => {
    server.write('objectives', objectives('A'), { user: ME, name: 'Me' });
    const first = await loaded();
    server.offline = true;
    type(first, 'objectives', objectives('Typed offline'));
    await first.sync.save('auto');

    const page = await loaded();
    expect(state(page).data.objectives).toEqual(objectives('Typed offline'));
    expect(page.sync.hasPendingCopy()).toBe(true);

    server.offline = false;
    await page.sync.save('auto');
    expect(server.saves.at(-1)!.body.wizard_data).toEqual({ objectives: objectives('Typed offline') });
  });
});

describe('refusals and unloads', () => {
  it('a save the server refuses as invalid (400) keeps the data, says why, and does not go local', async () => {
    server.write('objectives', objectives('A'), { user: ME, name: 'Me' });
    const page = await loaded();
    type(page, 'objectives', objectives('B'));
    server.refuseNext = new Refusal(400, 'citation c1 does not verify');

    expect(await page.sync.save('manual')).toBe('failed');
    expect(page.errors).toEqual([t.progressFailed]);
    expect(page.sync.hasPendingCopy()).toBe(false);
    expect(state(page).data.objectives).toEqual(objectives('B'));
  });

  it('as the page goes away the journal is written at once, and the request asks to outlive the page only when its body fits', async () => {
    server.write('objectives', objectives('A'), { user: ME, name: 'Me' });
    const page = await loaded();
    type(page, 'objectives', objectives('Leaving'));

    page.sync.autoSave('unload');
    // synchronously, before any request could answer
    expect(journalOf()?.state.data.objectives).toEqual(objectives('Leaving'));
    await settle();
    expect(server.saves.at(-1)!.keepalive).toBe(true);

    type(page, 'objectives', objectives('x'.repeat(KEEPALIVE_BYTES)));
    page.sync.autoSave('unload');
    await settle();
    expect(server.saves.at(-1)!.keepalive).toBe(false);
  });
});

describe('before a report exists', () => {
  it('saves go to the temporary key; setup attaches the report, and what was typed in other steps is saved there', async () => {
    const page = openPage();
    page.sync.load(null, { pending: false, progress: undefined });
    type(page, 'objectives', objectives('Before setup'));

    expect(await page.sync.save('manual')).toBe('temp');
    expect(page.toasts).toEqual([t.savedTemporarily]);
    expect(page.sync.isDirty()).toBe(false);
    expect(storage.temp?.state.data.objectives).toEqual(objectives('Before setup'));

    // a new page of the wizard without a report picks the temporary copy up
    const again = openPage();
    again.sync.load(null, { pending: false, progress: undefined });
    expect(state(again).data.objectives).toEqual(objectives('Before setup'));
    expect(again.toasts).toEqual([t.loadedPrevious]);

    const setup = { organizationName: 'Org', sector: 'Technology', geography: 'UK', fyStart: 'January', currency: 'GBP', reportTitle: 'R', reportOwner: 'O', stakeholders: [], brandSettings: { primaryColor: '#112233', secondaryColor: '', logoUrl: '' } };
    server.write('setup', setup, { user: ME, name: 'Me' });
    const result = { success: true, organization_id: 'o1', report_id: REPORT, organization_version: 1, report_version: 1, created: true, setup, step_version: 1, version: 1, last_saved: '2025-01-02T03:04:05.000Z', evidence_moved: 0 } as SetupResponse;
    again.sync.attachSetup(result);
    await settle();

    expect(storage.temp).toBeNull();
    expect(state(again).reportId).toBe(REPORT);
    expect(server.saves.at(-1)!.body.wizard_data).toEqual({ objectives: objectives('Before setup') });
    expect(server.saves.at(-1)!.body.step_versions).toEqual({ objectives: 0 });
    expect(again.sync.isDirty()).toBe(false);
  });
});
