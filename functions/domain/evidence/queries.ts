import { evidenceDetails } from '@shared/messages/evidence';
import { systemDetails } from '@shared/messages/system';
import { EVIDENCE_PAGE, type EvidenceItem, type EvidenceType } from '@shared/schemas/evidence';
import { decodeCursor, encodeCursor } from '../../data/cursor';
import { evidenceSortKey, getEvidence, isEvidenceSortKey, pageEvidence, readText, toEvidenceItem, updateEvidence, type EvidenceRecord, type EvidenceUpdate } from '../../data/evidence-repo';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import type { RequestContext } from '../../lib/middleware/types';
import { assertReportRef } from '../access/report-ref';

const SNIPPET = 80;

/** A short excerpt around the first match, for search results. */
function snippetAround(text: string, index: number, length: number): string {
  const start = Math.max(0, index - SNIPPET);
  const end = Math.min(text.length, index + length + SNIPPET);
  return `${start > 0 ? '…' : ''}${text.slice(start, end).replace(/\s+/g, ' ').trim()}${end < text.length ? '…' : ''}`;
}

/** A match in the item's own fields (title, source, notes, tags): no text needs reading. */
const fieldsMatch = (record: EvidenceRecord, needle: string) => [record.title, record.source, record.content, ...record.tags].join('\n').toLowerCase().includes(needle);

/** The match in a text, as a snippet, or undefined. */
function textMatch(text: string, needle: string): string | undefined {
  const at = text.toLowerCase().indexOf(needle);
  return at >= 0 ? snippetAround(text, at, needle.length) : undefined;
}

/** Texts kept in S3 (the long ones) read at the same time. */
const SEARCH_CONCURRENCY = 4;

/**
 * What one search request may read: at most `items` evidence items (their inline texts come with them, in
 * Query pages), and at most `storedTexts` of the long texts kept in S3. A search that has not found a page of
 * matches within it answers what it found with a cursor that continues after the last item it read, so no
 * request ever reads every text of a report, whatever the query.
 */
const SEARCH_BUDGET = { items: 100, storedTexts: 8 } as const;

/**
 * A page of a report's evidence in the order it was added (oldest first): every item, or those whose title,
 * source, notes, tags or extracted text contain `q`. A list reads one Query page of summaries; a search reads
 * within SEARCH_BUDGET and may answer fewer matches than `limit` with a `next_cursor` to search on from.
 */
export async function listReportEvidence(
  context: RequestContext,
  ref: string,
  query: { q?: string; type?: EvidenceType; limit?: number; cursor?: string },
): Promise<{ items: EvidenceItem[]; next_cursor: string | null }> {
  assertReportRef(context, ref);
  const limit = query.limit ?? EVIDENCE_PAGE.default;
  const start = decodeEvidenceCursor(query.cursor);
  const needle = query.q?.trim().toLowerCase();
  return needle ? searchPage(ref, needle, query.type, limit, start) : listPage(ref, query.type, limit, start);
}

async function listPage(ref: string, type: EvidenceType | undefined, limit: number, start: string | undefined) {
  const found: EvidenceRecord[] = [];
  let startSk = start;
  let more = true;
  // one more than the page, to know whether another page follows; the type filter may need a few Query pages
  while (found.length <= limit && more) {
    const page = await pageEvidence(ref, { limit: limit + 1 - found.length, startSk, type });
    found.push(...page.items);
    startSk = page.lastSk;
    more = Boolean(page.lastSk);
  }
  const items = found.slice(0, limit);
  const last = items.at(-1);
  return { items: items.map(toEvidenceItem), next_cursor: found.length > limit && last ? encodeEvidenceCursor(evidenceSortKey(last.id)) : null };
}

async function searchPage(ref: string, needle: string, type: EvidenceType | undefined, limit: number, start: string | undefined) {
  const hits: EvidenceItem[] = [];
  let read = 0;
  let storedTexts = 0;
  let startSk = start;
  let lastRead: string | undefined;
  let exhausted = false;
  const full = () => hits.length >= limit || read >= SEARCH_BUDGET.items || storedTexts >= SEARCH_BUDGET.storedTexts;
  while (!full()) {
    const page = await pageEvidence(ref, { limit: Math.min(SEARCH_BUDGET.items - read, 50), startSk, type, withText: true });
    let i = 0;
    while (i < page.items.length && !full()) {
      // the next few items together: fields and inline texts are in hand, long texts are read from S3 side by side
      const batch: { r: EvidenceRecord; stored: boolean }[] = [];
      while (i < page.items.length && batch.length < SEARCH_CONCURRENCY) {
        const r = page.items[i]!;
        const stored = !fieldsMatch(r, needle) && r.text === undefined && Boolean(r.text_key);
        if (stored && storedTexts + batch.filter((b) => b.stored).length >= SEARCH_BUDGET.storedTexts) break;
        batch.push({ r, stored });
        i++;
      }
      if (!batch.length) {
        storedTexts = SEARCH_BUDGET.storedTexts; // the next item needs a long text the budget has no room for
        break;
      }
      const results = await Promise.all(
        batch.map(async ({ r, stored }) => {
          if (fieldsMatch(r, needle)) return { r, stored, hit: true, snippet: undefined };
          const snippet = textMatch(stored ? await readText(r) : (r.text ?? ''), needle);
          return { r, stored, hit: snippet !== undefined, snippet };
        }),
      );
      for (const x of results) {
        if (hits.length >= limit) break;
        read++;
        if (x.stored) storedTexts++;
        lastRead = evidenceSortKey(x.r.id);
        if (x.hit) hits.push({ ...toEvidenceItem(x.r), ...(x.snippet ? { match: x.snippet } : {}) });
      }
    }
    if (i === page.items.length && !page.lastSk) {
      exhausted = true;
      break;
    }
    if (i < page.items.length || full()) break;
    startSk = page.lastSk;
  }
  return { items: hits, next_cursor: !exhausted && lastRead ? encodeEvidenceCursor(lastRead) : null };
}

const encodeEvidenceCursor = (sk: string) => encodeCursor({ sk });

function decodeEvidenceCursor(cursor: string | undefined): string | undefined {
  const decoded = decodeCursor(cursor, ['sk'] as const);
  if (decoded === 'invalid' || (decoded && !isEvidenceSortKey(decoded.sk))) throw new BadRequestError(systemDetails.invalidCursor);
  return decoded?.sk;
}

/** One item, with its extracted text. */
export async function getReportEvidence(ref: string, id: string): Promise<EvidenceItem> {
  const record = await getEvidence(ref, id);
  if (!record) throw new NotFoundError(evidenceDetails.evidenceNotFound);
  return { ...toEvidenceItem(record), textContent: await readText(record) };
}

export async function updateReportEvidence(ref: string, id: string, patch: EvidenceUpdate, version: number) {
  const outcome = await updateEvidence(ref, id, patch, version, new Date().toISOString());
  if (outcome === 'missing') throw new NotFoundError(evidenceDetails.evidenceNotFound);
  if (outcome === 'stale') throw new ConflictError(evidenceDetails.evidenceStale);
  return { success: true as const, version: version + 1 };
}
