/**
 * A template removed for good: its record, then its files (the package, its thumbnail and page previews). Used by
 * a template's deletion and by its client's: a deleted client's own templates go with it (as its library does).
 * Kept apart from ./templates.ts so that client deletion does not bundle the upload and preview code.
 */
import { TEMPLATES_MAX } from '@shared/schemas/templates';
import { deleteObject } from '../../data/object-store';
import { deleteTemplate, listTemplates, type TemplateRecord } from '../../data/templates-repo';

export async function discardTemplate(t: TemplateRecord): Promise<void> {
  await deleteTemplate(t.organization_id, t.id);
  // a file that is already gone is not a failure: the record is what lists the template
  for (const key of [t.object_key, ...(t.thumbnail_key ? [t.thumbnail_key] : []), ...t.preview_keys]) await deleteObject(key).catch(() => undefined);
}

/** A deleted client's own templates, each discarded (a page of TEMPLATES_MAX at a time until none is left); how many. */
export async function discardClientTemplates(organizationId: string): Promise<number> {
  let count = 0;
  for (;;) {
    const page = await listTemplates(organizationId, TEMPLATES_MAX);
    for (const t of page) await discardTemplate(t);
    count += page.length;
    if (page.length < TEMPLATES_MAX) return count;
  }
}
