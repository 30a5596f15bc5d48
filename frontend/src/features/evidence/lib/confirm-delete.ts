/**
 * Before an evidence item is deleted: where is it cited? A cited item gets a warning that lists the places
 * (its citations will be marked broken); an uncited one the ordinary confirmation, when the page asks one.
 */
import { isPlaceholder } from '@shared/domain/placeholder';
import { evidenceTexts } from '@shared/messages/evidence';
import { reportTexts } from '@shared/messages/sections';
import { getCitationUsage } from '../api/get-citation-usage';

export async function confirmEvidenceDelete(reportRef: string, id: string, title: string, opts: { askWhenUncited: boolean }): Promise<boolean> {
  let places: string[] = [];
  if (!isPlaceholder(reportRef)) {
    try {
      places = (await getCitationUsage(reportRef, id)).places.map((p) => p.label);
    } catch {
      places = [];
    }
  }
  if (places.length) return window.confirm(reportTexts.citations.confirmDeleteCited(title, [...new Set(places)]));
  return opts.askWhenUncited ? window.confirm(evidenceTexts.confirmDelete(title)) : true;
}
