/**
 * The export page's section checklist (spec section 5, "Export"): required sections locked and checked,
 * optional ones off until ticked; what would be exported, in report order; and the spec's alert when
 * nothing that can be exported is chosen (a section with nothing written cannot be).
 */
import { exportsTexts } from '@shared/messages/exports';
import { OPTIONAL_SECTIONS, REQUIRED_SECTIONS, SECTION_KEYS, type SectionKey } from '@shared/schemas/report-document';

export const isRequired = (key: SectionKey) => REQUIRED_SECTIONS.includes(key);

/** The optional sections start unticked. */
export const initialOptional = (): ReadonlySet<SectionKey> => new Set<SectionKey>();

/** Required sections and the ticked optional ones, in report order. */
export function chosenSections(ticked: ReadonlySet<SectionKey>): SectionKey[] {
  return SECTION_KEYS.filter((k) => isRequired(k) || (OPTIONAL_SECTIONS.includes(k) && ticked.has(k)));
}

/** The chosen sections that have something written (those the export will hold). */
export function exportableSections(chosen: readonly SectionKey[], written: ReadonlyMap<string, number>): SectionKey[] {
  return chosen.filter((k) => (written.get(k) ?? 0) > 0);
}

/** The spec's alert when nothing that can be exported is chosen, else null. */
export function selectionProblem(chosen: readonly SectionKey[], written: ReadonlyMap<string, number>): string | null {
  return exportableSections(chosen, written).length ? null : exportsTexts.noSections;
}

/** "12.3 KB": the spec's file sizes, in KB with one decimal. */
export const formatSize = (bytes: number | null): string => (bytes === null ? '–' : exportsTexts.sizeKb(bytes));
