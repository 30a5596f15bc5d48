/**
 * The claim ledger of a report, on the server: one part per section, computed from that section alone when it is
 * written (save, compose, restore) and stored at its version; the whole ledger read in one Query and joined (the
 * disagreements across sections, the waivers, the counts). A report whose ledger was never built (or whose part
 * could not be stored) is built from every section on its next read.
 */
import {
  crossDisagreements,
  EVIDENCE_COUNT,
  ledgerCounts,
  ledgerOfPart,
  withRestatements,
  type Disagreement,
  type LedgerCitation,
  type LedgerEntry,
  type LedgerOptions,
} from '@shared/domain/ledger/ledger';
import { SECTION_KEYS, SECTION_TITLES, type SectionKey } from '@shared/schemas/report-document';
import { LEDGER_LISTED, type LedgerResponse } from '@shared/schemas/ledger';
import { parseWizardData } from '@shared/schemas/wizard';
import { markLedgerBuilt, readLedger, unmarkLedgerBuilt, writeLedgerPart, type StoredLedger, type StoredLedgerPart } from '../../data/ledger-repo';
import { listEvidenceSummaries } from '../../data/evidence-repo';
import { readProgress } from '../../data/progress-repo';
import { readSections } from '../../data/sections-repo';
import { logger } from '../../lib/logger';
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

/**
 * The app's own figures a section may state: the findings' dimension scores (read only when a section names a
 * score) and the count of the report's evidence (read only when a section counts it).
 */
async function appFacts(reportId: string, sections: readonly SectionText[]): Promise<AppFacts> {
  const facts: AppFacts = {};
  const counts = (content: string) => [...content.matchAll(/\d+(?=\s)/g)].some((m) => EVIDENCE_COUNT.test(content.slice(m.index + m[0].length, m.index + m[0].length + 24)));
  const [progress, evidence] = await Promise.all([
    sections.some((s) => SCORE_WORDS.test(s.content)) ? readProgress(reportId) : undefined,
    sections.some((s) => counts(s.content)) ? listEvidenceSummaries(reportId) : undefined,
  ]);
  if (progress) facts.scores = (parseWizardData(progress.wizard_data ?? {}).data.findings?.dimensions ?? []).map((d) => ({ name: d.dimension, value: d.score }));
  if (evidence) facts.evidenceCount = evidence.length;
  return facts;
}

const sectionPart = (key: SectionKey) => `section:${key}`;

function partOf(section: SectionText, facts: AppFacts): StoredLedgerPart {
  const part = ledgerOfPart({ part: sectionPart(section.key), text: section.content, citations: section.citations }, { measureOf, ...facts });
  return { ...part, version: section.version };
}

/**
 * Recomputes the parts of the sections just written. A part that cannot be stored leaves the ledger marked as
 * not built, so its next read builds it again from every section rather than answer from a stale part.
 */
export async function refreshSectionLedger(reportId: string, sections: readonly SectionText[]): Promise<void> {
  if (!sections.length) return;
  try {
    const facts = await appFacts(reportId, sections);
    for (const s of sections) await writeLedgerPart(reportId, partOf(s, facts));
  } catch (error) {
    logger.error('ledger part not stored; the ledger is built again on its next read', { reportId, error: (error as Error).name });
    await unmarkLedgerBuilt(reportId);
  }
}

/** Builds every section's part from scratch. */
async function buildLedger(reportId: string): Promise<StoredLedgerPart[]> {
  const records = await readSections(reportId);
  const sections = records.map((r): SectionText => ({ key: r.key, version: r.version, content: r.content, citations: r.citations }));
  const facts = await appFacts(reportId, sections);
  const parts = sections.map((s) => partOf(s, facts));
  for (const p of parts) await writeLedgerPart(reportId, p);
  await markLedgerBuilt(reportId, new Date().toISOString());
  return parts;
}

const ORDER = new Map<string, number>(SECTION_KEYS.map((k, i) => [sectionPart(k), i]));
const whereOf = (part: string) => (part.startsWith('section:') ? (SECTION_TITLES[part.slice('section:'.length) as SectionKey] ?? part) : part);

/** The ledger's entries and disagreements, joined across parts: what the read and Final's gate use. */
export async function currentLedger(reportId: string): Promise<{ stored: StoredLedger; entries: LedgerEntry[]; disagreements: Disagreement[] }> {
  let stored = await readLedger(reportId);
  if (!stored.built) stored = { ...stored, built: true, parts: await buildLedger(reportId) };
  const parts = [...stored.parts].sort((a, b) => (ORDER.get(a.part) ?? 99) - (ORDER.get(b.part) ?? 99));
  const entries = withRestatements(parts.flatMap((p) => p.entries), whereOf);
  const disagreements = [...parts.flatMap((p) => p.disagreements), ...crossDisagreements(entries, parts.flatMap((p) => p.trends))];
  return { stored, entries, disagreements };
}

/** GET …/ledger: every figure, unsupported and disagreeing ones first, then in report order; the counts; the waivers. */
export async function reportLedger(reportId: string): Promise<LedgerResponse> {
  const { stored, entries, disagreements } = await currentLedger(reportId);
  const waived = new Set(stored.waivers.map((w) => w.id));
  const disagreeing = new Map<string, string[]>();
  for (const d of disagreements) {
    for (const id of d.entry_ids) {
      const ids = disagreeing.get(id);
      if (ids) ids.push(d.id);
      else disagreeing.set(id, [d.id]);
    }
  }
  const rank = (e: LedgerEntry) => (waived.has(e.id) ? 2 : e.support === 'unsupported' || disagreeing.has(e.id) ? 0 : 1);
  const out = entries
    .map((e, i) => ({ e, i }))
    .sort((a, b) => rank(a.e) - rank(b.e) || a.i - b.i)
    .map(({ e }) => ({ ...e, where: whereOf(e.part), disagrees: disagreeing.get(e.id) ?? [], waived: waived.has(e.id) }));
  return {
    counts: ledgerCounts(entries, disagreements, stored.waivers),
    entries: out.slice(0, LEDGER_LISTED),
    omitted: Math.max(0, out.length - LEDGER_LISTED),
    disagreements: disagreements.map((d) => ({ ...d, waived: waived.has(d.id) })),
    waivers: stored.waivers,
  };
}
