/** The builder's working copy of a visual, and how it becomes a create or update body. */
import { DEFAULT_VISUAL_OPTIONS, BINDINGS_FOR_TYPE, type Binding, type BindingSource, type Visual, type VisualOptions, type VisualStatus, type VisualType } from '@shared/schemas/visuals';

export interface VisualDraft {
  type: VisualType;
  title: string;
  caption: string;
  binding: Binding;
  options: VisualOptions;
  status: VisualStatus;
  /** the typed table's text, as typed or pasted */
  tableText: string;
}

export function defaultBinding(source: BindingSource): Binding {
  switch (source) {
    case 'dimension-scores':
      return { source, include_out_of_scope: false };
    case 'metrics':
      return { source, metric: '', finding_ids: [] };
    case 'evidence':
      return { source, measure: 'count', by: 'type' };
    case 'roadmap':
      return { source, phase_ids: [] };
    case 'recommendations':
      return { source, ids: [] };
    case 'table':
      return { source, columns: ['Label', 'Value'], rows: [] };
  }
}

/** The binding a new chart of this type starts with: the first data it can show. */
export const firstBinding = (type: VisualType) => defaultBinding(BINDINGS_FOR_TYPE[type][0]!);

export function newDraft(type: VisualType): VisualDraft {
  return { type, title: '', caption: '', binding: firstBinding(type), options: { ...DEFAULT_VISUAL_OPTIONS }, status: 'completed', tableText: '' };
}

export function tableText(binding: Binding): string {
  if (binding.source !== 'table') return '';
  return [binding.columns, ...binding.rows].map((r) => r.map((c) => (/[\t\n"]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join('\t')).join('\n');
}

export function draftOf(visual: Visual): VisualDraft {
  return { type: visual.type, title: visual.title, caption: visual.caption, binding: visual.binding, options: visual.options, status: visual.status, tableText: tableText(visual.binding) };
}

export function bodyOf(draft: VisualDraft) {
  return { type: draft.type, title: draft.title.trim(), caption: draft.caption.trim(), binding: draft.binding, options: draft.options, status: draft.status };
}
