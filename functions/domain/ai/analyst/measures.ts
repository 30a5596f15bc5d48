/**
 * The measure table: what an analyst knows about business measures before reading a word of the evidence.
 * For each measure, the words that name it, whether a rise is good or bad (its polarity), whether it
 * describes the organization itself (internal) or its customers, competitors, suppliers' markets and
 * regulators (external), its dimension, who usually owns it, and the action that answers it.
 *
 * Good and bad come from the measure, never from the verb: "scrap rose" is bad, "margin rose" good, "costs
 * fell" good. The table is tested (test/unit/analyst.test.ts) and ordered: more specific names first
 * ("EBITDA margin" before "EBITDA", "staff turnover" before "turnover").
 */
import type { Dimension } from '@shared/schemas/analysis';

export type Polarity = 1 | -1;

export interface Measure {
  id: string;
  /** the analyst's name: a noun phrase, capitalised as a title starts */
  name: string;
  /** how the evidence names it (lower-case text) */
  match: RegExp;
  /** +1: good when it rises; −1: bad when it rises */
  polarity: Polarity;
  scope: 'internal' | 'external';
  dimension: Dimension;
  /** good or bad at any level, whatever its direction (a concentration, an outage, a competitor's lower price) */
  intrinsic?: 1 | -1;
  /**
   * the recommendation that answers it: verb and object (3–12 words with its lever); `{subject}` is the
   * claim's own subject (“two suppliers”), `{entity}` the company it names (“ValuMart”)
   */
  action: string;
  /** when the measure is good: how to keep or use it (an opportunity's action) */
  use?: string;
  /** the action's title when its {entity} or {subject} is not named in the evidence */
  general?: string;
  /** a cost line that explains a larger theme (overtime beside downtime): it yields when findings are many */
  secondary?: boolean;
  /** the KPI when the measure itself is not the organization's to move (a competitor's prices, a supplier's market) */
  kpi?: string;
  /** how a count of it reads ("The audit found {n} control exceptions") */
  says?: string;
  /** the roles that usually own it */
  owner: RegExp;
  /** effort of the usual answer, 1–5 */
  effort: number;
}

const FINANCE = /\b(cfo|finance|financial|controller)\b/i;
const OPERATIONS = /\b(coo|operations?|operating|plant|supply|logistics|merchandis\w*|purchasing)\b/i;
const COMMERCIAL = /\b(sales|commercial|marketing|customer|cco|cmo|revenue)\b/i;
const PEOPLE = /\b(hr|people|human|talent|chro)\b/i;
const EXECUTIVE = /\b(ceo|chief executive|managing director|strategy)\b/i;
const TECHNOLOGY = /\b(cto|technology|engineering|it|product|cio)\b/i;
const RISK = /\b(risk|compliance|legal|counsel|audit|security|cfo|finance)\b/i;

const m = (def: Measure) => def;

export const MEASURES: readonly Measure[] = [
  // ── financial ──
  m({ id: 'gross-margin', name: 'Gross margin', match: /\bgross margins?\b/, polarity: 1, scope: 'internal', dimension: 'Financial Performance', action: 'Restore gross margin', owner: FINANCE, effort: 3 }),
  m({ id: 'ebitda-margin', name: 'EBITDA margin', match: /\bebitda margins?\b/, polarity: 1, scope: 'internal', dimension: 'Financial Performance', action: 'Restore the EBITDA margin', owner: FINANCE, effort: 3 }),
  m({ id: 'operating-margin', name: 'Operating margin', match: /\boperating margins?\b/, polarity: 1, scope: 'internal', dimension: 'Financial Performance', action: 'Restore the operating margin', owner: FINANCE, effort: 3 }),
  m({ id: 'net-margin', name: 'Net margin', match: /\bnet margins?\b/, polarity: 1, scope: 'internal', dimension: 'Financial Performance', action: 'Restore the net margin', owner: FINANCE, effort: 3 }),
  m({ id: 'operating-profit', name: 'Operating profit', match: /\boperating (?:profit|income)\b/, polarity: 1, scope: 'internal', dimension: 'Financial Performance', action: 'Rebuild operating profit', owner: FINANCE, effort: 3 }),
  m({ id: 'net-debt-ebitda', name: 'Net debt to EBITDA', secondary: true, match: /\bnet debt\s*(?:\/|to|-to-)\s*ebitda\b/, polarity: -1, scope: 'internal', dimension: 'Financial Performance', action: 'Reduce net debt', owner: FINANCE, effort: 3 }),
  m({ id: 'ebitda', name: 'EBITDA', secondary: true, match: /(?<!times |\/ ?|debt to |debt-to-)\bebitda\b(?! margin)/, polarity: 1, scope: 'internal', dimension: 'Financial Performance', action: 'Rebuild EBITDA through cost control', owner: FINANCE, effort: 3 }),
  m({ id: 'net-revenue-retention', name: 'Net revenue retention', match: /\bnet revenue retention\b|\bnrr\b/, polarity: 1, scope: 'internal', dimension: 'Financial Performance', action: 'Restore net revenue retention', owner: COMMERCIAL, effort: 3 }),
  m({ id: 'arr', name: 'ARR', match: /\b(?:arr|annual recurring revenue)\b/, polarity: 1, scope: 'internal', dimension: 'Financial Performance', action: 'Sustain ARR growth', owner: FINANCE, effort: 3 }),
  m({ id: 'cac-payback', name: 'CAC payback', match: /\bcac payback\b|\bpayback on (?:customer )?acquisition\b/, polarity: -1, scope: 'internal', dimension: 'Financial Performance', action: 'Shorten the CAC payback period', owner: COMMERCIAL, effort: 3 }),
  m({ id: 'cac', name: 'Customer acquisition cost', match: /\b(?:cac|customer acquisition costs?)\b/, polarity: -1, scope: 'internal', dimension: 'Market & Customers', action: 'Reduce customer acquisition cost', owner: COMMERCIAL, effort: 3 }),
  m({ id: 'like-for-like', name: 'Like-for-like sales', match: /\blike[- ]for[- ]like (?:sales|revenue)\b/, polarity: 1, scope: 'internal', dimension: 'Financial Performance', action: 'Grow like-for-like sales', owner: COMMERCIAL, effort: 3 }),
  m({ id: 'online-sales', name: 'Online sales', match: /\bonline (?:sales|revenue)\b|\be-?commerce (?:sales|revenue)\b/, polarity: 1, scope: 'internal', dimension: 'Market & Customers', action: 'Grow online sales', use: 'Keep investing in online sales', owner: COMMERCIAL, effort: 3 }),
  m({ id: 'freight-costs', name: 'Freight costs', match: /\b(?<!(?:temperature-controlled|chilled|refrigerated|frozen|road|rail|uk|global|container|bulk|pharma|cold-chain|palletised|parcel) )(?:(?:inbound|outbound|expedited|air|ocean|sea) )?freight(?! (?:revenue|volumes?|sailings?|forwarders?|market|business|customers?|capacity|tender|is growing|are growing)\b)(?: costs?)?\b/, polarity: -1, scope: 'internal', dimension: 'Operational Efficiency', action: 'Renegotiate freight costs', owner: OPERATIONS, effort: 2 }),
  m({ id: 'overtime', name: 'Overtime cost', secondary: true, match: /\bovertime\b/, polarity: -1, scope: 'internal', dimension: 'Operational Efficiency', action: 'Cut overtime by fixing its causes', owner: OPERATIONS, effort: 2 }),
  m({ id: 'markdowns', name: 'Markdowns', secondary: true, match: /\b(?:clearance )?markdowns?\b/, polarity: -1, scope: 'internal', dimension: 'Financial Performance', action: 'Reduce clearance markdowns', owner: OPERATIONS, effort: 2 }),
  m({ id: 'cost-of-quality', name: 'Cost of poor quality', secondary: true, match: /\bscrap and rework cost\b|\bcost of poor quality\b/, polarity: -1, scope: 'internal', dimension: 'Operational Efficiency', action: 'Cut the cost of poor quality', owner: OPERATIONS, effort: 3 }),
  m({ id: 'return-on-capital', name: 'Return on capital employed', match: /\breturn on (?:capital employed|capital|invested capital)\b|\broce\b|\broic\b/, polarity: 1, scope: 'internal', dimension: 'Financial Performance', action: 'Raise the return on capital', owner: FINANCE, effort: 3 }),
  m({ id: 'net-current-liabilities', name: 'Net current liabilities', match: /\bnet current liabilities\b|\bcurrent liabilities (?:exceed|exceeded|are greater than|are more than|outstrip) (?:our |the )?current assets\b/, polarity: -1, scope: 'internal', dimension: 'Financial Performance', intrinsic: -1, action: 'Restore working capital', owner: FINANCE, effort: 3 }),
  m({ id: 'net-debt', name: 'Net debt', match: /\bnet debt\b|\bleverage\b/, polarity: -1, scope: 'internal', dimension: 'Financial Performance', action: 'Reduce net debt', owner: FINANCE, effort: 3 }),
  m({ id: 'runway', name: 'Cash runway', match: /\brunway\b/, polarity: 1, scope: 'internal', dimension: 'Financial Performance', action: 'Extend the cash runway', owner: FINANCE, effort: 3 }),
  m({ id: 'revenue', name: 'Revenue', secondary: true, match: /\b(?:group |total |annual )?revenue\b(?! (?:retention|by customer))|\bnet sales\b/, polarity: 1, scope: 'internal', dimension: 'Financial Performance', action: 'Grow revenue in the core', owner: FINANCE, effort: 3 }),
  // ── operations ──
  m({ id: 'inventory-days', name: 'Inventory days', match: /\binventory days\b|\bstock cover\b|\bdays? of (?:inventory|stock)\b|\bdays inventory\b/, polarity: -1, scope: 'internal', dimension: 'Operational Efficiency', action: 'Bring inventory days down', owner: OPERATIONS, effort: 3 }),
  m({ id: 'availability', name: 'On-shelf availability', match: /\bon[- ]shelf availability\b/, polarity: 1, scope: 'internal', dimension: 'Operational Efficiency', action: 'Raise on-shelf availability', owner: OPERATIONS, effort: 3 }),
  m({ id: 'scrap', name: 'Scrap rate', match: /\bscrap(?: rate)?\b(?! and rework)/, polarity: -1, scope: 'internal', dimension: 'Operational Efficiency', action: 'Cut the scrap rate', owner: OPERATIONS, effort: 3 }),
  m({ id: 'downtime', name: 'Unplanned downtime', match: /\b(?:unplanned )?downtime\b/, polarity: -1, scope: 'internal', dimension: 'Operational Efficiency', action: 'Reduce unplanned downtime', owner: OPERATIONS, effort: 4 }),
  m({ id: 'oee', name: 'OEE', match: /\boee\b|\boverall equipment effectiveness\b/, polarity: 1, scope: 'internal', dimension: 'Operational Efficiency', action: 'Raise OEE across the plants', owner: OPERATIONS, effort: 4 }),
  m({ id: 'on-time-delivery', name: 'On-time delivery', match: /\bon[- ]time delivery\b/, polarity: 1, scope: 'internal', dimension: 'Market & Customers', action: 'Recover on-time delivery', owner: OPERATIONS, effort: 3 }),
  m({ id: 'defects', name: 'Customer-reported defects', match: /\b(?:customer[- ]reported )?defects?(?: rate)?\b|\bppm\b/, polarity: -1, scope: 'internal', dimension: 'Operational Efficiency', action: 'Reduce customer-reported defects', use: 'Use the quality record to win new programmes', owner: OPERATIONS, effort: 3 }),
  m({ id: 'maintenance-backlog', name: 'Maintenance backlog', match: /\bmaintenance (?:work orders?|backlog)\b|\bbacklog of (?:roughly |about )?[\d,]+ maintenance\b/, polarity: -1, scope: 'internal', dimension: 'Operational Efficiency', says: 'The maintenance backlog stands at {n} work orders', action: 'Clear the maintenance backlog', owner: OPERATIONS, effort: 3 }),
  m({ id: 'support-backlog', name: 'Support backlog', match: /\bsupport backlog\b|\bopen tickets\b/, polarity: -1, scope: 'internal', dimension: 'Operational Efficiency', says: 'The support backlog stands at {n} open tickets', action: 'Clear the support backlog', owner: COMMERCIAL, effort: 2 }),
  m({ id: 'response-time', name: 'First response time', match: /\bfirst response time\b|\bresponse times?\b/, polarity: -1, scope: 'internal', dimension: 'Operational Efficiency', action: 'Shorten first response time', owner: COMMERCIAL, effort: 2 }),
  m({ id: 'onboarding-time', name: 'Onboarding time', match: /\bonboarding (?:takes|time|lasts)\b/, polarity: -1, scope: 'internal', dimension: 'Operational Efficiency', action: 'Shorten customer onboarding', owner: COMMERCIAL, effort: 3 }),
  m({ id: 'outages', name: 'Platform outages', match: /\b(?:p1 )?outages?\b|\bincidents? of downtime\b/, polarity: -1, scope: 'internal', dimension: 'Operational Efficiency', intrinsic: -1, says: 'Platform outages caused {n} of downtime', action: 'Improve platform reliability', owner: TECHNOLOGY, effort: 4 }),
  m({ id: 'scheduling-time', name: 'Time spent on rotas', says: '{subject} spend {n} on rotas', match: /\b(?:building |planning |writing )?(?:rotas?|rosters?|shift (?:plans?|planning))\b|\bscheduling\b/, polarity: -1, scope: 'internal', dimension: 'Operational Efficiency', action: 'Automate rota scheduling', owner: OPERATIONS, effort: 3 }),
  m({ id: 'supplier-otd', name: 'Supplier on-time delivery', match: /\bsupplier on[- ]time delivery\b/, polarity: 1, scope: 'internal', dimension: 'Operational Efficiency', action: 'Raise supplier on-time delivery', owner: OPERATIONS, effort: 3 }),
  // ── customers and markets ──
  m({ id: 'nps', name: 'Net promoter score', match: /\bnet promoter score\b|\bnps\b/, polarity: 1, scope: 'internal', dimension: 'Market & Customers', action: 'Raise the net promoter score', use: 'Build on customer loyalty', owner: COMMERCIAL, effort: 2 }),
  m({ id: 'csat', name: 'Customer satisfaction', match: /\bcsat\b|\bcustomer satisfaction\b/, polarity: 1, scope: 'internal', dimension: 'Market & Customers', action: 'Raise customer satisfaction', owner: COMMERCIAL, effort: 2 }),
  m({ id: 'churn', name: 'Customer churn', match: /\b(?:logo |customer )?churn\b/, polarity: -1, scope: 'internal', dimension: 'Market & Customers', action: 'Reduce customer churn', owner: COMMERCIAL, effort: 3 }),
  m({ id: 'footfall', name: 'Footfall', match: /\bfootfall\b/, polarity: 1, scope: 'internal', dimension: 'Market & Customers', action: 'Win back lost footfall', owner: COMMERCIAL, effort: 3 }),
  m({ id: 'market-share', name: 'Market share', match: /\bmarket share\b/, polarity: 1, scope: 'internal', dimension: 'Competitive Landscape', action: 'Regain market share', owner: EXECUTIVE, effort: 4 }),
  m({ id: 'win-rate', name: 'Win rate', match: /\bwin rates?\b/, polarity: 1, scope: 'internal', dimension: 'Market & Customers', action: 'Raise the win rate', owner: COMMERCIAL, effort: 3 }),
  m({ id: 'customer-concentration', general: 'Reduce dependence on the largest customer', name: 'Customer concentration', match: /\b(?:largest|biggest) (?:single )?(?:customer|client|account)\b|\b(?:two|three|four|five|\d+) (?:largest|biggest) (?:customers|clients|accounts)\b|\b(?:two|three|four|five|[2-5]) (?:[\w-]+ )?(?:customers|clients|accounts|buyers|chains|retailers|supermarkets|grocers|wholesalers|distributors) (?:take|took|account for|accounted for|make up|made up|represent|represented|buy|bought)(?= (?:about |around |roughly |nearly |almost |over |more than |some )?\d[\d.]*%)/, polarity: -1, scope: 'external', dimension: 'Market & Customers', intrinsic: -1, action: 'Reduce dependence on {entity}', owner: COMMERCIAL, effort: 4 }),
  m({ id: 'click-and-collect', name: 'Click-and-collect demand', match: /\bclick[- ]and[- ]collect\b/, polarity: 1, scope: 'external', dimension: 'Market & Customers', intrinsic: 1, action: 'Roll out click-and-collect to every store', use: 'Roll out click-and-collect to every store', owner: COMMERCIAL, effort: 3 }),
  m({ id: 'ev-demand', name: 'Electric-vehicle demand', match: /\b(?:ev|electric[- ]vehicle) (?:platform volumes|platforms?|components?|volumes|demand)\b|\bbattery housings?\b/, polarity: 1, scope: 'external', dimension: 'Market & Customers', intrinsic: 1, action: 'Bid for electric-vehicle component programmes', use: 'Bid for electric-vehicle component programmes', owner: EXECUTIVE, effort: 4 }),
  m({ id: 'mid-market', name: 'Mid-market demand', match: /\bmid[- ]market\b/, polarity: 1, scope: 'external', dimension: 'Market & Customers', intrinsic: 1, action: 'Move into the mid-market', use: 'Move into the mid-market with a dedicated team', owner: COMMERCIAL, effort: 4 }),
  m({ id: 'market-growth', name: 'Market growth', kpi: 'Growth against the market, quarter on quarter', match: /\bmarket (?:grew|growth|is growing)\b|\bhomewares? market\b/, polarity: 1, scope: 'external', dimension: 'Market & Customers', action: 'Grow with the market', owner: EXECUTIVE, effort: 3 }),
  // ── competition ──
  m({ id: 'competitor-prices', general: 'Respond to competitors on price', name: 'Competitor price gap', match: /\b(?:competitors?|rivals?|discount (?:chain|competitor|retailer)s?)\b.*\b(?:prices?|quote)\b(?!-)|\bprices? on comparable\b|\b(?:cut|cuts|slashed|lowered|reduced) (?:its|their) (?:[\w-]+ ){0,3}prices\b|\bquote \d[\d.]*% below\b/, polarity: -1, scope: 'external', dimension: 'Competitive Landscape', intrinsic: -1, action: 'Respond to {entity} on price', owner: EXECUTIVE, effort: 3 }),
  m({ id: 'competitor-openings', general: 'Answer the new competition', name: 'Competitor expansion', kpi: 'Custom at the sites nearest {entity}, monthly, against the year before', match: /(?<!\b(?:we|i|we've|we have|we had)\s+)\bopened \d+ (?:new )?stores\b|\b(?:competitors?|rivals?)\b.*\b(?:open(?:ed|ing|s)?|entered|entering)\b|\b(?:new|private|rival|discount|competing)\s+(?:[a-z]+\s+)?(?:centre|center|clinic|chain|store|provider|practice|entrant)\s+(?:has\s+)?opened\b/, polarity: -1, scope: 'external', dimension: 'Competitive Landscape', intrinsic: -1, action: 'Answer the new competition from {entity}', owner: EXECUTIVE, effort: 3 }),
  m({ id: 'dual-sourcing', name: 'Customer dual-sourcing', kpi: 'Volume retained at {entity}, part number by part number', match: /\bdual[- ]sourc\w*\b/, polarity: -1, scope: 'external', dimension: 'Market & Customers', intrinsic: -1, action: 'Protect volume at {entity}', owner: COMMERCIAL, effort: 3 }),
  // ── input prices (markets the organization buys in) ──
  m({ id: 'steel-prices', name: 'Steel prices', kpi: 'Share of steel cost recovered through indexation clauses; target every customer contract indexed', match: /\bsteel (?:prices?|costs?)\b/, polarity: -1, scope: 'external', dimension: 'Financial Performance', action: 'Pass steel price rises on to customers', owner: FINANCE, effort: 2 }),
  m({ id: 'energy-costs', name: 'Energy costs', secondary: true, match: /\benergy costs?\b/, polarity: -1, scope: 'internal', dimension: 'Operational Efficiency', action: 'Cut energy use', owner: OPERATIONS, effort: 3 }),
  m({ id: 'energy-prices', name: 'Energy prices', kpi: 'Energy price fixed for the next contract term before the renewal date', match: /\b(?:energy|electricity|power|gas) (?:prices?|contracts?|tariffs?)\b|\bforward (?:energy |electricity |power |gas )?prices\b/, polarity: -1, scope: 'external', dimension: 'Financial Performance', action: 'Secure the energy contract early', owner: OPERATIONS, effort: 2 }),
  // ── people ──
  m({ id: 'staff-turnover', name: 'Staff turnover', match: /\b(?:staff|colleague|employee|voluntary(?: staff)?|people) turnover\b|\bturnover in (?:stores|the stores|depots)\b/, polarity: -1, scope: 'internal', dimension: 'People & Culture', action: 'Reduce staff turnover', owner: PEOPLE, effort: 3 }),
  m({ id: 'attrition', name: 'Attrition', match: /\b(?:engineering |staff |employee )?attrition\b/, polarity: -1, scope: 'internal', dimension: 'People & Culture', action: 'Reduce {named} rates', owner: PEOPLE, effort: 3 }),
  m({ id: 'engagement', name: 'Employee engagement', match: /\b(?:colleague |employee |staff )?engagement(?: score)?\b(?! (?:survey|with))/, polarity: 1, scope: 'internal', dimension: 'People & Culture', action: 'Raise employee engagement', use: 'Build on employee engagement', owner: PEOPLE, effort: 2 }),
  m({ id: 'absence', name: 'Absence', match: /\babsence\b|\babsenteeism\b/, polarity: -1, scope: 'internal', dimension: 'People & Culture', action: 'Reduce staff absence', owner: PEOPLE, effort: 2 }),
  m({ id: 'ageing-workforce', name: 'Retirement risk in key skills', match: /\b(?:technicians?|staff|workforce|engineers?) (?:are |is )?(?:over|aged) \d+\b|\bover 60\b|\b(?:will|could|are due to|are set to|are eligible to) retire\b|\b(?:reach|reaches|reaching) (?:state |normal )?(?:retirement|pension) age\b|\bdue to retire\b/, polarity: -1, scope: 'internal', dimension: 'People & Culture', intrinsic: -1, action: 'Plan for the retirement of key technical staff', owner: PEOPLE, effort: 3 }),
  m({ id: 'time-to-fill', name: 'Time to fill vacancies', match: /\bto fill an? (?:\w+ )?vacanc\w*\b|\btime to (?:fill|hire)\b/, polarity: -1, scope: 'internal', dimension: 'People & Culture', action: 'Shorten time to hire', owner: PEOPLE, effort: 3 }),
  // ── risk and regulation ──
  m({ id: 'supplier-concentration', general: 'Reduce dependence on a few suppliers', name: 'Supplier concentration', match: /\b(?:two|three|a few|two main|two key) suppliers (?:provide|supply|account for)\b|\b(?:rel(?:y|ies|ied|iant)|depend(?:s|ed|ent)?) on (?:two|three|a few|one|a single|a sole|just one|only one) (?:[\w-]+ )?(?:suppliers?|hauliers?|mills?|growers?|manufacturers?|vendors?|sources?|factor(?:y|ies)|producers?)\b|\bsupplier concentration\b/, polarity: -1, scope: 'internal', dimension: 'Risks & Compliance', intrinsic: -1, action: 'Reduce dependence on {subject}', owner: OPERATIONS, effort: 3 }),
  m({ id: 'control-exceptions', name: 'Audit control exceptions', match: /\bcontrol exceptions?\b|\baudit findings?\b/, polarity: -1, scope: 'internal', dimension: 'Risks & Compliance', intrinsic: -1, says: 'The audit found {n} control exceptions', action: 'Close the audit control exceptions', owner: RISK, effort: 2 }),
  m({ id: 'packaging-fees', name: 'Packaging fees', match: /\b(?:extended producer responsibility|epr)\b|\bpackaging (?:fees|rules|regulation)\b/, polarity: -1, scope: 'external', dimension: 'Risks & Compliance', intrinsic: -1, action: 'Prepare for extended producer responsibility fees', owner: FINANCE, effort: 2 }),
  m({ id: 'carbon-border', name: 'Carbon border reporting', match: /\bcarbon border\b|\bcbam\b/, polarity: -1, scope: 'external', dimension: 'Risks & Compliance', intrinsic: -1, action: 'Prepare for carbon border reporting', owner: RISK, effort: 3 }),
  m({ id: 'e-invoicing', name: 'E-invoicing mandate', match: /\be-?invoicing\b/, polarity: 1, scope: 'external', dimension: 'Risks & Compliance', intrinsic: 1, action: 'Lead on e-invoicing compliance', use: 'Lead on e-invoicing compliance', owner: EXECUTIVE, effort: 3 }),
  m({ id: 'fines', name: 'Regulatory fines', match: /\bfines\b|\bfined\b|\bpenalt(?:y|ies)\b/, polarity: -1, scope: 'external', dimension: 'Risks & Compliance', intrinsic: -1, action: 'Strengthen compliance controls', owner: RISK, effort: 3 }),
];

export const measureById = new Map(MEASURES.map((x) => [x.id, x]));

/**
 * The literal words of a pattern ("gross", "margin" of /\bgross margins?\b/): every match contains at least
 * one, so a text that holds none of them cannot match and its regex is not run (the cheap test that keeps
 * reading 20 long documents within a second).
 */
function anchorsOf(re: RegExp): string[] {
  const source = re.source
    .replace(/\(\?[:!=]/g, ' ')
    .replace(/\\[bBsSwWdD][*+?]?/g, ' ')
    .replace(/\[[^\]]*\][*+?]?/g, ' ')
    .replace(/.\?/g, ' ')
    .replace(/[()|*+^$.\\{}\d,]/g, ' ');
  return [...new Set(source.split(/[^a-z&-]+/).filter((w) => w.replace(/[^a-z]/g, '').length >= 3))];
}

const ANCHORS = new Map(MEASURES.map((x) => [x, anchorsOf(x.match)]));
const ANY_ANCHOR = new RegExp([...new Set([...ANCHORS.values()].flat())].map((a) => a.replace(/[-&]/g, (c) => `\\${c}`)).join('|'));

/** Whether a lower-case text may name a measure of the table (one pass; false means it names none). */
export const mayNameMeasure = (lower: string) => ANY_ANCHOR.test(lower);

/** The measures a lower-case text names, with where: specific names win over the general names inside them. */
const GLOBAL = new Map(MEASURES.map((x) => [x, new RegExp(x.match.source, 'g')]));
const memo = new Map<string, { measure: Measure; start: number; end: number }[]>();

/** Forgets the measures found per text (benchmarks time a reading from scratch). */
export function clearMeasureMemo(): void {
  memo.clear();
}

export function measuresIn(lower: string): { measure: Measure; start: number; end: number }[] {
  const known = memo.get(lower);
  if (known) return known;
  const found: { measure: Measure; start: number; end: number }[] = [];
  for (const measure of MEASURES) {
    const anchors = ANCHORS.get(measure)!;
    let present = false;
    for (const a of anchors) if (lower.includes(a)) {
      present = true;
      break;
    }
    if (!present) continue;
    const re = GLOBAL.get(measure)!;
    re.lastIndex = 0;
    for (let hit = re.exec(lower); hit; hit = re.exec(lower)) {
      if (!hit[0]) {
        re.lastIndex++;
        continue;
      }
      const start = hit.index;
      const end = hit.index + hit[0].length;
      if (found.some((f) => f.start <= start && f.end >= end)) continue;
      found.push({ measure, start, end });
    }
  }
  // a name inside a longer one is the longer one's ("on-time delivery" inside "supplier on-time delivery")
  const kept = found.filter((f) => !found.some((g) => g !== f && g.start <= f.start && g.end >= f.end && g.end - g.start > f.end - f.start));
  const sorted = kept.sort((a, b) => a.start - b.start);
  if (memo.size > 5_000) memo.clear();
  memo.set(lower, sorted);
  return sorted;
}

/** Whether a rise is good (+1) or bad (−1) for a measure named `name`, by the table; 0 when it is not known. */
export function polarityOf(name: string): Polarity | 0 {
  return measuresIn(name.toLowerCase())[0]?.measure.polarity ?? 0;
}

/** Good (+1), bad (−1) or neutral (0): a measure's movement read against its polarity. */
export function valenceOf(measure: Pick<Measure, 'polarity' | 'intrinsic'>, movement: 1 | -1 | 0): 1 | -1 | 0 {
  // (an opening in itself closes when its demand is said to fall: "Deal volumes in the mid-market fell by a quarter")
  if (measure.intrinsic === 1 && measure.polarity === 1 && movement === -1) return -1;
  if (measure.intrinsic) return measure.intrinsic;
  if (movement === 0) return 0;
  return movement === measure.polarity ? 1 : -1;
}

/**
 * Measures the table does not name, judged by their head words: the general lexicon of business measures.
 * "Average wait", "nurse vacancy rate", "fundraising costs" are bad when they rise; "theatre utilisation",
 * "voluntary donations", "policy retention" good. Specific phrases come before the general words inside them
 * ("staff costs" before "staff", "combined ratio" before "ratio"). A measure that names a problem or an asset in
 * itself (complaints, injuries, a deficit; satisfaction, pride) is also bad or good at any level (`level`): a
 * source that states it states a weakness or a strength.
 * Each says why acting on such a measure matters (no figures: the figures come from the evidence).
 */
interface HeadWords {
  match: RegExp;
  polarity: Polarity;
  dimension: Dimension;
  argument: string;
  /** good (+1) or bad (−1) at any level, when nothing else says */
  level?: 1 | -1;
}

const WAITS = 'Demand that waits is demand already won but not yet served, and long waits send it elsewhere.';
const REWORK = 'Work left undone or done twice uses capacity twice and is where complaints begin.';
const PEOPLE_GAPS = 'Gaps in the team are covered with overtime and agency staff, at a premium and at a cost to service.';
const LEAVERS = 'Each leaver takes experience with them, and the cost of hiring and training falls on the teams that remain.';
const COSTS = 'A cost that grows faster than income comes straight off the margin, and most of its causes are within the organization’s reach.';
const CAPACITY = 'Capacity left unused is paid for all the same; using it is the cheapest growth there is.';
const CUSTOMERS = 'Customers who are satisfied stay, buy more and recommend; winning them back costs more than keeping them.';
const INCOME = 'Income pays for every other action, so it has to hold while the costs are fixed.';
const SAFETY = 'Harm to people, and the findings that follow it, cost more than the controls that prevent them.';
const CASH = 'Cash tied up or owed reduces the room to invest and to absorb a bad year.';
const BALANCE = 'Headroom on the balance sheet is what lets the plan go ahead when trading is difficult.';
const STAFF = 'People who are proud of the work and able to do it stay longer and serve customers better.';
const GROWTH = 'Volume that grows faster than cost is what rebuilds the margin.';

const HEAD_WORDS: readonly HeadWords[] = [
  // a modifier that names a failure makes the measure a count of failures, whatever its head noun ("orders delivered
  // late", "claims rejected", "shipments damaged"): bad when higher
  // a phrase that counts what met its standard ("complaints answered within timescale", "homes meeting the Decent
  // Homes Standard", "repairs attended within 24 hours"): good when higher, whatever its head noun
  // time since the last failure ("days without a lost-time incident"): good when higher, whatever failure it names
  { match: /\b(?:days|weeks|months|hours|shifts|miles|km) (?:without|since (?:the )?last)\b|\b(?:distance|time|miles|km|hours|days) between (?:failures|breakdowns|faults|incidents|outages|stoppages)\b|\bmtbf\b/, polarity: 1, dimension: 'Risks & Compliance', argument: SAFETY, level: 1 },
  { match: /\b(?:attended|answered|responded|resolved|completed|delivered|fixed|closed|processed|met|meeting|meet|passing|passed|achieving|compliant|certified|continued|progressed|retained|renewed|stayed)\b(?: (?:within|on|in|into|by|to|the|first|at)\b|$)/, polarity: 1, dimension: 'Operational Efficiency', argument: CAPACITY },
  { match: /\bin arrears\b|\bpast due\b|\b(?:late|overdue|delayed|missed|lost|fail|fails|failing|failed|rejected|returned|unresolved|damaged|defective|abandoned|cancelled|canceled|fraudulent|fraud|unplanned|unscheduled)\b(?! savings)/, polarity: -1, dimension: 'Operational Efficiency', argument: REWORK, level: -1 },
  // specific phrases first
  // (an insurer's or a lender's ratios of what it pays out to what it earns, and the cost of its claims: "combined ratio for motor")
  { match: /\b(?:combined|loss|claims|expense|cost[- ]to[- ]income|cost[- ]income) ratios?\b|\bclaims? (?:severity|frequency|inflation|costs?)\b|\bseverity\b/, polarity: -1, dimension: 'Financial Performance', argument: COSTS },
  // (what is recycled or kept from landfill is the good share, whatever it is a share of: "waste paper recycled")
  { match: /\b(?:recycled|recycling rates?|reused|re-used|diverted from landfill|recovered for reuse)\b/, polarity: 1, dimension: 'Risks & Compliance', argument: 'Waste kept out of landfill costs less to dispose of and is what customers and regulators ask about.' },
  // (what customers spend per basket, and the customers a business keeps active, are better when higher)
  { match: /\b(?:basket (?:value|size)|average (?:spend|transaction|ticket)|spend per (?:visit|customer|head|guest|member))\b/, polarity: 1, dimension: 'Market & Customers', argument: GROWTH },
  { match: /\bactive (?:clients|customers|users|members|accounts|subscribers|patients)\b|\b(?:client|customer|member|subscriber|user) (?:base|numbers|count)\b/, polarity: 1, dimension: 'Market & Customers', argument: GROWTH },
  { match: /\bcash (?:at bank|in hand|on hand|balances?)\b|^cash$/, polarity: 1, dimension: 'Financial Performance', argument: BALANCE },
  { match: /\b(?:is|are|was|were) (?:profitable|in profit|cash[- ]positive)\b/, polarity: 1, dimension: 'Financial Performance', argument: INCOME },
  // (the prices of what the organization buys are costs: "paper prices", "resin prices")
  { match: /\b(?:paper|pulp|board|resin|plastics?|polymer|timber|lumber|feed|fertili[sz]er|ingredient|cocoa|coffee|wheat|grain|flour|sugar|butter|milk|copper|aluminium|aluminum|zinc|nickel|freight|container|packaging|raw[- ]materials?|materials?|input|commodity|wholesale|diesel|fuel) prices?\b/, polarity: -1, dimension: 'Financial Performance', argument: COSTS },
  // (cash a business generates is better when higher; shelves left empty are lost sales)
  { match: /\b(?:free |operating |net operating )?cash flows?\b|\bcash generat(?:ion|ed)\b|\bcash conversion\b/, polarity: 1, dimension: 'Financial Performance', argument: BALANCE },
  { match: /\bstock-?outs?\b|\bout[- ]of[- ]stocks?\b|\bon-shelf gaps?\b/, polarity: -1, dimension: 'Operational Efficiency', argument: 'A shelf left empty is a sale lost, often to a rival the customer then keeps.' },
  // (distance per unit of fuel is better when higher, whatever "fuel" says alone: "fuel economy", "mpg")
  { match: /\bfuel (?:economy|efficiency)\b|\bmpg\b|\bmiles per (?:gallon|litre)\b|\bkm per litre\b/, polarity: 1, dimension: 'Operational Efficiency', argument: COSTS },
  // (policies and memberships that lapse are customers lost)
  { match: /\b(?:lapses|lapsed|lapse rates?|lapsing|cancelled policies|surrenders)\b/, polarity: -1, dimension: 'Market & Customers', argument: CUSTOMERS },
  // (the share of what is on offer that was sold, let or booked: "52% of concert tickets were sold", "sell-through")
  { match: /\b(?:were|was|are|is|been|got|get) (?:sold|let|booked|filled|occupied|taken up)\b|\bsell-?through\b/, polarity: 1, dimension: 'Market & Customers', argument: CAPACITY },
  // (how often stock sells through, and exam grades, are better when higher)
  { match: /\b(?:stock|inventory) turns?\b|\b(?:stock|inventory) turnover\b/, polarity: 1, dimension: 'Financial Performance', argument: CASH },
  { match: /\b(?:exam|examination|test) results\b|\bgrades? (?:at|of) [a-c]\b|\bgrades\b(?= at\b)|\bpass marks? achieved\b/, polarity: 1, dimension: 'Operational Efficiency', argument: 'Results are what students, families and inspectors judge the institution by.' },
  { match: /\b(?:combined|expense|cost|loss|claims?|cost-to-income|cost to income|cost-income|cost income|cost\/income) ratios?\b/, polarity: -1, dimension: 'Financial Performance', argument: COSTS },
  { match: /\b(?:solvency|capital|coverage|liquidity|current|quick|interest|debt service|dividend) (?:coverage|ratios?|cover)\b|\bsolvency\b/, polarity: 1, dimension: 'Risks & Compliance', argument: BALANCE },
  { match: /\b(?:net debt|leverage|gearing|borrowings?|overdraft|(?:credit|working[- ]capital|revolving|loan) facility|rcf)\b/, polarity: -1, dimension: 'Risks & Compliance', argument: BALANCE },
  { match: /\b(?:free |cash )?reserves?\b|\bnet assets\b|\bcapital (?:surplus|buffer)\b|\bcash (?:balance|position|runway)\b|\bheadroom\b|\brunway\b/, polarity: 1, dimension: 'Risks & Compliance', argument: BALANCE },
  { match: /\bretentions\b|\block-?up(?: days)?\b|\bwip days\b|\bdebtor days\b|\b(?:working[- ]capital|inventory|stock|creditor) days\b|\baged (?:stock|debt|inventory|debtors|receivables)\b|\bdays? sales outstanding\b|\bdso\b|\b(?:payment|paid|pay) (?:days|terms)\b|\boverdue\b|\breceivables?\b/, polarity: -1, dimension: 'Financial Performance', argument: CASH, level: -1 },
  { match: /\b(?:staff|payroll|labour|labor|wage|salary|agency|overtime|contractor) (?:costs?|bill|spend)\b|\bpayroll\b|\bwages\b|\bsalaries\b|\b(?:stocking|stock|finance|floorplan)(?: plan)? interest\b|\binterest (?:costs?|charges?|paid|expense|bill|payments?)\b|\b(?:loan|mortgage|debt|lease) repayments?\b/, polarity: -1, dimension: 'Financial Performance', argument: COSTS },
  { match: /\b(?:fuel|energy|repair|claims?|build|material|input|operating|running|fundraising|acquisition|commission|unit) costs?\b|\b(?:food|wage|pay|cost|input|energy|claims|medical|build|construction|tender|ingredient|materials?) inflation\b|\bcosts? (?:per|of|to)\b|\bwarranty (?:claims?|costs?|provisions?|returns?|spend)\b|\b(?:pii|insurance|indemnity) premiums?(?: renewals?)?\b|\bpremium renewals?\b/, polarity: -1, dimension: 'Financial Performance', argument: COSTS },
  { match: /\b(?:order book|pipeline|bookings|backlog of orders|order backlog|orders|book-to-bill|(?<!(?:call|complaint|claim|return|defect|waste|incident|ticket|contact|enquiry|query|repair|rework) )volumes?)\b/, polarity: 1, dimension: 'Market & Customers', argument: GROWTH },
  { match: /\b(?:waiting lists?|waits?|waiting|delays?|lead times?|(?:prep|preparation|processing|handling|set-?up|changeover|travel|repair|fix|dwell|transit|loading|unloading|boarding|check-?in|queue|queuing|dispatch|onboarding|approval|decision|hiring|fill|install|build|turnround|clearance|discharge|assessment|triage|admin|settlement|completion|recruitment|referral|collection|payment|appointment|close|closing|month-end|year-end) times?|queues?|cycle times?|(?:sales|buying|decision|deal|order-to-cash|cash conversion|billing|procurement) cycles?|turnaround|burn multiples?|time to|(?:days|weeks|hours|months) to (?!(?:go|run|come)\b)[a-z]+|times? from|install(?:ation)? times?|response times?|resolution times?|payback|[\w]+-to-[\w-]+ times?)\b/, polarity: -1, dimension: 'Operational Efficiency', argument: WAITS, level: -1 },
  { match: /\b(?:(?:supply |service |power |water )?interruptions?|customer contacts|contacts per|unplanned outages?|did-not-attend|dna|no-shows?|cancellations?|missed appointments?|missed (?:delivery )?slots?|unanswered|abandoned calls?)\b/, polarity: -1, dimension: 'Operational Efficiency', argument: 'Each missed appointment or call is capacity paid for and left unused, and the demand behind it still has to be met.', level: -1 },
  { match: /\b(?:backlogs?|errors?|rework|damages|damage(?: rates?)?|breakages?|voids|void (?:rates?|loss(?:es)?|days|properties|homes|units)|empty homes|damaged (?:goods|cases|items|deliveries|stock|parcels|orders)|re-?wash(?:es|ed)?|rejects?|reject rates?|returns?|credit notes?|refunds?|crash(?:es)?|crash rates?|bugs?|defects?|deviations?|faults?|failures?|breakdowns?|outages?|downtime|scrap|waste|wastage|spoilage|shrinkage|unsold|out-of-code|damp|mould|mold|leaks?|leakage|spills?|overflows?|shortfalls?|poor quality)\b/, polarity: -1, dimension: 'Operational Efficiency', argument: REWORK, level: -1 },
  { match: /\b(?:complaints?|readmissions?|escalations?|(?<!(?:online|average|cinema|match|season|air|rail|bus|lottery|event|concert|theatre|museum) )tickets?(?! (?:share|sales|revenue|prices?|yield|income|sold|volumes?))(?!-))\b/, polarity: -1, dimension: 'Market & Customers', argument: REWORK, level: -1 },
  { match: /\b(?:maladministration|warning letters?|(?:improvement|prohibition|enforcement) notices?|deficienc(?:y|ies)|(?:audit|inspection) findings|observations|non-?conformit(?:y|ies)|recalls?|injur(?:y|ies)|lost[- ]time|accidents?|falls|slips(?:,? and trips)?|pressure (?:ulcers|sores)|medication errors|incidents?|fatalit(?:y|ies)|near[- ]misses|infections?|mortality|breaches|fines?|penalt(?:y|ies)|sanctions?|enforcement)\b|\b(?:riddors?|ltis?|ltifr)\b/, polarity: -1, dimension: 'Risks & Compliance', argument: SAFETY, level: -1 },
  { match: /\b(?:top|largest|biggest) (?:\d+ |two |three |four |five |ten )?(?:customers?|clients?|accounts?|sponsors?|buyers?|tenants?)\b|\bconcentration\b|\bsingle (?:customer|client|supplier)\b/, polarity: -1, dimension: 'Market & Customers', argument: 'Depending on a few customers puts a large share of income at the mercy of each renewal.', level: -1 },
  { match: /\b(?:fraud)\b(?! savings)/, polarity: -1, dimension: 'Risks & Compliance', argument: SAFETY },
  { match: /\b(?:savings|recoveries|cost avoidance|net cash)\b/, polarity: 1, dimension: 'Financial Performance', argument: INCOME, level: 1 },
  { match: /\b(?:emissions?|carbon|diesel|co2|fuel use|energy use|(?:water|energy|fuel|power|electricity|gas) usage|water use|(?:bunker|fuel|energy|water|power|electricity|gas|(?:per[- ])?capita|household|domestic) consumption|consumption per)\b/, polarity: -1, dimension: 'Risks & Compliance', argument: 'Emissions are priced into tenders, contracts and regulation; cutting them lowers costs as well as exposure.' },
  { match: /\b(?:sickness|absence|absenteeism)\b/, polarity: -1, dimension: 'People & Culture', argument: 'Absence puts the work on the colleagues who remain, and it is often the first sign that they will leave.', level: -1 },
  { match: /\b(?:vacanc\w*|open (?:\w+ )?(?:roles|posts|positions|jobs)|unfilled|vacant|leavers|resignations|turnover|attrition|churn)\b/, polarity: -1, dimension: 'People & Culture', argument: PEOPLE_GAPS, level: -1 },
  { match: /\b(?:workload|overtime|burnout|stress)\b/, polarity: -1, dimension: 'People & Culture', argument: LEAVERS },
  { match: /\b(?:contractors?|agency (?:staff|workers|drivers|nurses)|temporary staff|interims?)\b/, polarity: -1, dimension: 'People & Culture', argument: 'Work done by contractors and agency staff costs a premium and leaves with them.', level: -1 },
  { match: /\b(?:empty running|empty miles?|unused|idle|spare capacity|void|on the bench|bench)\b|\bran empty\b/, polarity: -1, dimension: 'Operational Efficiency', argument: CAPACITY, level: -1 },
  // money owed and not paid is cash the organization does not have, not a cost it runs
  { match: /\b(?:arrears|bad debts?|defaults?|delinquen\w+|non-performing)\b/, polarity: -1, dimension: 'Financial Performance', argument: CASH, level: -1 },
  { match: /\b(?:impaired|non-performing|defaults?|delinquen\w+|under-?used|underutili[sz]ed|deficit|loss|losses|overruns?|write-offs?|written off|write-downs?|clawbacks?|claw-backs?|impairments?|arrears|bad debts?|debts?)\b/, polarity: -1, dimension: 'Financial Performance', argument: COSTS, level: -1 },
  { match: /\b(?:taxe?s?|levy|levies|tariffs?|duty|duties|business rates)\b/, polarity: -1, dimension: 'Risks & Compliance', argument: COSTS },
  { match: /\b(?:excess(?:es)?|deductibles?|agency|overspend|spend|spending|(?<!-)(?:fuel|energy|gas|electricity|utilities|food|materials?|packaging|postage)(?!-)|leases?\b(?!\s(?:income|renewals?|signed|won))|rents?\b(?!\s(?:roll|collect\w*|income|receiv\w*|review|achieved|charged|realised|realized))|rental costs?|costs?|expenses?|overheads?|commissions?|prices? paid|bill|labou?r)\b/, polarity: -1, dimension: 'Financial Performance', argument: COSTS },
  // work done per person, vehicle or period ("drops per tanker per day", "visits per carer per shift"): good when higher
  { match: /\b(?:drops|deliveries|visits|jobs|stops|picks|lifts|collections|repairs|inspections|calls handled|cases handled) per (?:[\w-]+ ){0,2}(?:day|hour|shift|week|driver|engineer|van|tanker|truck|lorry|vehicle|head|fte|picker|operative|technician|carer|round)\b/, polarity: 1, dimension: 'Operational Efficiency', argument: CAPACITY },
  // hours worked beyond those contracted, and calls left unanswered, are strain: a rate of answering is service
  { match: /\b(?:(?:average )?hours worked|working hours|unpaid overtime|crunch)\b/, polarity: -1, dimension: 'People & Culture', argument: PEOPLE_GAPS, level: -1 },
  { match: /\b(?:answer(?:ed)? rates?|calls answered|pick-?up rates?|(?:call|chat)s? answered)\b/, polarity: 1, dimension: 'Operational Efficiency', argument: WAITS },
  { match: /\b(?:hours sold|(?:billable|chargeable|billed|utilised|utilized) hours|(?:ore |head |mill )?grade|recovery rate|reali[sz]ation(?: rates?)?|yield rate|oee|overall equipment effectiveness|efficiency|utili[sz]ation|occupancy|capacity factors?|(?:operating|installed|operational|generating) capacity|load factors?|productivity|throughput|uptime|availability|capacity used|attendance|punctuality|reliability|on[- ]time|otif|otd|fill rates?|first[- ]time|straight[- ]through|automation|digital|self[- ]service|completions?|continuation|progression|pass rates?|attainment|fill rates?)\b/, polarity: 1, dimension: 'Operational Efficiency', argument: CAPACITY },
  { match: /\b(?:satisf\w*|recommend\w*|promoter|nps|loyalty|rated (?:good|excellent|outstanding|highly|positively|very|as good)|ratings?|scores?|stars?|good value|trust|positivity|favourab\w*|favorab\w*)\b/, polarity: 1, dimension: 'Market & Customers', argument: CUSTOMERS, level: 1 },
  { match: /\b(?:still (?:are|is|active|with us|customers|clients|members)|retention|renewals?|renewing|renewed|re-signed|retained|came back|come back|coming back|rejoined|re-?joiners|repeat|conversion|attach rates?|recycling(?: rates?)?|win rates?|success rates?|acceptances?(?: rates?)?|offers? accepted|wins?|bids? won|bids?|tender conversion|market share|share of|penetration|take[- ]up|uptake|adoption|direct bookings|subscribers|subscriptions|wishlists|wishlisted|downloads|installs|pre-?orders|sign-?ups|enquiries|inquiries|sales leads|members(?:hip)?|customers|(?:student|guest|bed|room|patient|visitor|learner|passenger) (?:weeks|nights|days)|(?:customer|client|active|retail|business|member|supply) accounts|passengers|visitors|circulation|readership|audiences?|enrolments?|enrollments?|applications|referrals?|instructions|new matters|matters opened|recruitment|intake|admissions|sign-?ups|registrations|new (?:customers|clients|members|students|business)|(?:passenger|visitor|customer|member|student|pupil|subscriber|user|guest) numbers|(?:pass|ticket|card|account|policy|licence|license|permit) ?holders|(?:active|monthly|daily|weekly|registered|paying|app|mobile|online) (?:[\w-]+ )?users|(?:payment|transaction|sales|trading|shipment|order|production|passenger|freight|traffic|processing|merchandise|lending|deposit) volumes?|shipments|covers|footfall|placements|hires|fills|journeys|trips|rides|(?:ocean|air|sea|road|rail|parcel|container|cargo|freight) volumes?|(?:units|tonnes|litres|barrels|cars|vehicles|milk|passengers|parcels|containers) (?:sold|collected|processed|produced|shipped|handled|carried|delivered))\b/, polarity: 1, dimension: 'Market & Customers', argument: CUSTOMERS },
  { match: /\b(?:(?:nurses|staff|carers|teachers|doctors|vets|engineers|technicians|clinicians|officers) (?:per|to)\b|staffing (?:levels?|ratios?)|proud|pride|engagement|morale|wellbeing|training|skills?|volunteers?|volunteering)\b/, polarity: 1, dimension: 'People & Culture', argument: STAFF },
  { match: /\b(?:(?:print |digital |online |display |classified )?advertising(?! (?:costs?|spend|spending|budget))|ad (?:revenue|sales|income)|paid copies|copies sold|circulation|(?:day|hourly|charge-out|billing) rates?|(?:merchandise|order|sales|transaction|contract) values?|gmv|take rates?|exports?|average (?:[\w-]+ ){0,2}(?:prices?|fares?|fees?|selling prices?|room rates?|daily rates?|yields?)|\basp\b|\badr\b|rent rolls?|rental income|rents? collected|(?:rents?|rates?|prices?|fees?|fares?) (?:achieved|charged|realised|realized)|achieved (?:rents?|rates?|prices?|fees?|fares?)|rent collection|(?:mortgage|loan|lending|deposit|customer) balances|(?:[\w-]+ )?lending|loan book|mortgages|deposits|income|revenue|sales|cash (?:balance|position|reserves?|at bank|in hand)|(?<!new )business(?! (?:rates|travel|mileage|costs?|expenses?|units?|days?|hours?|plan|case|model))|profits?|surplus(?:es)?(?! (?:stock|capacity|staff|land|space|inventory|housing|property|properties|equipment|places|beds|food|materials?))|margins?|earnings|ebitda|bookings|donations?|grants?|legac(?:y|ies)|fundraising|sponsorships?|premiums?|arpu|arr|revpar|yield|average daily rate|turnover of the business|savings|recoveries|collections)\b/, polarity: 1, dimension: 'Financial Performance', argument: INCOME },
  // ships that call at a port, and the cargo they bring: its trade
  { match: /\b(?:cruise|ship|vessel|port|liner) calls\b|\bcalls by (?:cruise )?(?:ships|vessels|liners)\b|\b(?:containers|teus?|tonnage|(?:ro-?ro|lo-?lo|freight|trailer) units)\b/, polarity: 1, dimension: 'Market & Customers', argument: CUSTOMERS },
  { match: /\b(?:safety|accuracy|quality|compliance)\b/, polarity: 1, dimension: 'Risks & Compliance', argument: SAFETY },
];

/** A statement a survey asks people to agree with, judged by what it says ("Fees are fair", "My workload is manageable", "Payouts arrive on time"). */
const STATEMENT = /\b(?:is|are|was|were|feel|feels|felt|seem|seems|arrive|arrives|get|gets|solves?|answers?)\s+(?:\w+\s+)?(?:(un|not\s+|in)?(manageable|fair|easy|clear|good|great|excellent|safe|valued|supported|listened to|respected|proud|happy|satisfied|confident|on time|reliable|helpful|friendly|clean|worth it|value for money|well led|well managed|problems in one contact|first time))\b/;

/** A statement of what the organization does for people, said with a verb ("the landlord listens to their views", "calls are answered promptly", "rate the staff as good"). */
const DOING_WELL = /\b(?:listens?|listened|keeps? (?:them|me|us|people|tenants|customers) informed|(?:is|are|was|were|get|gets|got) (?:answered|dealt with|resolved|fixed|handled|kept informed)(?: (?:promptly|quickly|well|fairly|on time|first time))?|(?:answered|responded|resolved|fixed|dealt with|delivered) (?:promptly|quickly|well|fairly|on time|first time)|treat(?:s|ed)? (?:them|us|me|people|tenants|customers|patients)? ?(?:fairly|with respect)|rate[sd]? (?:[\w\s'’-]{1,40}?) as (?:good|very good|excellent|outstanding)|would recommend|communicat(?:e|es|ed) (?:well|clearly|effectively|openly)|(?:is|are|was|were) (?:well|effectively) (?:led|managed|run|organised|organized)|do(?:es)? a good job|value[sd]? (?:my|our|their|the) (?:work|contribution|views)|(?:feel|felt) (?:valued|supported|safe|listened to|respected))\b/;
/** The same statement denied: "has not been fixed", "never listens". */
const DENIED = /\b(?:not|never|n't|no one|nobody)\b/;

/** Whether a phrase is a statement people agree with (+1 when it says something good, −1 when bad), else 0. */
export const statementPolarity = (text: string): 1 | -1 | 0 => {
  const lower = text.toLowerCase();
  const m = STATEMENT.exec(lower);
  if (m) return m[1] ? -1 : 1;
  const doing = DOING_WELL.exec(lower);
  if (doing) return DENIED.test(lower.slice(Math.max(0, doing.index - 12), doing.index + doing[0].length)) ? -1 : 1;
  // (what has not been done for them: "say it has not been fixed")
  if (/\b(?:has|have|had|was|were|is|are) (?:not|never) been (?:fixed|resolved|repaired|answered|dealt with)\b/.test(lower)) return -1;
  // (and what is too much of something: "the gyms are too busy at peak times", "fees are too high")
  if (/\b(?:is|are|was|were|feels?|felt|gets?|got|seems?)\s+(?:far |much |way |often |always |still )?too (?:busy|crowded|full|expensive|dear|high|slow|hot|cold|dirty|noisy|small|long|difficult|hard|complicated)\b/.test(lower)) return -1;
  return 0;
};

/** The polarity and dimension of a measure the table does not name, from its head words (undefined when none). */
export function judgeByWords(name: string): { polarity: Polarity; dimension: Dimension; argument: string; level?: 1 | -1 } | undefined {
  // the abbreviations of notes are read as their words ("FOH staff t/o", "avg wait", "rev")
  const lower = name
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\bt\/o\b/g, 'turnover')
    .replace(/\bavg\b/g, 'average')
    .replace(/\brev\b/g, 'revenue')
    .replace(/\bsat\b/g, 'satisfaction')
    // (a table's "Staff costs % sales" is staff costs as a share of sales)
    .replace(/\s+%\s+(?:of\s+)?(?=\p{L})/gu, ' as % of ')
    // (what a measure is taken before names no measure of its own: "profit before tax", "earnings before interest and tax")
    .replace(/\s(?:before|after|excluding|ex) (?:interest,? (?:and |& )?)?(?:tax|taxes|interest|depreciation|exceptionals?|exceptional items|one-offs?)\b/g, '');
  // the head decides: the words before the phrase's first preposition ("tickets" of "tickets per 1,000 orders"), then the whole
  // ("rent as % of revenue" is a rent; "delivered on time" keeps its fixed phrase)
  // (a ratio written with a slash is its numerator: "net debt / EBITDA")
  const head = lower.split(/\s(?:per|of|for|in|at|to|from|with|by|on|across|among|against|than|as)\s(?!(?:time|schedule|budget|target|plan|full|spec|specification)\b)|\s\/\s|(?<=\p{L}{3})\/(?=\p{L}{3})/u)[0]!;
  // (what a customer spends per visit or day is income, whatever "spend" says alone: "F&B spend per skier day")
  if (/\b(?:spend|spending|revenue|income|sales)\s+per\s+(?:head|customer|guest|visitor|skier|passenger|member|cover|transaction|basket|student|patient|user|household|room|seat|occupied room|available room)\b/.test(lower)) return headWordsOf('revenue');
  // (what has waited past its due date is a failure, whatever its head: "mortgages more than three months in arrears", "invoices over 90 days old")
  // (arrears and debts named by their age are still arrears and debts: "arrears over 30 days")
  if ((/\bin arrears\b|\bpast due\b|\b(?:more than|over|older than) (?:[\w-]+ ){0,2}(?:days|weeks|months)(?: old| overdue| late)?$/.test(lower)) && !/^(?:arrears|bad debts?|debts?|debtors|receivables)\b/.test(lower)) return headWordsOf('overdue');
  // (what the organization spends on stand-in staff is a reliance on them at any level it states: "Agency staff spend: £11.6m")
  if (/^(?:the |our )?(?:agency|locum|supply|temporary|temp|interim) (?:staff |workers |nurses |teachers |doctors |drivers |carers |labour |cover )?(?:spend|spending|costs?|bill)$/.test(head)) return { ...headWordsOf('agency spend')!, level: -1 };
  // (the size of a function's own team is its capacity, the better the larger: "QA team down to 9 from 14")
  if (/^(?:the |our )?(?:[\w&-]+ ){1,2}teams?(?: size)?$/.test(head) && !/\b(?:management|leadership|senior)\b/.test(head)) return { ...headWordsOf('vacancies')!, polarity: 1 };
  // (what the organization pays into staff pensions or national insurance as their employer is a cost: "pension employer contribution")
  if (/\b(?:employer|employers['’]?|pension|national insurance|ni)(?: employer)? contributions?\b/.test(head)) return headWordsOf('staff costs');
  // (what stands empty or unfilled is capacity paid for and unused, at any level stated: "six of our 38 driver seats empty")
  if (/\b(?:empty|vacant|unfilled|unstaffed|unlet|idle)$/.test(head)) return { ...headWordsOf('vacancies')!, level: -1 };
  // (spending over a budget is bad at any level it states: "a £5m overspend")
  if (/^(?:the |an? )?(?:[\w-]+ )?(?:overspends?|overruns?|cost overruns?)$/.test(head)) return { ...headWordsOf('overspend')!, level: -1 };
  // (and so is a shortage of people: "Shortage of ramp agents")
  if (/^(?:the |a )?(?:shortages?|shortfalls?)$/.test(head) && /\b(?:staff|agents|drivers|nurses|doctors|carers|teachers|engineers|technicians|fitters|pilots|crew|workers|operatives|officers|chefs|cleaners|guards|consultants|advisers|handlers|pickers|hands|labourers|riders|couriers|operators|people)\b/.test(lower)) return { ...headWordsOf('vacancies')!, level: -1 };
  // (what was done without a fault is done right, the better the more of it: "orders picked without error", "error-free invoices")
  if (/\b(?:without|with no|free (?:of|from)) (?:an? |any )?(?:errors?|defects?|faults?|mistakes?|damage|rework|incidents?|accidents?|complaints?|defaults?)\b|\b(?:error|defect|fault|damage|incident|accident|complaint)-free\b/.test(lower)) {
    const { level: _level, ...done } = headWordsOf('errors')!;
    return { ...done, polarity: 1 };
  }
  // (a hospital's beds run too full when they run near all of them: "general and acute bed occupancy ran at 96%"; a hotel's or a
  // care home's occupancy stays good when higher)
  if (/\b(?:general and acute|g&a|acute|inpatient|ward|critical care|icu|itu|hospital|adult mental health) (?:bed )?occupancy\b/.test(lower)) return { polarity: -1, dimension: 'Operational Efficiency', argument: WAITS, level: -1 };
  // (the time from one event to the next is a wait, whatever the words of its events: "median time from referral to first contact")
  if (/^(?:the |our )?(?:median |mean |average |typical )?(?:[\w-]+ )?times?$/.test(head) && /\btimes? from\b[^,;]{1,60}\bto\b/.test(lower)) return headWordsOf('waiting time');
  // (customers who have to get in touch again and again cost money to serve: "call centre contact per customer", "calls per account")
  if (/\b(?:contacts?|calls|tickets|enquiries|chats) per (?:customer|account|order|member|user|subscriber|client|policy|household)\b/.test(lower)) {
    const { level: _level, ...perCustomer } = headWordsOf('complaints')!;
    return perCustomer;
  }
  // (what the organization pays for what it buys in is a cost, however the evidence names it: "steel and concrete prices", "feed prices")
  if (/^(?:the |our )?(?:(?:steel|concrete|cement|timber|lumber|brick|aggregates?|bitumen|copper|aluminium|fuel|diesel|energy|electricity|gas|fertili[sz]er|feed|ingredients?|packaging|materials?|raw materials?|inputs?|components?|parts|resin|plastics?|paper|glass|supplier|supply)(?:,? (?:and|&) |, |\s)?)+(?:prices?|costs?)$/.test(head)) return headWordsOf('costs');
  // (turnover on its own is a business's sales; people's turnover names who leaves: "staff turnover", "driver turnover")
  if (/^(?:(?:total|group|annual|net|gross|company|business|sales) )?turnover$/.test(head) && !/\bturnover (?:of|among|amongst) /.test(lower)) return headWordsOf('revenue');
  // (a share of a whole that comes from one group says what the whole is made of, not whether it is good: "referrals that come
  // from working households")
  if (/\b(?:who|that|which) (?:now )?(?:come|comes|came|are|is|were) (?:now )?from\b/.test(lower)) return undefined;
  // (a statement a survey asks people to agree with is judged by what it says: "My workload is manageable", "Fees are fair")
  // (and one said with a verb, by those who answer it: "respondents who feel the landlord listens to the views")
  // (or by those who answer it named first: "Parents rate the nursery as good or better")
  const said = STATEMENT.test(lower) || /\b(?:who|that) (?:say|said|feel|felt|agree|agreed|think|rate|rated)\b/.test(lower) || /^(?:the |our |all )?(?:[\w-]+ )?(?:parents|tenants|customers|clients|residents|staff|employees|patients|students|pupils|members|guests|users|respondents|families|carers|colleagues|people|visitors|passengers|subscribers|shoppers|buyers|learners|donors|readers|viewers) (?:say|said|feel|felt|agree|agreed|think|rate|rated|find|found|describe|described)\b/.test(lower) ? statementPolarity(lower) : 0;
  if (said) {
    const base = headWordsOf(/\b(?:work|workload|managers?|team|colleagues|job|pay|training|career|leaders?|leadership)\b/.test(lower) ? 'engagement' : 'satisfaction')!;
    // (no level of its own: how many agree says whether it is good news)
    const { level: _level, ...rest } = base;
    return { ...rest, polarity: said };
  }
  // (a harm the organization caught is money kept: "fraud detected", "shoplifting prevented")
  if (/\b(?:fraud|theft|thefts|shoplifting|scams?|attacks?|leakage)\s+(?:detected|prevented|identified|stopped|blocked|recovered|caught|intercepted)\b/.test(lower)) return headWordsOf('recoveries');
  // (a risk index or score is worse when higher, whatever it indexes: "water quality compliance risk index")
  if (/\brisk (?:index|score|rating)\b/.test(lower)) return headWordsOf('incidents');
  // (what a share is "of" never judges it: "energy as % of sales" is no sales figure)
  const shareOf = /\sas (?:a )?(?:%|per ?cent|percentage|share|proportion) of\s/.test(lower);
  return (head !== lower ? headWordsOf(head) : undefined) ?? (shareOf ? undefined : headWordsOf(lower));
}

/** The first entries name a failure or a standard met by a modifier, whatever the head noun ("orders delivered late"). */
const MODIFIER_ENTRIES = 3;
const HEAD_WORDS_ALL = HEAD_WORDS.map((h) => new RegExp(h.match.source, 'g'));

/**
 * The entry that judges a phrase: a modifier's first; else the one whose words come last in it, nearest its head noun
 * ("secondary spend conversion" is a conversion, not a spend; "customer acquisition cost payback" a payback), the
 * earlier entry on a tie ("order backlog" is orders).
 */
function headWordsOf(text: string): HeadWords | undefined {
  const modifier = HEAD_WORDS.slice(0, MODIFIER_ENTRIES).find((h) => h.match.test(text));
  if (modifier) return modifier;
  let best: HeadWords | undefined;
  let bestEnd = -1;
  for (let i = MODIFIER_ENTRIES; i < HEAD_WORDS.length; i++) {
    const re = HEAD_WORDS_ALL[i]!;
    re.lastIndex = 0;
    let end = -1;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      end = m.index + m[0].length;
      if (!m[0].length) re.lastIndex++;
    }
    if (end > bestEnd) {
      best = HEAD_WORDS[i];
      bestEnd = end;
    }
  }
  return best;
}

/** Units of time: a measure given in them is a time a process takes, worse when longer, unless its words say otherwise (reserves, runway). */
export const DURATION_UNITS: ReadonlySet<string> = new Set(['days', 'weeks', 'months', 'hours', 'minutes', 'seconds', 'years']);

/** A duration's length in seconds, so that two figures in different units compare: "rose to 4 minutes from 90 seconds". */
const SECONDS: Readonly<Record<string, number>> = { seconds: 1, minutes: 60, hours: 3600, days: 86_400, weeks: 604_800, months: 2_629_800, years: 31_557_600 };
/** Whether a is above (1), below (−1) or level with (0) b, durations compared in one unit. */
export const compareFigures = (a: { value: number; unit: string }, b: { value: number; unit: string }): 1 | -1 | 0 => {
  const [x, y] = a.unit !== b.unit && SECONDS[a.unit] && SECONDS[b.unit] ? [a.value * SECONDS[a.unit]!, b.value * SECONDS[b.unit]!] : [a.value, b.value];
  return x === y ? 0 : x > y ? 1 : -1;
};

/** The dimension's owner roles and the action when no measure is known. */
export const DIMENSION_DEFAULTS: Record<Dimension, { action: string; owner: RegExp; effort: number }> = {
  'Financial Performance': { action: 'Strengthen financial performance', owner: FINANCE, effort: 3 },
  'Operational Efficiency': { action: 'Improve operational efficiency', owner: OPERATIONS, effort: 4 },
  'Market & Customers': { action: 'Win and keep more customers', owner: COMMERCIAL, effort: 3 },
  'Competitive Landscape': { action: 'Defend the core against competitors', owner: EXECUTIVE, effort: 4 },
  'People & Culture': { action: 'Invest in people and skills', owner: PEOPLE, effort: 3 },
  'Risks & Compliance': { action: 'Strengthen risk and compliance controls', owner: RISK, effort: 3 },
};
