/**
 * The evidence a question is answered from, and conflicts are looked for in.
 * - `report` scope: every item the report refers to that has text.
 * - `client` scope: every item of the report's client's library (the question is asked "from the report's or the client's
 *   evidence"), whichever report it was filed for. The caller may read the report, so the policy has let them
 *   read its client (a confidential client's outsider was told 404 before this runs), and the library is that
 *   client's: nothing of another client is ever read.
 * A scope says what its cached index (../ai/retrieval/question-index-cache.ts) is keyed by and its version, read cheaply: the report's
 * references (one Query of small rows; the version is a hash of the ids, membersVersion), or the count of the
 * library's changes (one GetItem; every item added or removed counts). An item's text never changes once filed
 * (a title may: titles are read afresh for the passages retrieved). The texts are read only to build the index.
 */
import type { AskScope } from '@shared/schemas/ask';
import type { Kpi } from '@shared/schemas/data-room';
import { libraryChanges, libraryTexts, listEvidence, listLibraryIds, readText, referencesOf, type RefRow } from '../../data/evidence-repo';
import { type AskSource, membersVersion } from '../ai';

export interface ReportSource extends AskSource {
  type: 'file' | 'url' | 'interview';
  /** a workbook's or CSV file's KPIs (its figures, with the cells they come from): conflicts compare them with what the other sources say */
  facts?: Kpi[];
}

/** A client's library is answered from up to this many items, the newest (four reports' worth at their cap). */
const MAX_CLIENT_SOURCES = 2000;

export interface ScopeSet {
  scope: AskScope;
  /** what the index is cached under: the report, or the client */
  key: string;
  /** the version of its evidence */
  version: string;
  /** where an item of the scope is kept (its title is read from there) */
  itemOf(evidenceId: string): RefRow | undefined;
  /** the texts (read only to build the index) */
  load(): Promise<ReportSource[]>;
}

/** A scope's key, version and loader: the report's references, or the client's library (newest MAX_CLIENT_SOURCES). */
export async function scopeSet(scope: AskScope, reportId: string, organizationId: string): Promise<ScopeSet> {
  if (scope === 'client') {
    const changes = await libraryChanges(organizationId);
    return {
      scope,
      key: `client:${organizationId}`,
      version: `changes:${changes}`,
      itemOf: (id) => ({ id, organization_id: organizationId }),
      load: async () => libraryTexts((await listLibraryIds(organizationId)).slice(-MAX_CLIENT_SOURCES)),
    };
  }
  const members = await referencesOf(reportId);
  const where = new Map(members.map((m) => [m.id, m]));
  return { scope, key: `report:${reportId}`, version: membersVersion(members), itemOf: (id) => where.get(id), load: () => libraryTexts(members) };
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
      if (texts[j]) out.push({ id: r.id, title: r.title, type: r.type, text: texts[j], ...(r.kpis?.length ? { facts: r.kpis } : {}) });
    });
  }
  return out;
}
