/**
 * Pending AI drafts (DESIGN.md "Workflows on the server"): `REPORT#id` / `DRAFT#<step>`, one per step, the
 * latest draft of it. A draft waits (`pending`) until the consultant accepts it (marked `accepted` in the
 * same transaction that merges it into the step, progress-repo.ts) or discards it (deleted). A draft too large
 * for an item keeps its data in S3.
 */
import { randomUUID } from 'node:crypto';
import { INLINE_ITEM_BYTES, itemSize } from './item-size';
import { keys } from './keys';
import { deleteObject, getObjectText, putObject } from './object-store';
import { deleteItem, getItem, putItem } from './table-ops';

export interface DraftRecord {
  step: string;
  data: unknown;
  provenance_id: string;
  citations_dropped: number;
  provider: string;
  created_at: string;
  created_by: string;
  status: 'pending' | 'accepted';
  accepted_at?: string;
  accepted_by?: string;
  accepted_count?: number;
}

/** a stored string attribute ('' when absent) */
const stringAttr = (value: unknown) => (typeof value === 'string' ? value : '');

export async function readDraft(reportId: string, step: string): Promise<DraftRecord | undefined> {
  const Item = await getItem(keys.pendingDraft(reportId, step), { consistent: true });
  if (!Item) return undefined;
  const dataKey = Item.data_key as string | undefined;
  const text = dataKey ? await getObjectText(dataKey) : undefined;
  return {
    step,
    data: dataKey ? (text === undefined ? undefined : (JSON.parse(text) as unknown)) : Item.data,
    provenance_id: stringAttr(Item.provenance_id),
    citations_dropped: Number(Item.citations_dropped ?? 0),
    provider: stringAttr(Item.provider),
    created_at: stringAttr(Item.created_at),
    created_by: stringAttr(Item.created_by),
    status: Item.status === 'accepted' ? 'accepted' : 'pending',
    ...(Item.accepted_at ? { accepted_at: stringAttr(Item.accepted_at) } : {}),
    ...(Item.accepted_by ? { accepted_by: stringAttr(Item.accepted_by) } : {}),
    ...(Item.accepted_count !== undefined ? { accepted_count: Number(Item.accepted_count) } : {}),
  };
}

/** Stores a new pending draft of the step, in place of the one before (whose S3 object, if any, goes). */
export async function putDraft(reportId: string, draft: Omit<DraftRecord, 'status' | 'accepted_at' | 'accepted_by' | 'accepted_count'>): Promise<void> {
  const base = { ...keys.pendingDraft(reportId, draft.step), entity: 'PendingDraft', report_id: reportId, ...draft, status: 'pending' };
  let item: Record<string, unknown> & { PK: string; SK: string } = base;
  let dataKey: string | undefined;
  if (itemSize(base) > INLINE_ITEM_BYTES) {
    dataKey = keys.pendingDraftObject(reportId, draft.step, randomUUID());
    await putObject(dataKey, JSON.stringify(draft.data), 'application/json');
    const { data: _data, ...rest } = base;
    item = { ...rest, data_key: dataKey };
  }
  let previous: Record<string, unknown> | undefined;
  try {
    previous = await putItem(item, { returnPrevious: true });
  } catch (error) {
    if (dataKey) await deleteObject(dataKey).catch(() => undefined);
    throw error;
  }
  const oldKey = previous?.data_key as string | undefined;
  if (oldKey && oldKey !== dataKey) await deleteObject(oldKey).catch(() => undefined);
}

/** Removes the step's draft (pending or accepted); true when there was one. */
export async function deleteDraft(reportId: string, step: string): Promise<boolean> {
  const previous = await deleteItem(keys.pendingDraft(reportId, step), { returnPrevious: true });
  const oldKey = previous?.data_key as string | undefined;
  if (oldKey) await deleteObject(oldKey).catch(() => undefined);
  return Boolean(previous);
}
