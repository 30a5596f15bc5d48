/**
 * Citations: `[@<id>]` in markdown, `{ id, evidence_id, start, end, quote }` in data. `quote` must equal the
 * evidence text from `start` to `end` (JavaScript string offsets). These helpers are pure; the server uses
 * them to verify every save, the SPA to show and insert citations.
 */
import type { Citation } from '../../schemas/report-document';
import { SWOT_QUADRANTS } from '../../schemas/report-document';
import type { WizardData } from '../../schemas/wizard';
import { itemLabels, shorten } from './labels';

/** True when `quote` is exactly `text.slice(start, end)`. */
export function quoteHolds(text: string, c: { start: number; end: number; quote: string }): boolean {
  return c.start >= 0 && c.end > c.start && c.end <= text.length && text.slice(c.start, c.end) === c.quote;
}

/** What identifies a citation's claim; `broken` and `source_title` are the server's, not part of it. */
export const citationFingerprint = (c: Pick<Citation, 'id' | 'evidence_id' | 'start' | 'end' | 'quote' | 'range'>) =>
  `${c.id}\u0001${c.evidence_id.toLowerCase()}\u0001${c.start}\u0001${c.end}\u0001${c.quote}${c.range ? `\u0001${c.range}` : ''}`;

/** `[@key]` as pandoc writes a single citation; keys as CITATION_ID_PATTERN allows. Linear time. */
export const CITATION_MARK = /\[@([A-Za-z0-9_][A-Za-z0-9_-]{0,63})\]/g;

/** The citation keys a markdown text uses, in order of first appearance. */
export function citationKeysIn(markdown: string): string[] {
  const seen = new Set<string>();
  for (const m of markdown.matchAll(CITATION_MARK)) seen.add(m[1]!);
  return [...seen];
}

/** A fresh citation id: `c` and ten base-36 characters. */
export function newCitationId(): string {
  const bytes = new Uint8Array(10);
  globalThis.crypto.getRandomValues(bytes);
  return `c${[...bytes].map((b) => (b % 36).toString(36)).join('')}`;
}

/** A citation built from a passage of evidence text (the quote is taken from the text itself). */
export function citationFromText(evidenceId: string, text: string, start: number, end: number, id = newCitationId()): Citation {
  return { id, evidence_id: evidenceId, start, end, quote: text.slice(start, end) };
}

export interface PlacedCitation {
  step: 'findings' | 'swot' | 'recommendations' | 'executive-summary';
  item_id: string | null;
  label: string;
  citation: Citation;
}

/** Every citation in the wizard's step data, with the item it belongs to. */
export function stepCitations(data: WizardData): PlacedCitation[] {
  const labels = itemLabels(data);
  const out: PlacedCitation[] = [];
  for (const f of data.findings?.findings ?? []) {
    for (const c of f.citations) out.push({ step: 'findings', item_id: f.id, label: `${labels.findings.get(f.id)} ${shorten(f.statement, 60)}`, citation: c });
  }
  for (const q of SWOT_QUADRANTS) {
    for (const item of data.swot?.[q] ?? []) {
      for (const c of item.citations) out.push({ step: 'swot', item_id: item.id, label: `${labels.swot.get(item.id)} ${shorten(item.text, 60)}`, citation: c });
    }
  }
  for (const r of data.recommendations?.items ?? []) {
    for (const c of r.citations) out.push({ step: 'recommendations', item_id: r.id, label: `${labels.recommendations.get(r.id)} ${shorten(r.title, 60)}`, citation: c });
  }
  const summary = data['executive-summary'];
  for (const k of summary?.key_messages ?? []) {
    for (const c of k.citations) out.push({ step: 'executive-summary', item_id: k.id, label: `${labels.keyMessages.get(k.id)} ${shorten(k.text, 60)}`, citation: c });
  }
  for (const c of summary?.citations ?? []) out.push({ step: 'executive-summary', item_id: null, label: 'Summary', citation: c });
  return out;
}

/** Applies `fn` to every citation in the step data (a new object; the input is not changed). */
export function mapStepCitations(data: WizardData, fn: (c: Citation) => Citation): WizardData {
  const next: WizardData = { ...data };
  if (data.findings) next.findings = { ...data.findings, findings: data.findings.findings.map((f) => ({ ...f, citations: f.citations.map(fn) })) };
  if (data.swot) {
    const swot = { ...data.swot };
    for (const q of SWOT_QUADRANTS) swot[q] = data.swot[q].map((i) => ({ ...i, citations: i.citations.map(fn) }));
    next.swot = swot;
  }
  if (data.recommendations) next.recommendations = { ...data.recommendations, items: data.recommendations.items.map((r) => ({ ...r, citations: r.citations.map(fn) })) };
  const summary = data['executive-summary'];
  if (summary) {
    next['executive-summary'] = {
      ...summary,
      key_messages: summary.key_messages.map((k) => ({ ...k, citations: k.citations.map(fn) })),
      citations: summary.citations.map(fn),
    };
  }
  return next;
}
