/**
 * Templates: a firm template is `TEMPLATE#id` (listed through the ByKind index, `TEMPLATES`); a
 * client's is `ORG#id` / `TEMPLATE#id`. The package itself is an S3 object under `templates/`.
 */
import type { TemplateKind, TemplateLayout } from '@shared/schemas/templates';
import { indexes, keys } from './keys';
import { deleteItem, getItem, putItem } from './table-ops';
import { queryRange } from './table-query';

export interface TemplateRecord {
  id: string;
  name: string;
  kind: TemplateKind;
  organization_id: string | null;
  file_name: string;
  size: number;
  object_key: string;
  thumbnail_key: string | null;
  /** previews rendered with LibreOffice at upload (none where it is not installed, as on Lambda) */
  preview_keys: string[];
  layouts: { layout: TemplateLayout; path: string; name: string; fallback: boolean }[];
  notes: string[];
  created_by: string;
  created_at: string;
}

const FIELDS = ['id', 'name', 'kind', 'organization_id', 'file_name', 'size', 'object_key', 'thumbnail_key', 'preview_keys', 'layouts', 'notes', 'created_by', 'created_at'] as const;

const pick = (item: Record<string, unknown>): TemplateRecord => ({ ...(Object.fromEntries(FIELDS.map((f) => [f, item[f] ?? null])) as unknown as TemplateRecord), preview_keys: (item.preview_keys as string[] | undefined) ?? [] });

const keyOf = (organizationId: string | null, id: string) => (organizationId ? keys.clientTemplate(organizationId, id) : keys.firmTemplate(id));

export async function putTemplate(t: TemplateRecord): Promise<void> {
  await putItem({ ...keyOf(t.organization_id, t.id), ...(t.organization_id ? {} : keys.firmTemplateByKind(t.id)), entity: 'Template', ...t });
}

export async function getTemplate(organizationId: string | null, id: string): Promise<TemplateRecord | undefined> {
  const item = await getItem(keyOf(organizationId, id), { consistent: true });
  return item ? pick(item) : undefined;
}

export async function deleteTemplate(organizationId: string | null, id: string): Promise<void> {
  await deleteItem(keyOf(organizationId, id));
}

/** The firm's templates (without organization) or one client's, newest first, at most `limit`. */
export async function listTemplates(organizationId: string | null, limit: number): Promise<TemplateRecord[]> {
  const out = await queryRange(
    organizationId
      ? { pk: keys.clientTemplate(organizationId, 'x').PK, sk: { beginsWith: keys.clientTemplateSkPrefix }, newestFirst: true, limit }
      : { index: indexes.byKind, pk: keys.firmTemplatesPartition, newestFirst: true, limit },
  );
  return out.items.map(pick);
}
