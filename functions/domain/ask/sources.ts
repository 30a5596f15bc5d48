/**
 * The evidence a question is answered from, and conflicts are looked for in.
 * - `report` scope: every item the report refers to that has text.
 * - `client` scope: every item of the report's client's library (issue 25 "from the report's or the client's
 *   evidence"), whichever report it was filed for. The caller may read the report, so the policy has let them
 *   read its client (a confidential client's outsider was told 404 before this runs), and the library is that
 *   client's: nothing of another client is ever read.
 * A scope's members are listed by key only (one Query of small rows); the texts are read only when the cached
 * index (./index-cache.ts) does not already hold this set of members. An item's text never changes once filed
 * (a title may: titles are read afresh for the passages retrieved), so the set of ids is the index's version
 * (./index-cache.ts membersVersion).
 */
import type { AskScope } from '@shared/schemas/ask';
import { libraryTexts, listEvidence, listLibraryIds, readText, referencesOf, type RefRow } from '../../data/evidence-repo';
import type { AskSource } from './retrieve';

export interface ReportSource extends AskSource {
  type: 'file' | 'url' | 'interview';
}

/** A client's library is answered from up to this many items, the newest (four reports' worth at their cap). */
export const MAX_CLIENT_SOURCES = 2000;

export interface ScopeMembers {
  scope: AskScope;
  /** what the index is cached under: the report, or the client */
  key: string;
  /** the items, keys only */
  members: RefRow[];
}

/** The items of a scope, keys only: the report's references, or the client's library (newest MAX_CLIENT_SOURCES). */
export async function scopeMembers(scope: AskScope, reportId: string, organizationId: string): Promise<ScopeMembers> {
  if (scope === 'client') {
    const all = await listLibraryIds(organizationId);
    return { scope, key: `client:${organizationId}`, members: all.slice(-MAX_CLIENT_SOURCES) };
  }
  return { scope, key: `report:${reportId}`, members: await referencesOf(reportId) };
}

/** The members' texts (the cache's loader). */
export async function scopeSources(members: readonly RefRow[]): Promise<ReportSource[]> {
  return libraryTexts(members);
}

/** Every item of the report that has text, with its full text (conflicts between sources read these). */
export async function reportSources(reportId: string): Promise<ReportSource[]> {
  const records = (await listEvidence(reportId)).filter((r) => r.text_chars > 0 || r.text !== undefined || r.text_key);
  const out: ReportSource[] = [];
  // a handful at a time: each may be an S3 read
  for (let i = 0; i < records.length; i += 8) {
    const batch = records.slice(i, i + 8);
    const texts = await Promise.all(batch.map((r) => readText(r)));
    batch.forEach((r, j) => {
      if (texts[j]) out.push({ id: r.id, title: r.title, type: r.type, text: texts[j] });
    });
  }
  return out;
}
