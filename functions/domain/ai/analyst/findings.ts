/**
 * Step 5, findings: one finding per theme that matters, its title the point in "so what" form, then who
 * reports it (or that the sources disagree), cited to the exact sentences its figures come from.
 */
import type { DimensionScore, FindingsData, Impact } from '@shared/schemas/report-document';
import type { Analysis } from './analyse-evidence';
import { type Drafted, itemId } from '../port/draft-contract';
import { judgeByWords } from './measures';
import type { Theme } from './themes';
import { type Derivation, SUPPORT_VARIANTS, comparisonOf, headline, metricName, support } from './titles';

/** A sentence's words, for telling whether two read alike. */
const wording = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}%.]+/gu, ' ').trim();

export type DraftedFindings = Drafted<FindingsData>;

/** Findings drafted at most, and themes without a measure of the table among them at most. */
const MAX_FINDINGS = 28;
const MAX_UNKNOWN_MEASURES = 22;
/** Findings kept for outside events at most, whatever the organization's own results would otherwise take. */
const MAX_OUTSIDE_KEPT = 6;

/** The finding id of a theme: the same theme always has the same id, so later steps find their theme again. */
export const findingIdOf = (theme: Theme) => itemId('f', theme.key);

function impactOf(theme: Theme): Impact {
  const c = theme.lead;
  if (theme.valence < 0 && (c.benchmark || theme.conflict || theme.sources.length > 1 || theme.measure?.intrinsic)) return 'high';
  if (theme.valence < 0) return 'medium';
  if (theme.valence > 0 && theme.external) return 'medium';
  return theme.sources.length > 1 ? 'medium' : 'low';
}

/** A measure named as an analyst names one: a noun phrase with a word of its own, not a speaker's initials or a clause. */
function namedMeasure(t: Theme): boolean {
  const name = t.name.trim();
  if (!t.lead.current || t.lead.proposal || t.lead.kind === 'event') return false;
  if (!/\p{Ll}{3,}/u.test(name) || name.split(/\s+/).length > 7) return false;
  // (nor a company's or a person's name, "Roxby Motor Group", nor one word that names no quantity, "Year", "Summary", "Contract")
  if (!t.measure && !judgeByWords(name) && (/^(?:\p{Lu}[\p{L}&'’-]*\s+)+\p{Lu}[\p{L}&'’-]*$/u.test(name) || /^(?:year|years|month|summary|contract|contracts|good|bad|response|export|subject|total|overall|item|items|figure|figures|number|result|results|status|level|data|area|region|group|company|business|team|plan|budget|target)$/i.test(name))) return false;
  // (nor a clause someone says: "Officers estimate a loss in material income", "Trust the board")
  if (/\b(?:estimates?|estimated|rated|rates|trust|trusts|said|says|think|thinks|feel|feels|reckons?|believe|believes)\s+(?:a|an|the|that)\b/i.test(name)) return false;
  // (a note's greeting, request or decision is no measure: "Congratulations to the Hexham team", "Request renewal")
  if (/^(?:congratulations|thanks|thank|welcome|well done|please|request|requests|reminder|note|action|actions|approved|agreed|decision|proposal|update|fyi|nb|ps)\b/i.test(name)) return false;
  // (nor a bare count of what it names, with nothing to compare it to: "62 vans, 9 off road" makes no finding "Vans stand at 62 vans")
  const cur = t.lead.current;
  const after = t.lead.sentence.slice(cur.end - t.lead.start).trimStart().toLowerCase();
  if (!t.measure && t.valence === 0 && !t.lead.previous && !t.lead.change && !t.lead.benchmark && !cur.unit && after.startsWith(name.toLowerCase().replace(/^(?:the|our)\s+/, '')) && /^\s*(?:[,;:.(]|$)/.test(after.slice(name.replace(/^(?:the|our)\s+/i, '').length))) return false;
  return !/\b(?:did|does|do|is|are|was|were|has|have|had|said|says)$/i.test(name);
}

/** The themes that become findings, most important first. */
function chosenThemes(analysis: Analysis): Theme[] {
  const out: Theme[] = [];
  let unknown = 0;
  // judged themes of known measures first (good or bad news), then the rest by score
  const ordered = [...analysis.themes].sort((a, b) => Number(b.valence !== 0) - Number(a.valence !== 0));
  // (room is kept for what the evidence says happens outside: the organization's own results never crowd out its
  // opportunities and threats)
  // (kept for events the evidence sizes with a figure: a change told without one takes no room from a result)
  const sized = (t: Theme) => Boolean(t.lead.current || t.lead.change);
  const outsideWanted = Math.min(MAX_OUTSIDE_KEPT, ordered.filter((t) => t.lead.kind === 'event' && t.valence !== 0 && sized(t)).length);
  let inside = 0;
  for (const t of ordered) {
    if (out.length >= MAX_FINDINGS) break;
    // (the last places go to findings with a figure)
    if (!sized(t) && out.length >= MAX_FINDINGS - 4) continue;
    const outside = t.lead.kind === 'event' && t.valence !== 0 && sized(t);
    if (!outside && inside >= MAX_FINDINGS - outsideWanted) continue;
    // an event another finding already states (the same company, the same figure) is not a finding twice
    if (t.lead.kind === 'event' && out.some((u) => u.external && t.lead.entity && (u.entity === t.lead.entity || u.lead.sentence.includes(t.lead.entity)) && t.lead.figures.some((f) => u.lead.figures.some((g) => g.value === f.value)))) continue;
    // (nor one whose clause another chosen event already states whole: "From June two pet insurers will pay claims …, which …")
    if (t.lead.kind === 'event' && t.lead.clause && out.some((u) => u.lead.kind === 'event' && u.lead.evidence_id === t.lead.evidence_id && u.lead.clause && u.lead.clause.start <= t.lead.clause!.start && u.lead.clause.end >= t.lead.clause!.end)) continue;
    // (and one that states whole the clause of an event already chosen takes its place: "…, up from 1.25x" then "…, up from
    // 1.25x, which will reduce the debt each project can carry")
    const covered = t.lead.kind === 'event' && t.lead.clause ? out.findIndex((u) => u.lead.kind === 'event' && u.lead.evidence_id === t.lead.evidence_id && u.lead.clause && t.lead.clause!.start <= u.lead.clause.start && t.lead.clause!.end >= u.lead.clause.end) : -1;
    if (covered >= 0) {
      out[covered] = t;
      continue;
    }
    const event = t.lead.kind === 'event';
    if (!t.lead.current && !t.lead.change && !t.measure?.intrinsic && !event) continue;
    // a stated fact of unknown polarity is a neutral finding when its measure is named as a noun phrase
    if (t.valence === 0 && !t.conflict && t.score < 8 && !namedMeasure(t)) continue;
    if (!t.measure && !event) {
      if (unknown >= MAX_UNKNOWN_MEASURES || (t.valence === 0 && !namedMeasure(t))) continue;
      unknown++;
    }
    out.push(t);
    if (!outside) inside++;
  }
  return out;
}

export function draftFindings(analysis: Analysis, dimensions: DimensionScore[]): { output: DraftedFindings; derivations: Derivation[] } {
  const derivations: Derivation[] = [];
  // no two findings' support read alike: the findings of a dimension (read one after another) take the wordings in
  // turn, and a wording another finding already has gives way to the next
  const worded = new Set<string>();
  const perDimension = new Map<string, number>();
  const backingOf = (theme: Theme) => {
    const first = perDimension.get(theme.dimension) ?? 0;
    let variant = first;
    let backing = support(theme, analysis.voices, { interviews: analysis.interviews, variant });
    while (worded.has(wording(backing.text)) && variant < first + SUPPORT_VARIANTS ** 2) {
      backing = support(theme, analysis.voices, { interviews: analysis.interviews, variant: ++variant });
    }
    perDimension.set(theme.dimension, variant + 1);
    worded.add(wording(backing.text));
    return backing;
  };
  // (a headline whose brackets do not close is cut from its evidence mid-phrase: no finding is better than a broken sentence)
  const whole = ({ title }: { title: ReturnType<typeof headline> }) => (title.text.match(/\(/g) ?? []).length === (title.text.match(/\)/g) ?? []).length;
  const headed = chosenThemes(analysis).map((theme) => ({ theme, title: headline(theme) }));
  const findings: DraftedFindings['findings'] = headed.filter(whole).map(({ theme, title }) => {
    derivations.push(...title.derivations);
    const backing = backingOf(theme);
    const stated = theme.lead.current ?? theme.lead.change;
    // a metric needs a figure in digits (a count in words, "three", is stated in the text only), and one
    // value: a range ("20–30% lower") is stated in the text only
    // a competitor's opening has no figure of its own: "within 48 hours" is what it offers, not how much it opened
    const offer = theme.measure?.id === 'competitor-openings' && stated && /^(?:hours|days|weeks|months)$/.test(stated.unit);
    // a ratio ("1 in 4") is stated in the text only: its percentage is computed
    // (an outside change has none, except the work a buyer puts out to tender, which is named as such: "Elective activity out to tender")
    const head = stated && !offer && (theme.lead.kind !== 'event' || metricName(theme) !== theme.name) && !stated.ratio && /\d/.test(stated.text) && !/\d\s*(?:–|-|to)\s*\d/.test(stated.text) ? stated : undefined;
    // a change is a metric of its own, signed ("Footfall, change: −7%"), never read as the level ("Footfall: 7%")
    const change = head?.role === 'change' && !/\bgrowth$/i.test(theme.name);
    // a competitor's price change is the gap it opens ("Ledgerly cut its prices by 40%": lower by 40%)
    const gap = change && theme.measure?.id === 'competitor-prices' ? (head.dir === 1 ? 'higher' : 'lower') : undefined;
    const compared = change && (gap ?? comparisonOf(theme.lead, head));
    const money = head && /^[£$€]$/.test(head.unit);
    // money in the scale the evidence writes it ("€0.6m" stays in millions, not "€600k")
    const scaleWord = head ? /\d\s*(bn|billion|m|million|k)\b/i.exec(head.text)?.[1]?.toLowerCase() : undefined;
    const statedScale = scaleWord === 'bn' || scaleWord === 'billion' ? 1e9 : scaleWord === 'm' || scaleWord === 'million' ? 1e6 : scaleWord === 'k' ? 1e3 : undefined;
    const scale = money ? (statedScale ?? (head.value >= 1e9 ? 1e9 : head.value >= 1e6 ? 1e6 : head.value >= 1e3 ? 1e3 : 1)) : 1;
    const suffix = scale === 1e9 ? 'bn' : scale === 1e6 ? 'm' : scale === 1e3 ? 'k' : '';
    return {
      id: findingIdOf(theme),
      statement: `${title.text}. ${backing.text}`.trim().slice(0, 2000),
      dimension: theme.dimension,
      impact: impactOf(theme),
      metric: head
        ? {
            name: (compared ? `${metricName(theme)}, ${/^(?:lower|cheaper|below)$/.test(compared.split(' ')[0]!) ? 'lower' : 'higher'} by` : change ? `${metricName(theme)}, change` : metricName(theme)).slice(0, 120),
            value: ((change && !compared && head.dir === -1 ? -1 : 1) * Math.round((head.value / scale) * 1000)) / 1000,
            unit: money ? `${head.unit}${suffix}` : head.unit === 'pt' ? 'points' : head.unit === 'bp' ? 'basis points' : head.unit,
            period: theme.lead.period.slice(0, 60),
          }
        : null,
      citations: backing.cited.slice(0, 20),
      ai_drafted: true,
    };
  });
  // read alone, the titles tell the story: within a dimension the findings of higher impact come first (a stable
  // sort, so findings of one impact keep the order they were read in)
  const rank = { high: 0, medium: 1, low: 2 } as const;
  findings.sort((a, b) => rank[a.impact] - rank[b.impact]);
  // two figures of one sentence reported as that sentence ("… keeps 71 branches for 380,000 customers") are one finding
  const titled = new Set<string>();
  const distinct = findings.filter((f) => {
    const title = wording(f.statement.split('. ')[0]!);
    if (titled.has(title)) return false;
    titled.add(title);
    return true;
  });
  return { output: { dimensions, findings: distinct }, derivations };
}
