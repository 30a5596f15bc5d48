import { details } from '@shared/messages';
import type { EvidenceItem, EvidenceType } from '@shared/schemas/evidence';
import { getEvidence, listEvidence, readText, toEvidenceItem, updateEvidence, type EvidenceRecord, type EvidenceUpdate } from '../../data/evidence-repo';
import { ConflictError, NotFoundError } from '../../lib/errors';
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
  const text = await readText(record);
  const at = text.toLowerCase().indexOf(needle);
  return at >= 0 ? { hit: true, snippet: snippetAround(text, at, needle.length) } : { hit: false };
}

/** A report's evidence: every item, or those whose title, tags or extracted text contain `q`. */
export async function listReportEvidence(ref: string, query: { q?: string; type?: EvidenceType }): Promise<{ items: EvidenceItem[] }> {
  await assertReportRef(ref);
  const records = (await listEvidence(ref)).filter((r) => !query.type || r.type === query.type);
  const needle = query.q?.trim().toLowerCase();
  if (!needle) return { items: records.map(toEvidenceItem) };
  const results = await Promise.all(records.map(async (r) => ({ r, m: await matches(r, needle) })));
  return { items: results.filter((x) => x.m.hit).map((x) => ({ ...toEvidenceItem(x.r), ...(x.m.snippet ? { match: x.m.snippet } : {}) })) };
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
