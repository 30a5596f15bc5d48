/**
 * Steps 7 and 8: recommendations that answer the SWOT's weaknesses and threats (and take up its best
 * opportunities), each titled verb–object from its measure ("Reduce dependence on two suppliers"), argued
 * from the finding and the lever a source proposes, measured by a KPI that starts from today's value and
 * moves the right way; then a roadmap that carries them out, quick and important work first.
 */
import {
  type CitationRef,
  DEFAULT_PHASES,
  type Finding,
  type Priority,
  type RecommendationsData,
  type RoadmapData,
  type SwotData,
} from '@shared/schemas/report-document';
import { type Analysis, refOf } from './analyse-evidence';
import { type Drafted, itemId } from '../port/draft-contract';
import type { Claim } from './claims';
import { findingIdOf } from './findings';
import { DIMENSION_DEFAULTS, judgeByWords } from './measures';
import type { ReadSentence } from './read-sentences';
import { buildRetriever, queryFor } from './lever-search';
import type { Theme } from './themes';
import { capitalise, displayName, headline, lowerFirst, metricName, openerOf, type Person, support, written } from './titles';

export type DraftedRecommendations = Drafted<RecommendationsData>;
export type DraftedRoadmap = Drafted<RoadmapData>;

const MAX_RECOMMENDATIONS = 10;
const MAX_OPPORTUNITIES = 3;
/**
 * Measures every other finding adds up to ("Rebuild operating profit"): their recommendation comes after the
 * actions of its priority, and is the first to go when there are more than ten (retailer: it left out
 * "Automate rota scheduling", a lever a source proposed).
 */
const OUTCOMES = new Set(['operating-profit']);
/** Recommendations of high priority at most: the executive summary's priorities for the next twelve months. */
const MAX_HIGH_PRIORITY = 3;

/** Why acting matters, by kind of measure (no figures: the figures come from the evidence). */
const ARGUMENTS: Record<string, string> = {
  'gross-margin': 'Margin is where the cost pressure shows first, and each point recovered is profit the business keeps.',
  'ebitda-margin': 'The margin decline is the sum of cost lines the business can act on.',
  'freight-costs': 'Freight is bought on contracts that can be retendered, and every saving goes straight to margin.',
  'supplier-concentration': 'While two suppliers hold most of the range, a disruption or a price rise at either one hits the business at once.',
  'customer-concentration': 'While one customer holds so much of revenue, its sourcing decisions set the group’s volume.',
  'staff-turnover': 'Each leaver costs hiring and training time, and service suffers while posts are empty.',
  attrition: 'Each leaver takes knowledge with them and slows the work that depends on it.',
  'scheduling-time': 'The hours go to administration rather than to customers and the team, and late rotas push people to leave.',
  'inventory-days': 'Excess stock ties up cash and ends in markdowns.',
  scrap: 'Scrap is paid for twice: in material and in the output that has to be made again.',
  downtime: 'Lost hours have to be recovered with overtime and expedited freight, and they put deliveries at risk.',
  oee: 'Output lost on the existing machines is capacity the business has already paid for.',
  'maintenance-backlog': 'A reactive backlog turns small faults into breakdowns.',
  'on-time-delivery': 'Customers judge a supplier on delivery first, and late parts put future business at risk.',
  'net-revenue-retention': 'Growth bought with new customers is worth less when existing customers spend less.',
  'cac-payback': 'Longer payback means each new customer ties up more cash before it earns any.',
  churn: 'Customers who leave early take their acquisition cost with them.',
  'onboarding-time': 'Slow onboarding delays revenue and is where early churn begins.',
  outages: 'Reliability is part of the product, and customers notice outages at the worst moments.',
  'control-exceptions': 'Open control exceptions stall enterprise sales and audits.',
  'competitor-prices': 'Price-sensitive customers move first; the answer has to protect the core without starting a margin war.',
  'competitor-openings': 'A new competitor nearby takes first the customers who value its speed or its price most.',
  'dual-sourcing': 'A customer that dual-sources moves volume in steps; the time to protect it is before the first step.',
  'steel-prices': 'Input prices are outside the business’s control; the terms on which they are passed on are not.',
  'energy-prices': 'The renewal date is fixed, so the price can be secured before it arrives.',
  'packaging-fees': 'The fees are certain; less packaging lowers them every year.',
  'carbon-border': 'Customers will ask for the data whether or not the business is ready.',
  'ageing-workforce': 'Skills that take years to build leave with each retirement.',
  'time-to-fill': 'Slow hiring leaves work undone and pushes up agency costs.',
  footfall: 'Lost footfall is lost basket revenue, and it compounds while its cause goes unanswered.',
  'operating-profit': 'Profit is where every other finding lands; the actions above are how it is rebuilt.',
  'cost-of-quality': 'Poor quality is paid for in material, labour and delivery at once.',
  overtime: 'Overtime spent recovering breakdowns is a symptom; fixing the causes ends the cost.',
  markdowns: 'Markdowns are the price of buying the wrong stock.',
  'energy-costs': 'Energy use can be cut whatever the price.',
};
const OPPORTUNITY_ARGUMENTS: Record<string, string> = {
  'click-and-collect': 'Customers are asking for it, and the stores already exist to serve it.',
  'ev-demand': 'The programmes are being sourced now; a supplier that is not qualified in time waits for the next platform.',
  'mid-market': 'Larger customers churn less and buy more modules, so each one won is worth more over its life.',
  'e-invoicing': 'A mandate with a fixed date forces prospects to choose a solution; the first credible offer wins many of them.',
  'market-growth': 'Growth in the market lifts every player that is ready to take it.',
};
const OPPORTUNITY_ARGUMENT = 'The demand exists outside the business; what decides the gain is how quickly it is taken up.';

/** What a source proposes in a sentence: "would like a second source for …" → "a second source for …". */
function leverOf(sentence: string): { lever: string; verb: boolean } | undefined {
  const m = /\b(?:would like(?: to)?|wants? to|recommends?(?: a move to)?|propose[sd]?(?: to)?|been asking for)\s+(.*)/i.exec(sentence);
  if (!m) return undefined;
  let rest = m[1]!.split(/,|;|\s—\s|\s–\s|\.\s|\.$|"|“/)[0]!.replace(/^to\s+/i, '').trim();
  const words = rest.split(/\s+/);
  if (words.length < 2) return undefined;
  rest = words.slice(0, 16).join(' ').replace(/[.:]$/, '');
  if (/\b(?:i|we|us|our|he|she|they|them)\b/i.test(rest)) return undefined;
  // a lever names something to do or to have, not a number of things ("five workstreams for 2025")
  if (/^(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)\b/i.test(rest)) return undefined;
  if (/\b[A-Z]\b/.test(rest)) return undefined; // "a combination of B and C": options named elsewhere
  return { lever: rest, verb: /^(?:move|bring|build|introduce|implement|adopt|roll|invest|replace|hire|train|cut|reduce|automate|digiti[sz]e|second-source)\b/i.test(rest) };
}

/** Each theme's lever: the proposal nearest to its claims (adjacent sentences) or most like it (BM25). */
function leversFor(analysis: Analysis, themes: readonly Theme[]): Map<string, ReadSentence> {
  const proposals = analysis.reading.proposals.filter((p) => leverOf(p.text));
  if (!proposals.length) return new Map();
  const retriever = buildRetriever(proposals);
  const scores: { theme: Theme; proposal: ReadSentence; score: number }[] = [];
  for (const theme of themes) {
    const bm25 = new Map(retriever.search(queryFor(theme.name, theme.measure?.id, theme.lead.subject), { limit: 10 }).map((h) => [h.sentence, h.score]));
    for (const p of proposals) {
      // a proposal made next to the problem, under the same heading, speaks to it; BM25 ranks the candidates
      const distance = Math.min(...theme.claims.filter((c) => c.evidence_id === p.evidence_id && sentenceHeading(analysis, c) === p.heading).map((c) => Math.abs(c.order - p.order)));
      if (!Number.isFinite(distance) || distance > 2) continue;
      scores.push({ theme, proposal: p, score: 3 - distance + Math.min(2, bm25.get(p) ?? 0) });
    }
  }
  scores.sort((a, b) => b.score - a.score || a.proposal.start - b.proposal.start || a.theme.key.localeCompare(b.theme.key));
  const out = new Map<string, ReadSentence>();
  const used = new Set<ReadSentence>();
  for (const s of scores) {
    if (out.has(s.theme.key) || used.has(s.proposal)) continue;
    out.set(s.theme.key, s.proposal);
    used.add(s.proposal);
  }
  return out;
}

/** The heading a claim's sentence falls under. */
function sentenceHeading(analysis: Analysis, c: Claim): string {
  return analysis.reading.sentences.find((s) => s.evidence_id === c.evidence_id && s.start === c.start)?.heading ?? '';
}

const EXECUTIVE = /\b(?:ceo|chief executive|managing director)\b/i;

/** The stakeholder whose role owns the measure; else the chief executive. */
function ownerFor(role: RegExp, people: readonly Person[]): string {
  const p = people.find((x) => role.test(x.role)) ?? people.find((x) => EXECUTIVE.test(x.role));
  return p ? (p.name.trim() ? `${p.name.trim()} (${p.role.trim()})` : p.role.trim()).slice(0, 200) : '';
}

/** The KPI: the measure from today's value (the current one, never an older one) to a target in the right direction. */
function kpiOf(theme: Theme, voices: ReadonlyMap<string, string>): { text: string; cited: Claim[] } {
  const c = theme.lead;
  const head = c.current ?? c.change;
  if (!head) return { text: `${theme.name}: track quarterly from the first measurement`, cited: [] };
  const polarity = polarityOfTheme(theme);
  const cited: Claim[] = [c];
  let baseline = written(head);
  if (head.role === 'change') baseline = `${head.dir === -1 ? '−' : '+'}${baseline}${c.period ? ` (${c.period})` : ''}`;
  if (theme.conflict) {
    const [a, b] = theme.conflict.sides;
    baseline = `${written(a!.figure)} (${voices.get(a!.claim.evidence_id) ?? 'one source'}) or ${written(b!.figure)} (${voices.get(b!.claim.evidence_id) ?? 'another'}), to be reconciled`;
    cited.push(...[a!.claim, b!.claim].filter((x) => x !== c));
  }
  const better = (v: number) => (polarity === 1 ? v > head.value : v < head.value);
  if (theme.measure?.kpi) return { text: theme.measure.kpi.replace('{entity}', theme.entity || whoOf(theme) || 'the competitor').slice(0, 500), cited };
  if (theme.measure?.intrinsic === 1 || (!theme.measure && theme.external && theme.valence > 0)) {
    const name = metricName(theme);
    const reach = (head.counts ?? (head.of && !name.toLowerCase().includes(head.of.toLowerCase()) ? `of ${head.of}` : '')).replace(/^such\s+/i, '');
    return { text: `${name}: ${written(head)}${reach ? ` ${reach}` : ''} in reach; target a share won each quarter, set at launch`.slice(0, 500), cited };
  }
  // an outside change with no measure of the organization's own is an exposure to answer, not a level to move
  // ("government: baseline £650; target below £650" made no sense of a rule that caps day rates at £650)
  if (!theme.measure && theme.external && theme.valence < 0 && c.kind === 'event') {
    // (a change already under way cannot be answered before it takes effect: "has cut referral traffic by about a fifth since March")
    const when = c.forecast ? 'before it takes effect' : 'within the next quarter';
    return { text: `Exposure to the change: ${written(head)} as the evidence states it; target a response in place ${when}, and the exposure reported monthly`.slice(0, 500), cited };
  }
  // a competitor's price change, or a figure compared with another's, is a gap to narrow
  if (head.role === 'change' && (theme.measure?.id === 'competitor-prices' || /lower|higher|below|above|cheaper/i.test(c.sentence.slice(head.end - c.start, head.end - c.start + 12)))) {
    return { text: `${theme.name}: baseline ${written(head)} ${head.dir === 1 ? 'higher' : 'lower'}; target a narrower gap on the lines that matter most`.slice(0, 500), cited };
  }
  let target: string;
  if (c.benchmark && better(c.benchmark.value) && head.role !== 'change') target = `towards the ${written(c.benchmark)} ${c.benchmark.label ?? 'benchmark'}`;
  else if (c.previous && better(c.previous.value) && head.role !== 'change') target = `back towards ${written(c.previous)}`;
  else if (head.role === 'change') target = polarity === 1 ? (head.dir === -1 ? 'back to growth' : 'growth sustained every quarter') : 'no further increase';
  else target = `${polarity === 1 ? 'above' : 'below'} ${written(head)} and ${polarity === 1 ? 'rising' : 'falling'} each quarter`;
  const period = c.period ? ` (${c.period})` : '';
  const label = head.role === 'change' ? `${theme.name}, change` : theme.name;
  return { text: `${label}: baseline ${baseline}${head.role === 'change' ? '' : period}; target ${target}`.slice(0, 500), cited };
}

/** Whether a rise is good (+1) or bad (−1) for a theme's measure: the table, else its head words, else its valence. */
function polarityOfTheme(theme: Theme): 1 | -1 {
  // (the name as the report writes it, with its place: "turnover among the packing team" is people leaving, not sales)
  return theme.measure?.polarity ?? judgeByWords(displayName(theme))?.polarity ?? judgeByWords(theme.name)?.polarity ?? (theme.valence < 0 ? -1 : 1);
}

/** The competitor or customer a theme is about, in the claim's words ("Asian competitors"). */
function whoOf(theme: Theme): string {
  const opener = openerOf(theme);
  if (opener) return `the ${opener.subject.replace(/^(?:a|an|the)\s+/i, '')}`;
  return /^(.*?\b(?:competitors|rivals|chains?|retailers|customers?))\b/i.exec(theme.lead.subject)?.[1] ?? '';
}

const HIGHER_COSTS = 'Plan for the higher costs';

function titleFor(theme: Theme, opportunity: boolean, threat = false): string {
  const m = theme.measure;
  const template = (opportunity ? m?.use ?? m?.action : m?.action) ?? '';
  const filled = template
    .replace('{subject}', theme.lead.subject || '')
    // (a count that opens the name is written in lower case mid-title: "Reduce dependence on the two DIY chains")
    .replace('{entity}', (theme.entity || whoOf(theme)).replace(/^(?:One|Two|Three|Four|Five)\b/, (w) => `the ${w.toLowerCase()}`))
    .replace('{named}', theme.lead.named || lowerFirst(theme.name))
    .replace(/\s+/g, ' ')
    .trim();
  // a placeholder with nothing to fill it ("Respond to {entity} on price" with no company named) is no title
  const empty = (/\{entity\}/.test(template) && !(theme.entity || whoOf(theme))) || (/\{subject\}/.test(template) && !theme.lead.subject);
  const ok = filled && !empty && !/\{|\b(?:on|against|at)$/.test(filled) && filled.split(' ').length >= 3;
  if (ok) return filled;
  if (empty && m?.general) return m.general;
  if (m && !/\{/.test(m.action) && m.action.split(' ').length >= 3) return m.action;
  // a measure the table does not name: its head words say which way to move it ("Reduce the did-not-attend rate")
  const name = lowerFirst(displayName(theme)).replace(/^the\s+/i, '');
  if (opportunity && /\btender/i.test(theme.lead.sentence) && theme.lead.current?.of) return `Bid for the ${theme.lead.current.of} tender`;
  const verb = opportunity ? 'Capture' : polarityOfTheme(theme) === -1 ? 'Reduce' : 'Raise';
  const article = /\b(?:rate|wait|time|cost|backlog|gap|score|level|share|number)$/i.test(name) ? 'the ' : '';
  // (the country's initials are written with stops in a title, where "US" would read as the pronoun: "Raise OTIF to U.S. customers")
  const candidate = `${verb} ${article}${name}`.replace(/\bUS\b/g, 'U.S.');
  const known = m || judgeByWords(theme.name);
  // an outside price that rises is planned for, never "reduced" ("Green coffee prices have roughly doubled")
  if (threat && !m && theme.lead.kind === 'event' && threatAction(theme) === HIGHER_COSTS) return HIGHER_COSTS;
  // a share named by a clause ("respondents who say the workload is unmanageable") is no object for a title: the dimension's action
  const clause = /\b(?:who|that|which)\b/i.test(name);
  return known && !clause && candidate.split(' ').length >= 3 && candidate.split(' ').length <= 12 ? candidate : opportunity ? OPENING_ACTIONS[theme.dimension] : threat && theme.lead.kind === 'event' ? threatAction(theme) : DIMENSION_DEFAULTS[theme.dimension].action;
}

/** What to do about a change outside that threatens: a cost that rises is planned for; else by its dimension. */
function threatAction(theme: Theme): string {
  const said = theme.lead.sentence.toLowerCase();
  // (never a price that someone cuts: "Immingham cutting ro-ro rates to win the Dutch route operator" is a rival's move)
  if (!/\b(?:grants?|funding|contributions?|subsid(?:y|ies)|income|revenue|contract|customers?)\b/.test(said) && /\b(?:rents?|wages?|pay awards?|prices?|premiums?|costs?|charges?|levy|levies|tax|taxes|rates|tariffs?|duty|duties)\b/.test(said) && !/\b(?:cut|cuts|cutting|lower(?:s|ed|ing)?|slash\w*)\b[^.;]{0,30}\b(?:prices?|rates?|fares?|fees?|charges?|tariffs?)\b|\bundercut\w*/.test(said)) return HIGHER_COSTS;
  return THREAT_ACTIONS[theme.dimension];
}

/** What to do about a change outside that threatens and names no measure, by its dimension. */
const THREAT_ACTIONS: Record<Theme['dimension'], string> = {
  'Financial Performance': 'Replace the income at risk',
  'Operational Efficiency': 'Prepare operations for the change',
  'Market & Customers': 'Protect the customers and income at risk',
  'Competitive Landscape': 'Defend the core against competitors',
  'People & Culture': 'Secure the staff the plan depends on',
  'Risks & Compliance': 'Prepare to meet the new requirement in time',
};

/** What to do with an opening outside that names no measure, by its dimension (never "Defend the core against competitors"). */
const OPENING_ACTIONS: Record<Theme['dimension'], string> = {
  'Financial Performance': 'Secure the new source of income',
  'Operational Efficiency': 'Use the new capacity',
  'Market & Customers': 'Capture the new demand',
  'Competitive Landscape': 'Capture the opening in the market',
  'People & Culture': 'Use the opening to recruit and develop staff',
  'Risks & Compliance': 'Prepare early to benefit from the change',
};

export function draftRecommendations(
  analysis: Analysis,
  findings: readonly (Finding | Drafted<Finding>)[],
  swot: SwotData | Drafted<SwotData> | undefined,
  people: readonly Person[],
): DraftedRecommendations {
  const themeByFinding = new Map(analysis.themes.map((t) => [findingIdOf(t), t]));
  const findingById = new Map(findings.map((f) => [f.id, f]));
  const wanted: { theme: Theme; item: { id: string; finding_ids: string[] }; kind: 'weakness' | 'threat' | 'opportunity' }[] = [];
  for (const w of swot?.weaknesses ?? []) for (const id of w.finding_ids) if (themeByFinding.has(id)) wanted.push({ theme: themeByFinding.get(id)!, item: w, kind: 'weakness' });
  for (const t of swot?.threats ?? []) for (const id of t.finding_ids) if (themeByFinding.has(id)) wanted.push({ theme: themeByFinding.get(id)!, item: t, kind: 'threat' });
  for (const o of (swot?.opportunities ?? []).slice(0, MAX_OPPORTUNITIES)) for (const id of o.finding_ids) if (themeByFinding.has(id)) wanted.push({ theme: themeByFinding.get(id)!, item: o, kind: 'opportunity' });
  const levers = leversFor(analysis, wanted.map((w) => w.theme));
  const byTitle = new Map<string, DraftedRecommendations['items'][number]>();
  const usedArguments = new Set<string>();
  const weight = new Map<string, number>();
  const outcomes = new Set<string>();
  for (const { theme, item, kind } of wanted) {
    const finding = findingById.get(findingIdOf(theme));
    const title = titleFor(theme, kind === 'opportunity', kind === 'threat');
    // one answer per competitor: its prices and its new sites are one recommendation
    const rival = theme.dimension === 'Competitive Landscape' && theme.entity ? `rival:${theme.entity.toLowerCase()}` : '';
    const existing = byTitle.get(title.toLowerCase()) ?? (rival ? byTitle.get(rival) : undefined);
    if (existing) {
      for (const id of item.finding_ids) if (!existing.finding_ids.includes(id)) existing.finding_ids.push(id);
      if (!existing.swot_ids.includes(item.id)) existing.swot_ids.push(item.id);
      continue;
    }
    const kpi = kpiOf(theme, analysis.voices);
    const lever = levers.get(theme.key);
    const leverText = lever ? leverOf(lever.text) : undefined;
    const voice = lever ? analysis.voices.get(lever.evidence_id) ?? 'a source' : '';
    const fact = `${headline(theme).short}.`;
    // why acting matters: the measure's argument, else its head words' (a measure the table does not name), else an opportunity's
    let argument =
      (theme.measure ? ((kind === 'opportunity' ? OPPORTUNITY_ARGUMENTS[theme.measure.id] : undefined) ?? ARGUMENTS[theme.measure.id]) : undefined) ??
      (kind === 'opportunity' ? undefined : judgeByWords(theme.name)?.argument) ??
      (kind === 'opportunity' ? OPPORTUNITY_ARGUMENT : '');
    if (usedArguments.has(argument)) argument = '';
    usedArguments.add(argument);
    const leverSentence = leverText ? `${capitalise(voice)} ${leverText.verb ? 'proposes to' : 'wants'} ${leverText.lever}.` : '';
    const rationale = [fact, argument, leverSentence].filter(Boolean).join(' ');
    const impact = finding?.impact ?? 'medium';
    const priority: Priority = kind === 'opportunity' ? (impact === 'high' ? 'medium' : 'low') : impact === 'high' ? 'high' : impact === 'medium' ? 'medium' : 'low';
    const effort = Math.min(5, Math.max(1, (theme.measure?.effort ?? 3) + (leverText && /\b(?:tool|system|platform|sensors?|software)\b/i.test(leverText.lever) ? 1 : 0)));
    const cited = [theme.lead, ...kpi.cited.filter((c) => c !== theme.lead)];
    const refs = uniqueRefs([...support(theme, analysis.voices).cited, ...cited.map(refOf), ...(lever ? [refOf(lever)] : [])]);
    const rec = {
      id: itemId('r', title),
      title,
      rationale: rationale.slice(0, 4000),
      priority,
      impact: priority === 'high' ? 5 : priority === 'medium' ? 3 : 2,
      effort,
      finding_ids: [...item.finding_ids],
      swot_ids: [item.id],
      owner: ownerFor(theme.measure?.owner ?? DIMENSION_DEFAULTS[theme.dimension].owner, people),
      kpi: kpi.text,
      deferred: false,
      citations: refs.slice(0, 10),
      ai_drafted: true,
    };
    byTitle.set(title.toLowerCase(), rec);
    if (rival) byTitle.set(rival, rec);
    weight.set(rec.id, theme.score);
    if (OUTCOMES.has(theme.measure?.id ?? '')) outcomes.add(rec.id);
  }
  const order = { high: 0, medium: 1, low: 2 } as const;
  const last = (id: string) => (outcomes.has(id) ? 1 : 0);
  // most important first: priority, then an action before an outcome it adds up to, then how much its theme matters, then the quicker
  const items = [...new Set(byTitle.values())].sort(
    (a, b) =>
      order[a.priority] - order[b.priority] || last(a.id) - last(b.id) || (weight.get(b.id) ?? 0) - (weight.get(a.id) ?? 0) || a.effort - b.effort || a.title.localeCompare(b.title),
  );
  // a priority is a choice: the three most important answers to problems are high (the summary names them), the others wait their turn
  let high = 0;
  for (const item of items) if (item.priority === 'high' && ++high > MAX_HIGH_PRIORITY) item.priority = 'medium';
  return { items: items.slice(0, MAX_RECOMMENDATIONS) };
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

function uniqueRefs(refs: readonly CitationRef[]): CitationRef[] {
  const seen = new Set<string>();
  return refs.filter((r) => {
    const key = `${r.evidence_id}:${r.start}:${r.end}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * A roadmap action for a recommendation whose sources propose no step of their own: what is done in the phase,
 * as a verb phrase of its own, naming the recommendation's aim ("Reduce dependence on two suppliers" becomes
 * "Design and pilot the change to reduce dependence on two suppliers", then "Roll out the change to reduce …"),
 * never its title again.
 */
function roadmapAction(kind: 'quick' | 'deliver' | 'pilot' | 'roll-out', recommendation: string): string {
  const title = recommendation.replace(/\s+/g, ' ').trim().replace(/[.!]$/, '');
  const [word = '', ...rest] = title.split(' ');
  // "Reduce …" reads "reduce …" inside the phrase; an acronym ("ERP", "SKU") keeps its capitals
  const aim = [/^[A-Z][a-z]/.test(word) ? word.toLowerCase() : word, ...rest].join(' ');
  switch (kind) {
    case 'quick':
      return `Make the quick change to ${aim}`;
    case 'deliver':
      return `Run the programme to ${aim}`;
    case 'pilot':
      return `Design and pilot the change to ${aim}`;
    case 'roll-out':
      return `Roll out the change to ${aim}`;
  }
}

/** Recommendations a phase starts at most (a team can start only so much at once); quick wins do not count. */
const PHASE_CAPACITY = [3, 4, Infinity];

/**
 * The roadmap: every recommendation not deferred, in the order of the recommendations (most important
 * first). The first phase starts the three most important pieces of work and any quick wins (effort 1–2);
 * the next phase four more; the last the rest. Work of effort 4 or more is planned and piloted in its phase
 * and rolled out in the next; each item keeps its recommendation's owner.
 */
export function draftRoadmap(recommendations: readonly Drafted<RecommendationsData['items'][number]>[] | RecommendationsData['items'], phasesIn?: RoadmapData['phases']): DraftedRoadmap {
  const phases = phasesIn?.length ? phasesIn : DEFAULT_PHASES;
  const recs = recommendations.filter((r) => !r.deferred);
  const order = { high: 0, medium: 1, low: 2 } as const;
  const sorted = recs.map((r, i) => ({ r, i })).sort((a, b) => order[a.r.priority] - order[b.r.priority] || a.i - b.i).map((x) => x.r);
  const started = phases.map(() => 0);
  const phaseFor = (priority: Priority, effort: number) => {
    let index = priority === 'low' ? Math.min(2, phases.length - 1) : 0;
    const quick = effort <= 2 && priority !== 'low';
    while (index < phases.length - 1 && !quick && started[index]! >= (PHASE_CAPACITY[index] ?? Infinity)) index++;
    if (!quick) started[index]!++;
    return phases[index]!;
  };
  const items: DraftedRoadmap['items'] = [];
  for (const rec of sorted) {
    // the action is how the recommendation is carried out: the step a source proposes, when there is one
    // ("Move to condition-based maintenance on the 40 most critical machines" for "Clear the maintenance backlog")
    const how = /\bproposes to ([^.]+)\.(?:\s|$)/.exec(rec.rationale)?.[1]?.replace(/\bproper\s+/g, '').trim();
    const proposed = how && how.split(/\s+/).length <= 14 ? capitalise(how) : undefined;
    const phase = phaseFor(rec.priority, rec.effort);
    const at = phases.indexOf(phase);
    const span = phase.end_month - phase.start_month;
    if (rec.effort >= 4 && at < phases.length - 1) {
      const next = phases[at + 1]!;
      const design = proposed ? `${proposed}: plan and pilot` : roadmapAction('pilot', rec.title);
      const rollOut = proposed ? `${proposed}: roll out` : roadmapAction('roll-out', rec.title);
      items.push({ id: itemId('a', rec.id, 'design'), title: design.slice(0, 300), phase_id: phase.id, start_month: phase.start_month, end_month: phase.end_month, owner: rec.owner, recommendation_id: rec.id, ai_drafted: true });
      items.push({ id: itemId('a', rec.id, 'roll-out'), title: rollOut.slice(0, 300), phase_id: next.id, start_month: next.start_month, end_month: next.end_month, owner: rec.owner, recommendation_id: rec.id, ai_drafted: true });
    } else {
      const length = clamp(Math.ceil((span * rec.effort) / 5), 1, span);
      const title = proposed ?? roadmapAction(rec.effort <= 2 ? 'quick' : 'deliver', rec.title);
      items.push({ id: itemId('a', rec.id), title: title.slice(0, 300), phase_id: phase.id, start_month: phase.start_month, end_month: phase.start_month + length, owner: rec.owner, recommendation_id: rec.id, ai_drafted: true });
    }
  }
  return { phases: [...phases], items: items.slice(0, 200) };
}
