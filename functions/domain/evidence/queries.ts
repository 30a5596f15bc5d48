import { details } from '@shared/messages';
import { UUID_SOURCE } from '@shared/schemas/common';
import { EVIDENCE_PAGE, type EvidenceItem, type EvidenceType } from '@shared/schemas/evidence';
import { getEvidence, listEvidenceSummaries, readText, toEvidenceItem, updateEvidence, type EvidenceRecord, type EvidenceUpdate } from '../../data/evidence-repo';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import { assertReportRef } from './report-context';

const SNIPPET = 80;

/** A short excerpt around the first match, for search results. */
export function snippetAround(text: string, index: number, length: number): string {
  const start = Math.max(0, index - SNIPPET);
  const end = Math.min(text.length, index + length + SNIPPET);
  return `${start > 0 ? '…' : ''}${text.slice(start, end).replace(/\s+/g, ' ').trim()}${end < text.length ? '…' : ''}`;
}

async function matches(record: EvidenceRecord, needle: string): Promise<{ hit: boolean; snippet?: string }> {
  const fields = [record.title, record.source, record.content, ...record.tags].join('\n').toLowerCase();
  if (fields.includes(needle)) return { hit: true };
  if (!record.text_chars) return { hit: false };
  const text = await readText(record);
  const at = text.toLowerCase().indexOf(needle);
  return at >= 0 ? { hit: true, snippet: snippetAround(text, at, needle.length) } : { hit: false };
}

/** Texts searched at the same time: a search reads a few texts at once, never every one. */
const SEARCH_CONCURRENCY = 4;

/**
 * A page of a report's evidence, oldest first: every item, or those whose title, tags or extracted text
 * contain `q`. Items are listed without their text; a search reads texts a few at a time and stops as soon
 * as the page is full, so neither the list nor a search ever holds every text in memory.
 */
export async function listReportEvidence(
  ref: string,
  query: { q?: string; type?: EvidenceType; limit?: number; cursor?: string },
): Promise<{ items: EvidenceItem[]; next_cursor: string | null }> {
  await assertReportRef(ref);
  const limit = query.limit ?? EVIDENCE_PAGE.default;
  const after = query.cursor ? decodeEvidenceCursor(query.cursor) : undefined;
  const all = (await listEvidenceSummaries(ref)).filter((r) => !query.type || r.type === query.type);
  const from = after ? all.findIndex((r) => `${r.created_at}#${r.id}` > after) : 0;
  const rest = from < 0 ? [] : all.slice(from);
  const needle = query.q?.trim().toLowerCase();
  const page: EvidenceItem[] = [];
  let last: EvidenceRecord | undefined;
  if (!needle) {
    for (const r of rest.slice(0, limit)) page.push(toEvidenceItem(r));
    last = rest[Math.min(limit, rest.length) - 1];
    return { items: page, next_cursor: rest.length > limit && last ? encodeEvidenceCursor(last) : null };
  }
  let i = 0;
  while (i < rest.length && page.length < limit) {
    const batch = rest.slice(i, i + SEARCH_CONCURRENCY);
    const results = await Promise.all(batch.map(async (r) => ({ r, m: await matches(r, needle) })));
    for (const { r, m } of results) {
      i++;
      last = r;
      if (m.hit) page.push({ ...toEvidenceItem(r), ...(m.snippet ? { match: m.snippet } : {}) });
      if (page.length >= limit) break;
    }
  }
  return { items: page, next_cursor: i < rest.length && last ? encodeEvidenceCursor(last) : null };
}

/** `<created_at>#<evidence id>` */
const EVIDENCE_CURSOR = new RegExp(`^\\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z#(?:${UUID_SOURCE})$`);

const encodeEvidenceCursor = (r: EvidenceRecord) => Buffer.from(`${r.created_at}#${r.id}`, 'utf8').toString('base64url');

function decodeEvidenceCursor(cursor: string): string {
  const value = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!EVIDENCE_CURSOR.test(value)) throw new BadRequestError(details.invalidCursor);
  return value;
}

/** One item, with its extracted text. */
export async function getReportEvidence(ref: string, id: string): Promise<EvidenceItem> {
  const record = await getEvidence(ref, id);
  if (!record) throw new NotFoundError(details.evidenceNotFound);
  return { ...toEvidenceItem(record), textContent: await readText(record) };
}

export async function updateReportEvidence(ref: string, id: string, patch: EvidenceUpdate, version: number) {
  const outcome = await updateEvidence(ref, id, patch, version, new Date().toISOString());
  if (outcome === 'missing') throw new NotFoundError(details.evidenceNotFound);
  if (outcome === 'stale') throw new ConflictError(details.evidenceStale);
  return { success: true as const, version: version + 1 };
}
