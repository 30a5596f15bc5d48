/**
 * The claim ledger of a report, on the server: one part per section, computed from that section alone when it is
 * written (save, compose, restore) and stored with its summary at its version. A save whose section input (text,
 * citations, the app's figures it states) has the fingerprint of the stored part is not recomputed; a changed one is
 * recomputed on the save's request when the section is small, else by the ledgerParts worker (./background.ts), and
 * reads as pending until then. A read joins
 * the parts' summaries (counts, disagreements across sections, restatements, waivers) and lists one page of
 * entries, blocking ones first, read from the parts that page needs; a cursor continues it. A section without an
 * up-to-date part (a report never ledgered, a part that could not be stored) has it computed on the next read,
 * and always at Final's gate.
 */
import { createHash } from 'node:crypto';
import { EVIDENCE_COUNT, ledgerOfPart, type LedgerCitation, type LedgerEntry, type LedgerOptions } from '@shared/domain/ledger/ledger';
import { joinSummaries, placeEntry, summaryOf, type JoinedLedger, type PartSummary } from '@shared/domain/ledger/summary';
import { citedIndex, fixFinder } from '@shared/domain/ledger/fixes';
import { SECTION_KEYS, SECTION_TITLES, type SectionKey } from '@shared/schemas/report-document';
import { LEDGER_PAGE, LedgerCursor, type LedgerResponse } from '@shared/schemas/ledger';
import { systemDetails } from '@shared/messages/system';
import { parseWizardData } from '@shared/schemas/wizard';
import {
  advanceFingerprint,
  markLedgerBuilt,
  markPartQueued,
  readFingerprint,
  readFingerprints,
  readLedger,
  readPartEntries,
  unmarkLedgerBuilt,
  unmarkPartQueued,
  writeLedgerPart,
  type StoredLedger,
  type StoredSummary,
} from '../../data/ledger-repo';
import { listEvidenceSummaries } from '../../data/evidence-repo';
import { readProgress } from '../../data/progress-repo';
import { readSection, readSections, readSectionVersions } from '../../data/sections-repo';
import { startWorker } from '../../data/worker-invoker';
import { BadRequestError, ServiceUnavailableError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { computedInline, queuedParts } from './background';
import { measureOf } from './measure';

/** What a section gives its part: its text, its citations and the version they are. */
export interface SectionText {
  key: SectionKey;
  version: number;
  content: string;
  citations: readonly LedgerCitation[];
}

const SCORE_WORDS = /\bscor(?:e|es|ed|ing)\b|\brat(?:ed|ing)\b/i;

type AppFacts = Pick<LedgerOptions, 'scores' | 'evidenceCount'>;

/** Whether a section counts the report's evidence ("3 pieces of evidence"). */
const countsEvidence = (content: string) => [...content.matchAll(/\d+(?=\s)/g)].some((m) => EVIDENCE_COUNT.test(content.slice(m.index + m[0].length, m.index + m[0].length + 24)));

/**
 * The app's own figures a section may state: the findings' dimension scores (read only when a section names a
 * score) and the count of the report's evidence (read only when a section counts it).
 */
async function appFacts(reportId: string, sections: readonly SectionText[]): Promise<AppFacts> {
  const facts: AppFacts = {};
  const [progress, evidence] = await Promise.all([
    sections.some((s) => SCORE_WORDS.test(s.content)) ? readProgress(reportId) : undefined,
    sections.some((s) => countsEvidence(s.content)) ? listEvidenceSummaries(reportId) : undefined,
  ]);
  if (progress) facts.scores = (parseWizardData(progress.wizard_data ?? {}).data.findings?.dimensions ?? []).map((d) => ({ name: d.dimension, value: d.score }));
  if (evidence) facts.evidenceCount = evidence.length;
  return facts;
}

const sectionPart = (key: SectionKey) => `section:${key}`;

/**
 * The edition of the rules a part is computed by (what an entry holds: its support, its correction). A part
 * computed by another edition is recomputed when its section is next saved.
 */
const RULES_EDITION = 'entries with corrections';

/**
 * The input a part is computed from, hashed: the rules' edition, its text, its citations and the app's figures it
 * states (the scores when it names a score, the evidence count when it counts evidence). A section saved again with
 * the same input keeps its part.
 */
function fingerprintOf(section: SectionText, facts: AppFacts): string {
  const hash = createHash('sha256');
  hash.update(`${RULES_EDITION}\u0000`);
  hash.update(section.content);
  for (const c of section.citations) hash.update(`\u0000${c.id}\u0000${c.quote ?? ''}\u0000${c.range ?? ''}`);
  const stated = { scores: SCORE_WORDS.test(section.content) ? facts.scores : undefined, evidence: countsEvidence(section.content) ? facts.evidenceCount : undefined };
  hash.update(`\u0000${JSON.stringify(stated)}`);
  return hash.digest('base64url');
}

/** Computes and stores a section's part; false when a later part of it is stored already. */
async function storePart(reportId: string, section: SectionText, facts: AppFacts): Promise<boolean> {
  const part = ledgerOfPart({ part: sectionPart(section.key), text: section.content, citations: section.citations }, { measureOf, ...facts });
  return writeLedgerPart(reportId, { part: part.part, version: section.version, fingerprint: fingerprintOf(section, facts), entries: part.entries, summary: summaryOf(part) });
}

/** Whether a section's stored part was computed from its input (advanced to its version when a save kept the input). */
async function partCurrent(reportId: string, section: SectionText, facts: AppFacts): Promise<boolean> {
  const stored = await readFingerprint(reportId, sectionPart(section.key));
  return stored?.fingerprint === fingerprintOf(section, facts) && (stored.version >= section.version || (await advanceFingerprint(reportId, stored.part, stored.fingerprint, section.version)));
}

/** After a failure: every part is checked against its section on the next read, and what was queued is computed there. */
async function recheckOnRead(reportId: string, sections: readonly { key: SectionKey; version: number }[]): Promise<void> {
  await unmarkLedgerBuilt(reportId);
  for (const s of sections) await unmarkPartQueued(reportId, sectionPart(s.key), s.version);
}

/**
 * Hands the parts to the ledgerParts worker: each is recorded as queued for its section's version first (a read
 * lists it as pending until it is stored), then the worker is started. A worker that cannot be started leaves
 * them to the next read.
 */
async function queueParts(reportId: string, sections: readonly SectionText[]): Promise<void> {
  const at = new Date().toISOString();
  for (const s of sections) await markPartQueued(reportId, sectionPart(s.key), s.version, at);
  try {
    await startWorker('ledgerParts', { report_id: reportId, keys: sections.map((s) => s.key) });
  } catch (error) {
    logger.error('ledger worker not started; the next read computes its parts', { reportId, error: (error as Error).name });
    await recheckOnRead(reportId, sections);
  }
}

/**
 * Brings the parts of the sections just written up to date: nothing when the input is the one the stored part was
 * computed from; computed here when the section is small; else queued for the ledgerParts worker. Never fails the
 * write that called it: a part that cannot be stored or queued leaves the ledger marked as not built, so its next
 * read checks every part against its section rather than answer from a stale part.
 */
export async function refreshSectionLedger(reportId: string, sections: readonly SectionText[]): Promise<void> {
  if (!sections.length) return;
  try {
    const facts = await appFacts(reportId, sections);
    const queued: SectionText[] = [];
    for (const s of sections) {
      if (await partCurrent(reportId, s, facts)) continue;
      // (a part whose write met another transaction and is not stored leaves the ledger to be checked on its next read)
      if (computedInline(s.content)) {
        if (!(await storeOrConfirm(reportId, s, facts))) await unmarkLedgerBuilt(reportId);
      } else queued.push(s);
    }
    if (queued.length) await queueParts(reportId, queued);
  } catch (error) {
    logger.error('ledger part not stored; every part is checked again on the next read', { reportId, error: (error as Error).name });
    await unmarkLedgerBuilt(reportId);
  }
}

/**
 * The ledgerParts worker's work: the parts of the sections queued, computed from each section as it is now (a later
 * save's version, when there was one: a part is never computed from a version already replaced) unless its stored
 * part stands for that input. A failure leaves them to the next read.
 */
export async function computeQueuedParts(reportId: string, keys: readonly SectionKey[]): Promise<void> {
  let sections: SectionText[] = [];
  try {
    const records = await Promise.all(keys.map((k) => readSection(reportId, k)));
    sections = records.flatMap((r) => (r ? [{ key: r.key, version: r.version, content: r.content, citations: r.citations }] : []));
    const facts = await appFacts(reportId, sections);
    for (const s of sections) {
      if (await partCurrent(reportId, s, facts)) continue;
      if (!(await storeOrConfirm(reportId, s, facts))) throw new Error('ledger part not stored');
    }
  } catch (error) {
    logger.error('queued ledger parts not stored; the next read computes them', { reportId, error: (error as Error).name });
    const fingerprints = await readFingerprints(reportId);
    await recheckOnRead(
      reportId,
      keys.flatMap((key) => {
        const queued = fingerprints.get(sectionPart(key))?.queued;
        return queued ? [{ key, version: queued.version }] : [];
      }),
    );
  }
}

/** The computation a read or Final's gate spends at most on parts that are missing, so it answers within API Gateway's limit. */
const COMPUTE_BUDGET_MS = 8_000;

/**
 * Computes, in report order, the parts of the sections whose stored part is missing or older than the section (but
 * those in `skip`), until `budgetMs` is spent (one part at least). Answers whether one was computed and the
 * sections still behind.
 */
async function completeParts(reportId: string, budgetMs: number, skip: ReadonlySet<string>): Promise<{ computed: boolean; pending: SectionKey[] }> {
  const started = Date.now();
  const [versions, fingerprints] = await Promise.all([readSectionVersions(reportId), readFingerprints(reportId)]);
  const behind = new Set(versions.filter((v) => !skip.has(sectionPart(v.key)) && (fingerprints.get(sectionPart(v.key))?.version ?? 0) < v.version).map((v) => v.key));
  if (!behind.size) return { computed: false, pending: [] };
  const records = (await readSections(reportId)).filter((r) => behind.has(r.key)).sort((a, b) => SECTION_KEYS.indexOf(a.key) - SECTION_KEYS.indexOf(b.key));
  const sections = records.map((r): SectionText => ({ key: r.key, version: r.version, content: r.content, citations: r.citations }));
  const facts = await appFacts(reportId, sections);
  const pending = sections.map((s) => s.key);
  // (a part whose write met another transaction is written again once; one still not stored stays pending, so Final's
  // gate never passes on a part it could not store)
  const unstored: SectionKey[] = [];
  for (const s of sections) {
    if (pending.length < sections.length && Date.now() - started > budgetMs) break;
    if (!(await storeOrConfirm(reportId, s, facts, 2))) unstored.push(s.key);
    pending.shift();
  }
  return { computed: true, pending: [...unstored, ...pending] };
}

/**
 * Stores a section's part, up to `tries` times, and answers whether a part for its version (or a later one, stored by
 * another writer) is there afterwards: a write whose transaction was cancelled leaves no part.
 */
async function storeOrConfirm(reportId: string, section: SectionText, facts: AppFacts, tries = 1): Promise<boolean> {
  for (let attempt = 0; attempt < tries; attempt++) {
    if (await storePart(reportId, section, facts)) return true;
    if (((await readFingerprint(reportId, sectionPart(section.key)))?.version ?? 0) >= section.version) return true;
  }
  return false;
}

const ORDER = new Map<string, number>(SECTION_KEYS.map((k, i) => [sectionPart(k), i]));
const whereOf = (part: string) => (part.startsWith('section:') ? (SECTION_TITLES[part.slice('section:'.length) as SectionKey] ?? part) : part);

export interface CurrentLedger {
  stored: StoredLedger;
  /** the parts' summaries, in report order */
  parts: StoredSummary[];
  joined: JoinedLedger;
  /**
   * sections whose part is still to be computed (the work of one request is bounded, or the worker has it): the
   * ledger is not whole, and their stale parts are left out
   */
  pending: SectionKey[];
}

/**
 * The ledger joined from its parts' summaries. `complete`: every section's part checked against the section's
 * version first, and computed when behind, queued or not (Final's gate, the export); otherwise only when the ledger
 * is not marked as built or a part queued for the worker is past its time. Missing parts are computed within a
 * bounded time; those left, and those the worker is computing, are `pending` (their stale parts left out of the
 * join), and the next request goes on with them.
 */
export async function currentLedger(reportId: string, opts: { complete?: boolean; budgetMs?: number } = {}): Promise<CurrentLedger> {
  let stored = await readLedger(reportId);
  const { waiting, lost } = opts.complete ? { waiting: new Set<string>(), lost: new Set<string>() } : queuedParts(stored.fingerprints.values(), Date.now());
  let computing: SectionKey[] = [];
  if (opts.complete || !stored.built || lost.size) {
    const done = await completeParts(reportId, opts.budgetMs ?? COMPUTE_BUDGET_MS, waiting);
    computing = done.pending;
    if (!stored.built && !computing.length && !waiting.size) await markLedgerBuilt(reportId, new Date().toISOString());
    // (read again after the check whenever the ledger must be whole: a part the worker stored between the first read
    // and the check is current, and the first read did not hold it; Final's gate had passed on that missing part)
    if (done.computed || opts.complete) stored = { ...(await readLedger(reportId)), built: !computing.length && !waiting.size };
  }
  const behind = new Set([...computing.map(sectionPart), ...waiting]);
  const pending = SECTION_KEYS.filter((k) => behind.has(sectionPart(k)));
  const parts = stored.summaries.filter((p) => !behind.has(p.part)).sort((a, b) => (ORDER.get(a.part) ?? 99) - (ORDER.get(b.part) ?? 99));
  return { stored, parts, joined: joinSummaries(parts.map((p) => p.summary), stored.waivers, whereOf), pending };
}

/** A part's entries, read once a request; a part replaced since its summary was read asks the caller to try again. */
function entryReader(reportId: string) {
  const read = new Map<string, Promise<LedgerEntry[]>>();
  return (p: StoredSummary) => {
    let entries = read.get(p.part);
    if (!entries) {
      entries = readPartEntries(reportId, p.part, p.version).then((e) => {
        if (!e) throw new ServiceUnavailableError(systemDetails.ledgerChanged);
        return e;
      });
      read.set(p.part, entries);
    }
    return entries;
  };
}

/** Whether a part may hold entries of a rank (blocking 0, supported 1, waived 2), from its summary and the join. */
function mayHold(s: PartSummary, rank: number, joined: JoinedLedger): boolean {
  if (!s.figures) return false;
  if (rank === 0) return s.unsupported > 0 || joined.disagreeingParts.has(s.part);
  if (rank === 2) return joined.waived.size > 0;
  return true;
}

function decodeLedgerCursor(cursor: string | undefined, parts: readonly StoredSummary[]): LedgerCursor | undefined {
  if (cursor === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new BadRequestError(systemDetails.invalidCursor);
  }
  const checked = LedgerCursor.safeParse(parsed);
  if (!checked.success || !parts.some((p) => p.part === checked.data.part)) throw new BadRequestError(systemDetails.invalidCursor);
  return checked.data;
}
const encodeLedgerCursor = (c: LedgerCursor) => Buffer.from(JSON.stringify(c), 'utf8').toString('base64url');

/**
 * GET …/ledger: the counts, the disagreements and the waivers, and one page of figures: unsupported and
 * disagreeing ones first, then the supported, then the waived, each in report order; `next_cursor` continues it.
 * A page reads the entries of the parts it lists from, and the first page of blocking figures of a part that no
 * disagreement touches comes from its summary.
 */
export async function reportLedger(reportId: string, cursor?: string): Promise<LedgerResponse> {
  const { stored, parts, joined, pending } = await currentLedger(reportId);
  const at = decodeLedgerCursor(cursor, parts) ?? { rank: 0, part: parts[0]?.part ?? '', index: 0, listed: 0 };
  const entriesOf = entryReader(reportId);
  const listed: LedgerResponse['entries'] = [];
  let next: LedgerCursor | null = null;
  // an unsupported figure's fixes, from its sentence's quotes and the report's cited figures (read from the summaries once)
  let fixesOf: ReturnType<typeof fixFinder> | undefined;
  const startPart = Math.max(0, parts.findIndex((p) => p.part === at.part));
  scan: for (let rank = at.rank; rank <= 2; rank++) {
    for (let pi = rank === at.rank ? startPart : 0; pi < parts.length; pi++) {
      const p = parts[pi]!;
      if (!mayHold(p.summary, rank, joined)) continue;
      const from = rank === at.rank && pi === startPart ? at.index : 0;
      // the blocking figures of a part no disagreement touches are its unsupported ones: its summary holds the first
      const sampled = rank === 0 && !joined.disagreeingParts.has(p.part) && from === 0 && p.summary.sample.length === p.summary.unsupported;
      const entries = sampled ? p.summary.sample : await entriesOf(p);
      for (let i = sampled ? 0 : from; i < entries.length; i++) {
        const placed = placeEntry(entries[i]!, joined);
        if (placed.rank !== rank) continue;
        if (listed.length === LEDGER_PAGE) {
          // the cursor names the figure's place among the part's entries
          next = { rank, part: p.part, index: sampled ? p.summary.sample_at[i]! : i, listed: at.listed + listed.length };
          break scan;
        }
        const { correction: _, ...entry } = placed.entry;
        const fixes = entry.support === 'unsupported' && !placed.waived ? (fixesOf ??= fixFinder(citedIndex(parts.map((x) => x.summary)), whereOf))(placed.entry) : undefined;
        listed.push({ ...entry, where: whereOf(p.part), disagrees: placed.disagrees, waived: placed.waived, ...(fixes ? { fixes } : {}) });
      }
    }
  }
  const waived = joined.waived;
  const onPage = new Set(listed.flatMap((e) => e.disagrees));
  return {
    counts: joined.counts,
    entries: listed,
    omitted: Math.max(0, joined.counts.figures - at.listed - listed.length),
    next_cursor: next ? encodeLedgerCursor(next) : null,
    pending: pending.map((k) => SECTION_TITLES[k]),
    disagreements: joined.disagreements.filter((d) => !cursor || onPage.has(d.id)).map((d) => ({ ...d, waived: waived.has(d.id) })),
    waivers: stored.waivers,
  };
}

/**
 * The blocking figures in words, in report order (unsupported figures, then disagreements), the first `max` of
 * them, and how many there are: read from the parts' summaries, and from a part's entries only when its summary's
 * first unsupported entries do not reach `max`.
 */
export async function blockingLabels(reportId: string, ledger: CurrentLedger, max: number): Promise<{ labels: string[]; total: number }> {
  const { joined, parts } = ledger;
  const labels: string[] = [];
  const entriesOf = entryReader(reportId);
  const blocking = (e: LedgerEntry) => e.support === 'unsupported' && joined.unsupported.has(e.id) && !joined.waived.has(e.id);
  for (const p of parts) {
    const { sample, sample_at: at, unsupported } = p.summary;
    for (const e of sample) if (labels.length < max && blocking(e)) labels.push(`“${e.text}” in “${e.excerpt}”`);
    if (labels.length >= max) break;
    if (sample.length === unsupported) continue;
    // past the summary's first unsupported figures: the part's entries after the last of them
    const entries = await entriesOf(p);
    for (let i = (at.at(-1) ?? -1) + 1; i < entries.length && labels.length < max; i++) if (blocking(entries[i]!)) labels.push(`“${entries[i]!.text}” in “${entries[i]!.excerpt}”`);
    if (labels.length >= max) break;
  }
  for (const d of joined.disagreements) if (labels.length < max && !joined.waived.has(d.id)) labels.push(d.detail);
  return { labels, total: joined.counts.blocking };
}

/** An unsupported figure by its id: from the summary of the part holding it, else from that part's entries. */
export async function partEntry(reportId: string, parts: readonly StoredSummary[], id: string): Promise<LedgerEntry | undefined> {
  const holds = (s: PartSummary) => s.unmeasured.includes(id) || s.groups.some((g) => g.values.some((v) => v.unsupported.includes(id)));
  const part = parts.find((p) => holds(p.summary));
  if (!part) return undefined;
  return part.summary.sample.find((e) => e.id === id) ?? (await entryReader(reportId)(part)).find((e) => e.id === id);
}

/**
 * The report's figures in report order with their support (after restatement) and source, the first `max` of
 * them, and how many there are: the export's sources appendix. Every section's part is brought up to date first.
 */
export async function figureSources(reportId: string, max: number): Promise<{ rows: { text: string; where: string; excerpt: string; support: LedgerEntry['support']; basis: string; waived: boolean }[]; total: number }> {
  // the export runs in the background: every part is computed, however long it takes
  const ledger = await currentLedger(reportId, { complete: true, budgetMs: Number.POSITIVE_INFINITY });
  const entriesOf = entryReader(reportId);
  const rows: Awaited<ReturnType<typeof figureSources>>['rows'] = [];
  for (const p of ledger.parts) {
    if (rows.length >= max) break;
    for (const e of (await entriesOf(p)).slice(0, max - rows.length)) {
      const { entry, waived } = placeEntry(e, ledger.joined);
      rows.push({ text: entry.text, where: whereOf(p.part), excerpt: entry.excerpt, support: entry.support, basis: entry.basis, waived });
    }
  }
  return { rows, total: ledger.joined.counts.figures };
}
