/**
 * Who is saving, as the server needs to know to never show a tab its own save as a conflict: a random id per
 * browser tab (sessionStorage: it survives reloads and full navigations of that tab, and no other tab sees it)
 * and a number that grows with every request the tab sends. A tab duplicated by the browser copies its
 * sessionStorage; the copy notices (another live page answers to the same id) and takes an id of its own.
 */
const SESSION_KEY = 'assay.wizard.session';
const SEQ_KEY = 'assay.wizard.seq';
const CHANNEL = 'assay.wizard.sessions';
/** how long a new page waits for a live page with the same id to answer */
const ANSWER_MS = 150;

let memorySeq = 0;
let memorySession: string | null = null;

const fresh = () => crypto.randomUUID();

function stored(): string {
  try {
    const existing = sessionStorage.getItem(SESSION_KEY);
    if (existing && /^[A-Za-z0-9_-]{8,64}$/.test(existing)) return existing;
    const id = fresh();
    sessionStorage.setItem(SESSION_KEY, id);
    return id;
  } catch {
    memorySession ??= fresh();
    return memorySession;
  }
}

function adopt(id: string) {
  try {
    sessionStorage.setItem(SESSION_KEY, id);
    sessionStorage.setItem(SEQ_KEY, '0');
  } catch {
    memorySession = id;
  }
}

let ready: Promise<string> | null = null;
let channel: BroadcastChannel | null = null;

/** This tab's save session id (after checking that no other live page holds it). */
export function saveSession(): Promise<string> {
  ready ??= new Promise<string>((resolve) => {
    let id = stored();
    if (typeof BroadcastChannel === 'undefined') return resolve(id);
    channel = new BroadcastChannel(CHANNEL);
    const asked = fresh();
    let duplicate = false;
    channel.onmessage = (event: MessageEvent<{ type: string; session: string; ask?: string }>) => {
      const m = event.data;
      if (m.type === 'who' && m.session === id) channel?.postMessage({ type: 'mine', session: id, ask: m.ask });
      if (m.type === 'mine' && m.session === id && m.ask === asked) duplicate = true;
    };
    channel.postMessage({ type: 'who', session: id, ask: asked });
    setTimeout(() => {
      if (duplicate) {
        id = fresh();
        adopt(id);
      }
      resolve(id);
    }, ANSWER_MS);
  });
  return ready;
}

/** This tab's session id as stored now (before the duplicate check has answered: for the journal's key at load and unload). */
export const currentSession = (): string => memorySession ?? stored();

/** True when a live page (another tab) answers to this session id. */
export function isSessionAlive(session: string): Promise<boolean> {
  if (typeof BroadcastChannel === 'undefined') return Promise.resolve(false);
  return new Promise((resolve) => {
    const probe = new BroadcastChannel(CHANNEL);
    const ask = fresh();
    let alive = false;
    probe.onmessage = (event: MessageEvent<{ type: string; session: string; ask?: string }>) => {
      if (event.data.type === 'mine' && event.data.session === session && event.data.ask === ask) alive = true;
    };
    probe.postMessage({ type: 'who', session, ask });
    setTimeout(() => {
      probe.close();
      resolve(alive);
    }, ANSWER_MS);
  });
}

/** The next request number of this tab (kept across reloads of the tab, so a new page goes on counting). */
export function nextSeq(): number {
  try {
    const next = Number(sessionStorage.getItem(SEQ_KEY) ?? '0') + 1;
    sessionStorage.setItem(SEQ_KEY, String(next));
    return next;
  } catch {
    memorySeq += 1;
    return memorySeq;
  }
}
