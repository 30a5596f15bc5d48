/** The builder's working copy of a visual, and how it becomes a create or update body. */
import { bridgeChoices } from '@shared/domain/report/chart-data';
import type { WizardData } from '@shared/schemas/wizard';
import {
  DEFAULT_VISUAL_OPTIONS,
  BINDINGS_FOR_TYPE,
  type Binding,
  type BindingSource,
  type TableRangeData,
  type Visual,
  type VisualOptions,
  type VisualStatus,
  type VisualType,
} from '@shared/schemas/visuals';

export interface VisualDraft {
  type: VisualType;
  title: string;
  caption: string;
  binding: Binding;
  options: VisualOptions;
  status: VisualStatus;
  /** a chart bound to a workbook's table: the data its range gives (the server's, or the builder's preview) */
  table_data?: TableRangeData;
}

/** A new binding of `source`; with the report's data, a bridge starts with the drivers its evidence gives. */
export function defaultBinding(source: BindingSource, data?: WizardData): Binding {
  switch (source) {
    case 'dimension-scores':
      return { source, include_out_of_scope: false };
    case 'metrics':
      return { source, metric: '', finding_ids: [] };
    case 'metric-bridge':
      return { source, metric: '', drivers: data ? bridgeChoices(data, '').suggested : [] };
    case 'evidence':
      return { source, measure: 'count', by: 'type' };
    case 'roadmap':
      return { source, phase_ids: [] };
    case 'recommendations':
      return { source, ids: [] };
    case 'table':
      return { source, columns: ['Label', 'Value'], rows: [['', '']] };
    case 'data-table':
      // nothing chosen yet: the builder asks for a workbook, a table, rows and columns before saving
      return { source, evidence_id: '', file_name: '', table_id: '', series: 'rows', rows: [], columns: [] };
  }
}

/** The binding a new chart of this type starts with: the first data it can show. */
const firstBinding = (type: VisualType, data?: WizardData) => defaultBinding(BINDINGS_FOR_TYPE[type][0]!, data);

export function newDraft(type: VisualType, data?: WizardData): VisualDraft {
  return { type, title: '', caption: '', binding: firstBinding(type, data), options: { ...DEFAULT_VISUAL_OPTIONS }, status: 'completed' };
}

export function draftOf(visual: Visual): VisualDraft {
  return {
    type: visual.type,
    title: visual.title,
    caption: visual.caption,
    binding: visual.binding,
    options: { ...DEFAULT_VISUAL_OPTIONS, ...visual.options },
    status: visual.status,
    ...(visual.table_data ? { table_data: visual.table_data } : {}),
  };
}

export function bodyOf(draft: VisualDraft) {
  return { type: draft.type, title: draft.title.trim(), caption: draft.caption.trim(), binding: draft.binding, options: draft.options, status: draft.status };
}
