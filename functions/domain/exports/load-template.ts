/**
 * The firm's template an export is built on, read through the data layer (the templates' repository and the
 * object store): a firm template, or one of the report's client. The exports never ask the templates area for
 * it; the templates area keeps and checks templates, and uses the exports (through index.ts) to check a deck's
 * layouts and draw its previews.
 *
 * A template kept before uploads were checked for what fetches from outside them may hold it: one that holds
 * what an upload is refused for (a DTD, a fetching field) is not built on; the outside links of the others are
 * stripped by the exporters as they prepare a template (docx.ts, pptx/template/prepare.ts).
 */
import { getObjectUnlessMatch } from '../../data/object-store';
import { getTemplate, type TemplateRecord } from '../../data/templates-repo';
import { logger } from '../../lib/logger';
import { holdsRefused } from './outside-links';

/** Templates this container has fetched, by object key, with their ETags (a few; the export worker's). */
const FETCHED_MAX = 4;
const fetched = new Map<string, { etag: string; bytes: Uint8Array | undefined }>();

/**
 * The template an export is built on. Undefined when it is gone, or holds what an upload is refused for (the
 * export then uses the built-in template rather than failing). A template this container fetched before is
 * asked for only if changed (its ETag), and its `key` (id and ETag) lets the exports reuse what they read of it
 * (docx.ts, pptx/template/prepare.ts).
 */
export async function templateForExport(templateId: string, organizationId: string | null): Promise<{ kind: TemplateRecord['kind']; bytes: Uint8Array; layouts: TemplateRecord['layouts']; key: string } | undefined> {
  const t = (organizationId ? await getTemplate(organizationId, templateId) : undefined) ?? (await getTemplate(null, templateId));
  if (!t) return undefined;
  const known = fetched.get(t.object_key);
  const got = await getObjectUnlessMatch(t.object_key, known?.etag);
  if (got === undefined) {
    fetched.delete(t.object_key);
    return undefined;
  }
  const current = got === 'unchanged' ? known! : { etag: got.etag, bytes: holdsRefused(got.bytes) ? undefined : got.bytes };
  if (got !== 'unchanged') {
    fetched.delete(t.object_key);
    if (fetched.size >= FETCHED_MAX) fetched.delete(fetched.keys().next().value!);
    fetched.set(t.object_key, current);
    if (!current.bytes) logger.warn('template not built on: it holds what an upload is refused for (a DTD or a fetching field)', { templateId: t.id });
  }
  if (!current.bytes) return undefined;
  return { kind: t.kind, bytes: current.bytes, layouts: t.layouts, key: `${t.id}@${current.etag}` };
}
