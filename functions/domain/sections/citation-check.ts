/**
 * Citations against the stored evidence. A citation holds only if its evidence exists in the report and
 * `quote` is exactly the evidence text from `start` to `end`; a KPI's citation also names the KPI's cells (`range`),
 * which must be those of a KPI of the item that the quoted sentence states. Drafters give `{ evidence_id, start, end }` and
 * the quote is filled in here from the stored text; what does not verify is dropped (and counted).
 */
import { sectionsDetails } from '@shared/messages/sections';
import type { Kpi } from '@shared/schemas/data-room';
import type { Citation, CitationRef } from '@shared/schemas/report-document';
import { citationFingerprint, mapStepCitations, quoteHolds, stepCitations } from '@shared/domain/report/citations';
import type { WizardData } from '@shared/schemas/wizard';
import { getEvidence, getLibraryItem, listEvidenceTitles, listEvidenceTombstones, readText, type EvidenceRecord } from '../../data/evidence-repo';
import { BadRequestError } from '../../lib/errors';

/** an evidence id as stored (lower-case); anything else cannot name an item, and is not looked up */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The evidence of one report as a request needs it: each cited item read once (one GetItem, never the whole
 * library), its text read (inline or from S3) only when needed, titles from a keys-and-titles Query.
 */
export class EvidenceTexts {
  private readonly records = new Map<string, Promise<EvidenceRecord | undefined>>();
  private titleMap?: Promise<Map<string, string>>;
  private tombstones?: Promise<Map<string, string>>;
  private readonly texts = new Map<string, Promise<string>>();

  /**
   * `library`: a client whose library items also count, read from the library when the report does not use
   * them (a client-scope answer's quotes are verified against them; a section's citations never are).
   */
  constructor(
    private readonly reportId: string,
    private readonly library?: string,
  ) {}

  /** id (lower-case) → title of every item of the report (the cap bounds them). */
  titles(): Promise<Map<string, string>> {
    this.titleMap ??= listEvidenceTitles(this.reportId).then((m) => new Map([...m].map(([k, v]) => [k.toLowerCase(), v])));
    return this.titleMap;
  }

  /** One item of the report, by id (any case), read once. */
  async record(evidenceId: string): Promise<EvidenceRecord | undefined> {
    const id = evidenceId.toLowerCase();
    if (!UUID.test(id)) return undefined;
    let found = this.records.get(id);
    if (!found) {
      const library = this.library;
      found = getEvidence(this.reportId, id).then(async (r) => r ?? (library ? getLibraryItem(library, id) : undefined));
      this.records.set(id, found);
    }
    return found;
  }

  async text(evidenceId: string): Promise<string | undefined> {
    const record = await this.record(evidenceId);
    if (!record) return undefined;
    let text = this.texts.get(record.id);
    if (!text) {
      text = readText(record);
      this.texts.set(record.id, text);
    }
    return text;
  }

  /** Titles of evidence deleted since it was cited. */
  deletedTitles(): Promise<Map<string, string>> {
    this.tombstones ??= listEvidenceTombstones(this.reportId).then((m) => new Map([...m].map(([k, v]) => [k.toLowerCase(), v])));
    return this.tombstones;
  }
}

/** Turns a drafter's `{ evidence_id, start, end }` into citations with the stored quote; drops what does not verify. */
export async function resolveCitationRefs(
  refs: readonly CitationRef[],
  source: EvidenceTexts,
  newId: () => string,
): Promise<{ citations: Citation[]; dropped: number }> {
  const citations: Citation[] = [];
  let dropped = 0;
  for (const ref of refs) {
    const record = await source.record(ref.evidence_id);
    const text = record ? await source.text(ref.evidence_id) : undefined;
    const quote = text !== undefined && ref.start >= 0 && ref.end > ref.start && ref.end <= text.length ? text.slice(ref.start, ref.end) : '';
    if (!record || !quote.trim() || quote.length > 2000) {
      dropped++;
      continue;
    }
    // a passage that states a KPI of the item (its key figures) cites the KPI's cells as well
    const kpi = kpiAt(record, ref.start, ref.end);
    citations.push({ id: newId(), evidence_id: record.id, start: ref.start, end: ref.end, quote, ...(kpi ? { range: kpi.range, kpi_id: kpi.id } : {}) });
  }
  return { citations, dropped };
}

/** The KPI whose sentence a passage of an item's text falls within (the item's key figures), or undefined. */
function kpiAt(record: EvidenceRecord, start: number, end: number): Kpi | undefined {
  return record.kpis?.find((k) => k.start <= start && end <= k.end && k.range);
}

/** The KPI a range citation names: by id, else by its range and sentence; undefined when the item has none such. */
function kpiCited(record: EvidenceRecord, c: Citation): Kpi | undefined {
  const matches = (k: Kpi) => k.range === c.range && k.start <= c.start && c.end <= k.end;
  return c.kpi_id ? record.kpis?.find((k) => k.id === c.kpi_id && matches(k)) : record.kpis?.find(matches);
}

/**
 * Checks the citations a client sends. Citations this report already holds unchanged (`known`
 * fingerprints) are not re-read; every other one must verify, or the save is refused with 400 naming it.
 * Two different passages under one id are refused too.
 */
export async function verifyCitations(citations: readonly Citation[], source: EvidenceTexts, known: ReadonlySet<string> = new Set()): Promise<void> {
  const byId = new Map<string, string>();
  for (const c of citations) {
    const fingerprint = citationFingerprint(c);
    const seen = byId.get(c.id);
    if (seen !== undefined && seen !== fingerprint) throw new BadRequestError(sectionsDetails.citationDuplicateId(c.id));
    byId.set(c.id, fingerprint);
    if (known.has(fingerprint)) continue;
    const text = await source.text(c.evidence_id);
    if (text === undefined) throw new BadRequestError(sectionsDetails.citationEvidenceMissing(c.id));
    if (c.end > text.length) throw new BadRequestError(sectionsDetails.citationOutOfRange(c.id, text.length));
    if (!quoteHolds(text, c)) throw new BadRequestError(sectionsDetails.citationQuoteMismatch(c.id));
    if (c.range !== undefined || c.kpi_id !== undefined) {
      const record = await source.record(c.evidence_id);
      if (!record || !kpiCited(record, c)) throw new BadRequestError(sectionsDetails.citationRangeMismatch(c.id, c.range ?? c.kpi_id ?? ''));
    }
  }
}

/**
 * Marks citations for reading: `broken` when their evidence no longer exists (deleted since), and the
 * source's title. Never throws for a missing source: a broken mark, not an error.
 */
export async function markCitations<T extends Citation>(citations: readonly T[], source: EvidenceTexts): Promise<T[]> {
  if (!citations.length) return [];
  const titles = await source.titles();
  const needTombstones = citations.some((c) => !titles.has(c.evidence_id.toLowerCase()));
  const deleted = needTombstones ? await source.deletedTitles() : new Map<string, string>();
  return citations.map((c) => {
    const title = titles.get(c.evidence_id.toLowerCase());
    const { broken: _b, source_title: _s, ...rest } = c;
    return title !== undefined
      ? ({ ...rest, source_title: title } as T)
      : ({ ...rest, broken: true, source_title: deleted.get(c.evidence_id.toLowerCase()) ?? 'Deleted evidence' } as T);
  });
}

/** Marks every citation in a step-data object (see markCitations): one lookup of titles for all of them. */
export async function markStepCitations(data: WizardData, source: EvidenceTexts): Promise<WizardData> {
  const all = stepCitations(data).map((p) => p.citation);
  if (!all.length) return data;
  const marked = new Map((await markCitations(all, source)).map((c) => [citationFingerprint(c), c]));
  return mapStepCitations(data, (c) => marked.get(citationFingerprint(c)) ?? c);
}

/** Citations without the server's read-only marks, as stored. */
export const storedCitation = (c: Citation): Citation => ({
  id: c.id,
  evidence_id: c.evidence_id.toLowerCase(),
  start: c.start,
  end: c.end,
  quote: c.quote,
  ...(c.range ? { range: c.range } : {}),
  ...(c.kpi_id ? { kpi_id: c.kpi_id } : {}),
});
