/**
 * Report sections and their history. The current version of a section is one item (`SECTION#<key>`);
 * every version ever saved is also kept as its own item (`SECVER#<key>#<version>`), so history can be
 * listed, compared and restored. Both are written in one transaction, conditional on the version the
 * writer loaded: two writers of one section get one success and one conflict; writers of different
 * sections never conflict. A body (content and citations) too large for an item is one immutable S3
 * object per version, which both items point to. The transaction holds only while the report is not Final
 * (./report-lock-repo.ts): a write that meets a Final report throws ReportFinalError.
 */
import type { Citation, SectionKey, SectionOrigin } from '@shared/schemas/report-document';
import { INLINE_ITEM_BYTES, itemSize } from './item-size';
import { keys } from './keys';
import { deleteObject, getObjectText, putObject } from './object-store';
import { ReportFinalError, reportOpenCheck } from './report-lock-repo';
import { queryAll } from './table-query';
import { getItem, newItemPut, queryPage, transact, versionedPutItem } from './table-ops';

export interface SectionBody {
  content: string;
  citations: Citation[];
}

export interface SectionMeta {
  report_id: string;
  key: SectionKey;
  title: string;
  completeness: number;
  version: number;
  updated_by: string;
  updated_at: string;
  origin: SectionOrigin;
  ai_drafted: boolean;
  /** what made this version: "edited", "composed from the wizard", "restored from version 3", … */
  note: string;
  chars: number;
}

export type SectionRecord = SectionMeta & SectionBody;

type StoredSection = SectionMeta & Partial<SectionBody> & { body_key?: string };

const META_FIELDS = ['report_id', 'key', 'title', 'completeness', 'version', 'updated_by', 'updated_at', 'origin', 'ai_drafted', 'note', 'chars'] as const;

function metaOf(item: Record<string, unknown>): SectionMeta {
  return Object.fromEntries(META_FIELDS.map((f) => [f, item[f]])) as unknown as SectionMeta;
}

async function bodyOf(item: StoredSection): Promise<SectionBody> {
  if (item.body_key) {
    const raw = await getObjectText(item.body_key);
    if (raw === undefined) return { content: '', citations: [] };
    const parsed = JSON.parse(raw) as SectionBody;
    return { content: parsed.content ?? '', citations: parsed.citations ?? [] };
  }
  return { content: item.content ?? '', citations: item.citations ?? [] };
}

export async function readSection(reportId: string, key: SectionKey): Promise<SectionRecord | undefined> {
  const item = await getItem(keys.section(reportId, key), { consistent: true });
  if (!item) return undefined;
  return { ...metaOf(item), ...(await bodyOf(item as unknown as StoredSection)) };
}

/** Every written section of a report (at most nine items), with bodies. */
export async function readSections(reportId: string): Promise<SectionRecord[]> {
  const items = await queryAll(keys.reportPartition(reportId), keys.sectionSkPrefix, { consistent: true });
  return Promise.all(items.map(async (item) => ({ ...metaOf(item), ...(await bodyOf(item as unknown as StoredSection)) })));
}

/** Every written section's key and current version (no bodies). */
export async function readSectionVersions(reportId: string): Promise<{ key: SectionKey; version: number }[]> {
  const items = await queryAll(keys.reportPartition(reportId), keys.sectionSkPrefix, { consistent: true, fields: ['key', 'version'] });
  return items.map((i) => ({ key: i.key as SectionKey, version: Number(i.version) }));
}

export type WriteSectionOutcome = { ok: true; record: SectionRecord } | { ok: false };

/**
 * Writes a new version of a section if it is still at `expected` (0: never written) and the report is not Final.
 * Returns ok: false when another writer got there first, throws ReportFinalError on a Final report; nothing is
 * changed then.
 */
export async function writeSection(input: Omit<SectionRecord, 'version'> & { expected: number }): Promise<WriteSectionOutcome> {
  const version = input.expected + 1;
  const { expected, content, citations, ...meta } = input;
  const record: SectionRecord = { ...meta, version, content, citations };
  const inline = { ...keys.section(input.report_id, input.key), entity: 'Section', ...record };
  let bodyKey: string | undefined;
  let body: Partial<SectionBody> & { body_key?: string } = { content, citations };
  if (itemSize(inline) > INLINE_ITEM_BYTES) {
    bodyKey = keys.sectionObject(input.report_id, input.key, version);
    await putObject(bodyKey, JSON.stringify({ content, citations }), 'application/json');
    body = { body_key: bodyKey };
  }
  let outcome: Awaited<ReturnType<typeof transact>> | undefined;
  try {
    // a transaction that only overlapped ours (another section's save checks the same report item) is tried
    // again; another writer's version of this section got there first when its condition failed
    outcome = await transact([
      versionedPutItem({ ...keys.section(input.report_id, input.key), entity: 'Section', ...meta, ...body }, expected),
      newItemPut({ ...keys.sectionVersion(input.report_id, input.key, version), entity: 'SectionVersion', ...meta, version, ...body }),
      reportOpenCheck(input.report_id),
    ]);
  } finally {
    // the items were not written (a newer version won, or DynamoDB failed): this version's body object goes too
    if (bodyKey && !outcome?.ok) await deleteObject(bodyKey).catch(() => undefined);
  }
  if (!outcome.ok && outcome.failed.includes(2)) throw new ReportFinalError(input.report_id);
  return outcome.ok ? { ok: true, record } : { ok: false };
}

/** A page of a section's saved versions, newest first (metadata only): one Query of at most `limit` items. */
export async function listSectionVersions(reportId: string, key: SectionKey, limit: number, cursor?: string): Promise<{ items: SectionMeta[]; next_cursor: string | null }> {
  const page = await queryPage({ pk: keys.reportPartition(reportId), skPrefix: keys.sectionVersionSkPrefix(key), fields: META_FIELDS, newestFirst: true, limit, cursor });
  return { items: page.items.map(metaOf), next_cursor: page.next_cursor };
}

export async function readSectionVersion(reportId: string, key: SectionKey, version: number): Promise<SectionRecord | undefined> {
  const item = await getItem(keys.sectionVersion(reportId, key, version));
  if (!item) return undefined;
  return { ...metaOf(item), ...(await bodyOf(item as unknown as StoredSection)) };
}
