/**
 * The local context writer: a draft business context (six paragraphs: background, market environment,
 * internal context) from the organization's profile and the report's evidence, each paragraph quoting the
 * evidence's best sentences for its dimension and naming their source. Deterministic and offline; the `local`
 * provider (./local-provider.ts) serves it.
 */
import type { Dimension } from '@shared/schemas/analysis';
import { analyzeDocument, type RankedSentence } from '../text/text-analysis';
import type { ContextEvidence, ContextInput, GeneratedContext, OrganizationProfile } from '../port/analysis-provider';

interface Candidate {
  evidence: ContextEvidence;
  dimension: Dimension;
  text: string;
  rank: number;
  order: number;
}

/** Sentences fit to quote in a paragraph: prose (no table rows), 6 to 80 words, on one line. */
function quotable(text: string): string | undefined {
  if (text.includes('\t')) return undefined;
  const flat = text.replace(/\s+/g, ' ').trim();
  const words = flat.split(' ').length;
  return words >= 6 && words <= 80 ? flat : undefined;
}

/** Candidate sentences of every evidence item: its stored insights if any, else its own ranked sentences. */
function candidatesOf(evidence: readonly ContextEvidence[]): Candidate[] {
  const out: Candidate[] = [];
  for (const [order, item] of evidence.entries()) {
    const ranked: Array<Pick<RankedSentence, 'text' | 'dimension' | 'rank'>> = item.insights?.length
      ? item.insights.map((i) => ({ text: i.text, dimension: i.dimension, rank: i.score * 10 }))
      : analyzeDocument(item.text).sentences;
    for (const r of ranked) {
      const text = quotable(r.text);
      if (text) out.push({ evidence: item, dimension: r.dimension, text, rank: r.rank, order });
    }
  }
  return out;
}

const CLOSERS = '"\'”’)';
const isSpace = (c: string) => /\s/.test(c);

/**
 * "Revenue grew 12%." from "Annual report" → "Revenue grew 12% (Annual report)."
 * The end punctuation and trailing separators are found by walking back from the end once (anchored regexes
 * such as /[,;:\s]+$/ retry every position of a long run: quadratic on hostile text).
 */
function cite(sentence: string, title: string): string {
  let closers = sentence.length;
  while (closers > 0 && CLOSERS.includes(sentence[closers - 1]!)) closers--;
  let punctuation = closers;
  while (punctuation > 0 && '.!?'.includes(sentence[punctuation - 1]!)) punctuation--;
  const ending = punctuation < closers ? sentence.slice(punctuation) : '';
  let bodyEnd = ending ? punctuation : sentence.length;
  while (bodyEnd > 0 && (',;:'.includes(sentence[bodyEnd - 1]!) || isSpace(sentence[bodyEnd - 1]!))) bodyEnd--;
  const body = sentence.slice(0, bodyEnd);
  const label = title.replace(/\s+/g, ' ').trim();
  const end = /[!?]/.test(ending) ? ending : '.';
  return label ? `${body} (${label})${end}` : `${body}${end}`;
}

const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');

function describeOrganization(org: OrganizationProfile): string {
  const sector = (org.sector ?? '').trim();
  const geography = (org.geography ?? '').trim();
  const where = geography ? ` based in ${geography}` : '';
  if (!sector || sector.toLowerCase() === 'other') return `${org.name} is the organization under review${where}.`;
  const s = sector.toLowerCase();
  return `${org.name} is ${article(s)} ${s} organization${where}.`;
}

interface ParagraphPlan {
  dimension: Dimension;
  max: number;
  lead: (org: OrganizationProfile, sector: string, found: boolean) => string;
}

const sectorPhrase = (org: OrganizationProfile) => {
  const s = (org.sector ?? '').trim().toLowerCase();
  return s && s !== 'other' ? `the ${s} sector` : 'its sector';
};
const inGeography = (org: OrganizationProfile) => ((org.geography ?? '').trim() ? ` in ${org.geography!.trim()}` : '');

/** The six paragraphs: background (2), market environment (2), internal context (2). */
const PLAN: readonly ParagraphPlan[] = [
  {
    dimension: 'Financial Performance',
    max: 3,
    lead: (org, _s, found) =>
      `${describeOrganization(org)}${found ? '' : ` The evidence so far says little about ${org.name}'s financial performance.`}`,
  },
  {
    dimension: 'Operational Efficiency',
    max: 2,
    lead: (org, _s, found) =>
      found ? `On operations, the evidence notes the following.` : `How ${org.name} runs its operations is not yet documented in the evidence.`,
  },
  {
    dimension: 'Market & Customers',
    max: 3,
    lead: (org, sector, found) =>
      found
        ? `${org.name}'s market and customers${inGeography(org)}:`
        : `${org.name} serves customers in ${sector}${inGeography(org)}; the evidence does not yet describe them or their demand.`,
  },
  {
    dimension: 'Competitive Landscape',
    max: 2,
    lead: (org, sector, found) =>
      found ? `Competition in ${sector}:` : `No evidence yet names ${org.name}'s competitors in ${sector} or its position against them.`,
  },
  {
    dimension: 'People & Culture',
    max: 2,
    lead: (org, _s, found) =>
      found ? `Inside ${org.name}, people and culture:` : `The evidence does not yet describe ${org.name}'s people, leadership or culture.`,
  },
  {
    dimension: 'Risks & Compliance',
    max: 2,
    lead: (org, _s, found) =>
      found
        ? `Risks and obligations:`
        : `Risks and compliance obligations for ${org.name}${inGeography(org)} remain to be documented.`,
  },
];

export function composeContext(input: ContextInput): GeneratedContext {
  const org = { ...input.organization, name: input.organization.name.trim() || 'The organization' };
  const sector = sectorPhrase(org);
  if (!input.evidence.length) {
    // From the profile alone, nothing to cite: five short paragraphs, internal context in one.
    const texts = PLAN.slice(0, 4).map((p) => p.lead(org, sector, false));
    texts.push(`${PLAN[4]!.lead(org, sector, false)} ${PLAN[5]!.lead(org, sector, false)}`);
    return { paragraphs: texts.map((text) => ({ text, evidence_ids: [] })) };
  }
  const candidates = candidatesOf(input.evidence).sort(
    (a, b) => b.rank - a.rank || a.order - b.order || a.text.localeCompare(b.text),
  );
  const used = new Set<string>();
  const paragraphs = PLAN.map((plan) => {
    const chosen: Candidate[] = [];
    for (const c of candidates) {
      if (chosen.length >= plan.max) break;
      if (c.dimension !== plan.dimension || used.has(c.text)) continue;
      chosen.push(c);
      used.add(c.text);
    }
    const lead = plan.lead(org, sector, chosen.length > 0);
    const body = chosen.map((c) => cite(c.text, c.evidence.title)).join(' ');
    const evidence_ids = [...new Set(chosen.map((c) => c.evidence.id))];
    return { text: body ? `${lead} ${body}` : lead, evidence_ids };
  });
  return { paragraphs };
}
