/**
 * Vocabulary of the local analyzer: weighted terms and phrases per business dimension. Weight 3 marks a
 * term that nearly always speaks to the dimension, 2 a usual sign, 1 a weak one (a word with other
 * meanings too). A phrase outweighs its words: "cash flow" counts once, as the phrase.
 * Spelling variants (British and American) are listed; plurals are matched by the stemmer.
 */
import type { Dimension } from '@shared/schemas/analysis';

export type Lexicon = Readonly<Record<string, number>>;

export const DIMENSION_LEXICONS: Readonly<Record<Dimension, Lexicon>> = {
  'Financial Performance': {
    revenue: 3, turnover: 2, sales: 2, 'net sales': 3, profit: 3, profitability: 3, profitable: 3, margin: 3,
    'gross margin': 3, 'operating margin': 3, 'net margin': 3, ebitda: 3, ebit: 3, earnings: 3, eps: 2,
    'cash flow': 3, 'free cash flow': 3, cash: 2, liquidity: 2, 'working capital': 3, 'balance sheet': 3,
    'income statement': 3, 'p&l': 3, 'profit and loss': 3, capex: 3, 'capital expenditure': 3, opex: 2,
    'operating expenses': 2, 'cost of goods sold': 3, cogs: 3, debt: 2, leverage: 2, dividend: 2,
    'return on investment': 3, roi: 3, roe: 3, 'return on equity': 3, 'return on assets': 3, budget: 2,
    forecast: 2, guidance: 2, fiscal: 2, financial: 2, finance: 1, quarterly: 1, 'year on year': 2, yoy: 2,
    valuation: 2, equity: 2, liabilities: 2, impairment: 2, amortisation: 2, amortization: 2, depreciation: 2,
    'unit economics': 3, arr: 3, mrr: 3, 'recurring revenue': 3, 'burn rate': 3, runway: 2, loss: 2,
    'net income': 3, 'operating income': 3, 'gross profit': 3, 'accounts receivable': 2, funding: 2,
    solvency: 2, 'net profit': 3, 'cost base': 2, costs: 1, pricing: 1, 'top line': 3, 'bottom line': 3,
    'double digit growth': 2, million: 1, billion: 1, 'operating cash': 3, interest: 1, investment: 1,
  },
  'Operational Efficiency': {
    operations: 2, operational: 2, efficiency: 3, efficient: 2, inefficiency: 3, productivity: 3, productive: 2,
    throughput: 3, process: 2, workflow: 2, automation: 3, automate: 2, automated: 2, 'supply chain': 3,
    logistics: 3, inventory: 3, procurement: 3, supplier: 2, vendor: 1, 'lead time': 3, 'cycle time': 3,
    turnaround: 2, capacity: 2, utilisation: 3, utilization: 3, downtime: 3, uptime: 2, bottleneck: 3,
    waste: 2, lean: 2, 'six sigma': 3, defect: 2, scrap: 2, manufacturing: 2, production: 2, plant: 1,
    warehouse: 2, distribution: 1, fulfilment: 2, fulfillment: 2, 'on time': 2, backlog: 2, scalability: 2,
    standardisation: 2, standardization: 2, erp: 2, systems: 1, infrastructure: 1, outsourcing: 2,
    'shared services': 2, 'cost reduction': 2, 'cost savings': 2, overhead: 2, sla: 2, 'service level': 2,
    maintenance: 2, 'unit cost': 3, 'cost per unit': 3, 'economies of scale': 2, 'process improvement': 3,
    'operating model': 2, digitisation: 2, digitization: 2, 'error rate': 2, rework: 2, 'handling time': 3,
    streamline: 2, streamlined: 2, delivery: 1, quality: 1, 'quality control': 2,
  },
  'Market & Customers': {
    customer: 3, client: 2, consumer: 2, market: 2, 'market share': 2, segment: 3, segmentation: 3, churn: 3,
    retention: 2, 'customer retention': 3, nps: 3, 'net promoter score': 3, satisfaction: 2,
    'customer satisfaction': 3, loyalty: 3, 'customer acquisition': 3, cac: 3, 'lifetime value': 3, ltv: 3,
    clv: 3, demand: 2, brand: 2, marketing: 2, campaign: 2, channel: 2, 'e commerce': 2, ecommerce: 2,
    penetration: 2, 'addressable market': 3, tam: 3, 'target audience': 2, persona: 2, buyer: 2,
    purchase: 2, basket: 2, conversion: 2, 'conversion rate': 3, upsell: 2, 'cross sell': 2, subscriber: 2,
    subscription: 2, user: 1, engagement: 1, 'customer feedback': 3, survey: 1, trend: 1, b2b: 2, b2c: 2,
    product: 1, portfolio: 1, launch: 1, adoption: 2, 'wallet share': 2, 'repeat purchase': 3,
    'average order value': 3, 'go to market': 3, 'market growth': 3, 'new markets': 2, footfall: 2,
    'customer base': 3, 'customer experience': 3, complaint: 2, 'willingness to pay': 3, audience: 1,
  },
  'Competitive Landscape': {
    competitor: 3, competition: 3, competitive: 3, compete: 3, competing: 3, rival: 3, 'market share': 3,
    'market leader': 3, incumbent: 3, 'new entrant': 3, entrant: 2, 'barriers to entry': 3,
    'entry barriers': 3, differentiation: 3, differentiate: 2, differentiator: 3, 'competitive advantage': 3,
    advantage: 2, moat: 3, substitute: 3, disruption: 2, disruptive: 2, disruptor: 3, benchmark: 2,
    benchmarking: 2, peer: 2, positioning: 3, 'price war': 3, undercut: 2, consolidation: 2, merger: 2,
    'm&a': 2, swot: 2, 'five forces': 3, niche: 2, commoditisation: 3, commoditization: 3,
    'pricing pressure': 3, alternatives: 2, outperform: 2, outperformed: 2, player: 2, landscape: 2,
    dominant: 2, dominance: 2, fragmented: 2, oligopoly: 3, monopoly: 3, patent: 2,
    'intellectual property': 2, 'first mover': 3, 'low cost': 2, 'low cost entrant': 3, 'head to head': 2,
    'lost share': 3, 'gained share': 3, 'share of market': 3, 'versus competitors': 3, strategic: 1,
    innovation: 1, challenger: 2, 'price leadership': 3,
  },
  'People & Culture': {
    employee: 3, staff: 3, workforce: 3, headcount: 3, talent: 3, hiring: 3, hire: 2, recruitment: 3,
    recruiting: 3, attrition: 3, 'staff turnover': 3, 'employee turnover': 3, 'employee retention': 3,
    'employee engagement': 3, morale: 3, culture: 3, cultural: 2, leadership: 3, leaders: 2, management: 2,
    manager: 2, ceo: 2, training: 3, skills: 3, skill: 2, upskilling: 3, reskilling: 3, career: 2,
    compensation: 3, salary: 2, wages: 2, benefits: 2, incentive: 2, bonus: 2, union: 2, labour: 2,
    labor: 2, diversity: 3, inclusion: 3, wellbeing: 3, 'well being': 3, burnout: 3, 'remote work': 3,
    team: 2, collaboration: 2, 'change management': 2, succession: 3, organisational: 2,
    organizational: 2, hr: 2, 'human resources': 3, people: 1, absenteeism: 3, vacancy: 2, onboarding: 2,
    mentoring: 2, 'employer brand': 3, 'engagement survey': 3, 'key person': 2, 'skills gap': 3,
    'tone from the top': 3, values: 1, empowerment: 2, 'full time equivalent': 3, fte: 3,
  },
  'Risks & Compliance': {
    risk: 3, compliance: 3, compliant: 2, 'non compliance': 3, regulation: 3, regulatory: 3, regulator: 3,
    legal: 2, litigation: 3, lawsuit: 3, fines: 2, penalty: 2, sanction: 2, audit: 2, auditor: 2,
    governance: 3, controls: 2, 'internal control': 3, fraud: 3, cybersecurity: 3, cyber: 2, breach: 3,
    'data breach': 3, security: 2, privacy: 3, gdpr: 3, hipaa: 3, sox: 2, aml: 2,
    'anti money laundering': 3, kyc: 2, esg: 2, sustainability: 1, climate: 1, emissions: 1, safety: 2,
    'health and safety': 3, incident: 2, vulnerability: 2, exposure: 2, hedge: 2, hedging: 2, insurance: 2,
    liability: 2, contingency: 2, mitigation: 3, mitigate: 2, resilience: 2, continuity: 2,
    'business continuity': 3, 'disaster recovery': 3, volatility: 2, uncertainty: 2, threat: 2, covenant: 2,
    'concentration risk': 3, policy: 1, certification: 1, investigation: 2, recall: 2, 'single point of failure': 3,
    'risk register': 3, 'risk appetite': 3, ransomware: 3, outage: 2, 'legal action': 3, 'due diligence': 2,
    'material weakness': 3, whistleblower: 3,
  },
};

/** Words that carry no topic: left out of relevance overlap. */
export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below between both ' +
    'but by can could did do does doing down during each few for from further had has have having he her here hers herself ' +
    'him himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other ' +
    'our ours ourselves out over own same she should so some such than that the their theirs them themselves then there these ' +
    'they this those through to too under until up very was we were what when where which while who whom why will with would ' +
    'you your yours yourself yourselves shall may might must us per via within without across among upon onto etc ' +
    'report reports reporting assess assessment assessing review reviewing understand understanding identify evaluate ' +
    'evaluating analyse analyze analysis provide including include includes based overall key main new using use used ' +
    'company organization organisation business businesses purpose scope objective objectives goal goals'
  ).split(/\s+/),
);

/** A few words that signal each of the spec's sectors, so that a sector overlaps with documents about it. */
export const SECTOR_TERMS: Readonly<Record<string, readonly string[]>> = {
  technology: ['technology', 'software', 'saas', 'cloud', 'platform', 'digital', 'data', 'product', 'engineering', 'app'],
  healthcare: ['healthcare', 'health', 'patient', 'clinical', 'hospital', 'care', 'medical', 'clinic', 'pharmacy', 'treatment'],
  finance: ['finance', 'financial', 'bank', 'banking', 'lending', 'loan', 'insurance', 'investment', 'credit', 'payment'],
  retail: ['retail', 'store', 'shop', 'shopper', 'merchandise', 'ecommerce', 'consumer', 'footfall', 'basket', 'grocery'],
  manufacturing: ['manufacturing', 'factory', 'plant', 'production', 'assembly', 'supply', 'industrial', 'machinery', 'component', 'oem'],
};
