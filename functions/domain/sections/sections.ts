/**
 * Sections of the report document: read, save (with the version the writer loaded, verified citations),
 * compose from the wizard's step data (asking before overwriting a section edited by hand), history and
 * restore. Every save keeps the previous versions, so nothing is ever lost.
 */
import { sectionsDetails } from '@shared/messages/sections';
import { systemDetails } from '@shared/messages/system';
import { citationFingerprint, citationKeysIn } from '@shared/domain/report/citations';
import { completeness, charCount } from '@shared/domain/report/completeness';
import { composeSection, type ComposeEvidence } from '@shared/domain/report/compose';
import { markdownTooComplex } from '@shared/domain/report/markdown-limits';
import {
  type Citation,
  type ComposeBody,
  type ComposeResponse,
  SECTION_HISTORY_PAGE,
  SECTION_KEYS,
  SECTION_TITLES,
  type SaveSectionBody,
  type Section,
  type SectionKey,
  SWOT_QUADRANTS,
} from '@shared/schemas/report-document';
import { parseWizardData, type WizardData } from '@shared/schemas/wizard';
import { putCoalescedAudit } from '../../data/audit-repo';
import { InvalidCursorError } from '../../data/cursor';
import { keys } from '../../data/keys';
import { listEvidenceSummaries } from '../../data/evidence-repo';
import { readProgress } from '../../data/progress-repo';
import {
  listSectionVersions,
  readSection,
  readSections,
  readSectionVersion,
  type SectionRecord,
  writeSection,
} from '../../data/sections-repo';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import type { ReportInContext } from '../../lib/middleware/types';
import { assertNotFinal, whileOpen } from '../access/final-lock';
import { sectionEdited } from '../audit/change-entries';
import { EvidenceTexts, markCitations, storedCitation, verifyCitations } from './citation-check';

/** The wizard's step data of a report, parsed per step (a step that does not parse is simply absent here). */
export async function reportStepData(reportId: string): Promise<WizardData> {
  const progress = await readProgress(reportId);
  return parseWizardData(progress?.wizard_data ?? {}).data;
}

function emptySection(reportId: string, key: SectionKey): Section {
  return {
    report_id: reportId,
    key,
    title: SECTION_TITLES[key],
    content: '',
    citations: [],
    completeness: 0,
    version: 0,
    updated_by: null,
    updated_at: null,
    origin: null,
    ai_drafted: false,
  };
}

async function toSection(record: SectionRecord, source: EvidenceTexts): Promise<Section> {
  return {
    report_id: record.report_id,
    key: record.key,
    title: record.title,
    content: record.content,
    citations: await markCitations(record.citations, source),
    completeness: record.completeness,
    version: record.version,
    updated_by: record.updated_by,
    updated_at: record.updated_at,
    origin: record.origin,
    ai_drafted: record.ai_drafted,
  };
}

/** All nine sections in report order; a section never written comes back empty at version 0. */
async function sectionsOf(reportId: string, records: SectionRecord[], source = new EvidenceTexts(reportId)): Promise<Section[]> {
  const byKey = new Map(records.map((r) => [r.key, r]));
  return Promise.all(SECTION_KEYS.map(async (key) => (byKey.has(key) ? toSection(byKey.get(key)!, source) : emptySection(reportId, key))));
}

export async function listReportSections({ report }: ReportInContext): Promise<{ items: Section[] }> {
  const reportId = report.id;
  return { items: await sectionsOf(reportId, await readSections(reportId)) };
}

export async function getReportSection({ report }: ReportInContext, key: SectionKey): Promise<Section> {
  const reportId = report.id;
  const record = await readSection(reportId, key);
  return record ? toSection(record, new EvidenceTexts(reportId)) : emptySection(reportId, key);
}

/** The citations a text uses: every `[@id]` must be among them; the ones it does not use are left out. */
function citationsUsed(content: string, citations: readonly Citation[]): Citation[] {
  const byId = new Map<string, Citation>();
  for (const c of citations) if (!byId.has(c.id)) byId.set(c.id, c);
  const used: Citation[] = [];
  for (const id of citationKeysIn(content)) {
    const c = byId.get(id);
    if (!c) throw new BadRequestError(sectionsDetails.citationUnknown(id));
    used.push(storedCitation(c));
  }
  return used;
}

/** A user's saves of one section make at most one activity entry per this many milliseconds (autosaves would flood the feed). */
const EDIT_ACTIVITY_WINDOW_MS = 10 * 60 * 1000;

/** The activity entry of a save: coalesced per user and section; a failure to write it never fails the save. */
async function recordEdit(report: { id: string; title: string; organization_id: string }, record: SectionRecord): Promise<void> {
  const windowStart = new Date(Date.parse(record.updated_at) - EDIT_ACTIVITY_WINDOW_MS).toISOString();
  await putCoalescedAudit(keys.editActivityMark(report.id, record.key, record.updated_by), windowStart, sectionEdited(report, record.title, record.note, record.updated_by, record.updated_at)).catch(
    (error: Error) => logger.error('section edit not recorded in the activity', { reportId: report.id, section: record.key, error: error.name }),
  );
}

/** A section write: refused (409) when the report is Final, checked in the write's own transaction. */
const writeOpenSection = (input: Parameters<typeof writeSection>[0]) => whileOpen(() => writeSection(input));

async function staleError(reportId: string, key: SectionKey): Promise<ConflictError> {
  const current = await readSection(reportId, key);
  return new ConflictError(sectionsDetails.sectionStale(current?.updated_by ?? 'someone else', current?.version ?? 0));
}

/** PUT …/sections/{key}: a person's edit (or an accepted AI rewrite), as a new version. */
export async function saveReportSection({ report }: ReportInContext, key: SectionKey, body: SaveSectionBody, user: string): Promise<Section> {
  const reportId = report.id;
  assertNotFinal(report);
  const complex = markdownTooComplex(body.content);
  if (complex) throw new BadRequestError(complex);
  const citations = citationsUsed(body.content, body.citations);
  const usedIds = new Set(citations.map((c) => c.id));
  const source = new EvidenceTexts(reportId);
  const current = await readSection(reportId, key);
  const known = new Set((current?.citations ?? []).map(citationFingerprint));
  // every used citation verifies (two different passages under one used id are refused too)
  await verifyCitations(body.citations.filter((c) => usedIds.has(c.id)), source, known);
  const outcome = await writeOpenSection({
    report_id: reportId,
    key,
    title: SECTION_TITLES[key],
    content: body.content,
    citations,
    completeness: completeness(body.content),
    chars: charCount(body.content),
    updated_by: user,
    updated_at: new Date().toISOString(),
    origin: 'edited',
    ai_drafted: body.source === 'ai',
    note: body.source === 'ai' ? 'AI rewrite accepted' : 'edited',
    expected: body.version,
  });
  if (!outcome.ok) throw await staleError(reportId, key);
  await recordEdit(report, outcome.record);
  return toSection(outcome.record, source);
}

/** True when any item a section is composed from was drafted by AI and not yet edited. */
function aiDraftedFor(key: SectionKey, data: WizardData): boolean {
  const any = (items: readonly { ai_drafted: boolean }[] | undefined) => (items ?? []).some((i) => i.ai_drafted);
  switch (key) {
    case 'findings':
      return any(data.findings?.findings);
    case 'swot':
      return SWOT_QUADRANTS.some((q) => any(data.swot?.[q]));
    case 'recommendations':
      return any(data.recommendations?.items);
    case 'roadmap':
      return any(data.roadmap?.items);
    case 'executive-summary':
      return Boolean(data['executive-summary']?.ai_drafted) || any(data['executive-summary']?.key_messages);
    default:
      return false;
  }
}

const sameCitations = (a: readonly Citation[], b: readonly Citation[]) =>
  a.length === b.length && a.every((c, i) => citationFingerprint(c) === citationFingerprint(b[i]!));

/**
 * POST …/compose: sections written from the step data; a section edited by hand is overwritten only when confirmed.
 * The report and its client come from the request's context; `stepData` is the step data when the caller has
 * just read (or written) it, as "complete step" has.
 */
export async function composeReportSections({ report, client }: ReportInContext, body: ComposeBody, user: string, stepData?: WizardData): Promise<ComposeResponse> {
  const reportId = report.id;
  assertNotFinal(report);
  const org = client.organization;
  const [data, evidence, records] = await Promise.all([stepData ?? reportStepData(reportId), listEvidenceSummaries(reportId), readSections(reportId)]);
  const input = {
    data,
    report: { title: report.title, owner: report.owner },
    organization: { name: org?.name ?? '', sector: org?.sector ?? '', geography: org?.geography ?? '' },
    evidence: evidence.map((e): ComposeEvidence => ({ id: e.id, title: e.title, type: e.type, source: e.source, relevanceScore: e.relevanceScore })),
  };
  const byKey = new Map(records.map((r) => [r.key, r]));
  const wanted = body.keys ?? [...SECTION_KEYS];
  const result: ComposeResponse = { success: true, composed: [], unchanged: [], needs_confirmation: [], sections: [] };
  for (const key of SECTION_KEYS.filter((k) => wanted.includes(k))) {
    const composed = composeSection(key, input);
    const current = byKey.get(key);
    if (current ? current.content === composed.content && sameCitations(current.citations, composed.citations) : !composed.content) {
      result.unchanged.push(key);
      continue;
    }
    if (current?.origin === 'edited' && !body.overwrite.includes(key)) {
      result.needs_confirmation.push({ key, title: current.title, updated_by: current.updated_by, updated_at: current.updated_at });
      continue;
    }
    const outcome = await writeOpenSection({
      report_id: reportId,
      key,
      title: composed.title,
      content: composed.content,
      citations: composed.citations.map(storedCitation),
      completeness: completeness(composed.content),
      chars: charCount(composed.content),
      updated_by: user,
      updated_at: new Date().toISOString(),
      origin: 'composed',
      ai_drafted: aiDraftedFor(key, data),
      note: 'composed from the wizard',
      expected: current?.version ?? 0,
    });
    if (!outcome.ok) throw await staleError(reportId, key);
    await recordEdit(report, outcome.record);
    byKey.set(key, outcome.record);
    result.composed.push(key);
  }
  result.sections = await sectionsOf(reportId, [...byKey.values()]);
  return result;
}

export async function sectionHistory({ report }: ReportInContext, key: SectionKey, query: { limit?: number; cursor?: string } = {}) {
  const reportId = report.id;
  let page;
  try {
    page = await listSectionVersions(reportId, key, query.limit ?? SECTION_HISTORY_PAGE.default, query.cursor);
  } catch (error) {
    if (error instanceof InvalidCursorError) throw new BadRequestError(systemDetails.invalidCursor);
    throw error;
  }
  return {
    next_cursor: page.next_cursor,
    items: page.items.map((v) => ({
      version: v.version,
      updated_by: v.updated_by,
      updated_at: v.updated_at,
      origin: v.origin,
      ai_drafted: v.ai_drafted,
      chars: v.chars,
      note: v.note,
    })),
  };
}

export async function sectionVersionDetail({ report }: ReportInContext, key: SectionKey, version: number) {
  const reportId = report.id;
  const record = await readSectionVersion(reportId, key, version);
  if (!record) throw new NotFoundError(sectionsDetails.sectionVersionNotFound);
  return { ...(await toSection(record, new EvidenceTexts(reportId))), note: record.note };
}

/** Restoring is itself a new version (with the restored text, its citations and its origin). */
export async function restoreSectionVersion({ report }: ReportInContext, key: SectionKey, version: number, expected: number, user: string): Promise<Section> {
  const reportId = report.id;
  assertNotFinal(report);
  const old = await readSectionVersion(reportId, key, version);
  if (!old) throw new NotFoundError(sectionsDetails.sectionVersionNotFound);
  const outcome = await writeOpenSection({
    report_id: reportId,
    key,
    title: old.title,
    content: old.content,
    citations: old.citations,
    completeness: completeness(old.content),
    chars: charCount(old.content),
    updated_by: user,
    updated_at: new Date().toISOString(),
    origin: old.origin,
    ai_drafted: old.ai_drafted,
    note: `restored from version ${version}`,
    expected,
  });
  if (!outcome.ok) throw await staleError(reportId, key);
  await recordEdit(report, outcome.record);
  return toSection(outcome.record, new EvidenceTexts(reportId));
}
