/**
 * A composed report for the export tests and the benchmark, built in memory with the product's own pure
 * functions: wizard step data at a chosen scale, composed into sections (compose.ts), visuals bound to the
 * report's data (chart-data.ts) and embedded as `![caption](visual:id)`, citations with their sources' titles.
 */
import { randomUUID } from 'node:crypto';
import { bindChartData } from '@shared/domain/report/chart-data';
import { composeAll, type ComposeEvidence } from '@shared/domain/report/compose';
import { DIMENSIONS } from '@shared/schemas/analysis';
import { SECTION_KEYS, type Citation, type SectionKey } from '@shared/schemas/report-document';
import { DEFAULT_VISUAL_OPTIONS, type Binding, type Visual, type VisualType } from '@shared/schemas/visuals';
import { parseWizardData, type WizardData } from '@shared/schemas/wizard';
import type { ExportFigure } from '../../functions/domain/exports/blocks';
import type { ExportInput, ExportLogo } from '../../functions/domain/exports/model';
import { businessParagraphs } from './evidence-fixtures';

export interface FixtureScale {
  findings: number;
  recommendations: number;
  /** SWOT items per quadrant */
  swot: number;
  evidence: number;
  /** paragraphs per business-context field */
  contextParagraphs: number;
  /** citations in the executive summary's own text */
  summaryCitations: number;
}

export const SMALL: FixtureScale = { findings: 6, recommendations: 3, swot: 2, evidence: 3, contextParagraphs: 1, summaryCitations: 1 };
/** about 20 pages with 60 citations (the exports benchmark's size): 28 findings + 16 SWOT items + 10 recommendations + 4 key messages + 2 in the summary */
export const LARGE: FixtureScale = { findings: 28, recommendations: 10, swot: 4, evidence: 12, contextParagraphs: 2, summaryCitations: 2 };

export const EVIDENCE_TITLES = ['Annual report 2025', 'Customer survey Q3', 'Operations review', 'CEO interview', 'Market study: Nordic retail', 'Board minutes', 'Supplier audit', 'HR engagement survey', 'IT roadmap', 'Risk register', 'Pricing analysis', 'Competitor scan'];

export interface FixtureEvidence extends ComposeEvidence {
  text: string;
}

export function fixtureEvidence(count: number): FixtureEvidence[] {
  return Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    title: EVIDENCE_TITLES[i % EVIDENCE_TITLES.length]! + (i >= EVIDENCE_TITLES.length ? ` (${i + 1})` : ''),
    type: (['file', 'url', 'interview'] as const)[i % 3]!,
    source: i % 3 === 1 ? `https://example.com/source-${i}` : '',
    relevanceScore: 0.6 + (i % 4) / 10,
    text: businessParagraphs(3, 40 + i).join('\n\n'),
  }));
}

/** Step data at the given scale; every finding, SWOT item, recommendation and key message cites a passage. */
export function fixtureWizardData(scale: FixtureScale, evidence: readonly FixtureEvidence[]): WizardData {
  let c = 0;
  const cite = (): Citation => {
    const e = evidence[c % evidence.length]!;
    const start = (c * 37) % Math.max(1, e.text.length - 120);
    const end = start + 60 + (c % 40);
    c++;
    return { id: `c${c}x${start}`, evidence_id: e.id, start, end, quote: e.text.slice(start, end) };
  };
  const para = (n: number, seed: number) => businessParagraphs(n, seed).join('\n\n');
  const findings = Array.from({ length: scale.findings }, (_, i) => ({
    id: `f${i + 1}`,
    statement: businessParagraphs(1, 100 + i)[0]!.split('. ').slice(0, 2).join('. ') + '.',
    dimension: DIMENSIONS[i % DIMENSIONS.length]!,
    impact: (['high', 'medium', 'low'] as const)[i % 3]!,
    metric: i % 3 === 0 ? { name: i % 2 ? 'Churn' : `Metric ${i + 1}`, value: 5 + i * 1.5, unit: '%', period: `FY${2020 + (i % 6)}` } : null,
    citations: [cite()],
  }));
  const swotItems = (q: string) =>
    Array.from({ length: scale.swot }, (_, i) => ({ id: `${q}${i + 1}`, text: `${q.toUpperCase()} ${i + 1}: ${businessParagraphs(1, 300 + i + q.length)[0]!.split('. ')[0]}.`, finding_ids: [`f${(i % scale.findings) + 1}`], citations: [cite()] }));
  const recommendations = Array.from({ length: scale.recommendations }, (_, i) => ({
    id: `r${i + 1}`,
    title: `Recommendation ${i + 1}: ${['Launch a retention programme', 'Review SME pricing', 'Automate the warehouse', 'Strengthen data protection', 'Rebuild depot morale'][i % 5]}`,
    rationale: businessParagraphs(1, 500 + i)[0]!,
    priority: (['high', 'medium', 'low'] as const)[i % 3]!,
    impact: (i % 5) + 1,
    effort: ((i + 2) % 5) + 1,
    finding_ids: [`f${(i % scale.findings) + 1}`],
    swot_ids: [`w${(i % scale.swot) + 1}`],
    owner: ['COO', 'CFO', 'CMO', 'CIO'][i % 4]!,
    kpi: 'Cost per order',
    citations: [cite()],
  }));
  const phases = [
    { id: 'phase-1', name: '0–3 months', start_month: 0, end_month: 3 },
    { id: 'phase-2', name: '3–6 months', start_month: 3, end_month: 6 },
    { id: 'phase-3', name: '6–12 months', start_month: 6, end_month: 12 },
  ];
  const roadmapItems = recommendations.map((r, i) => {
    const phase = phases[i % 3]!;
    return { id: `a${i + 1}`, title: `Carry out: ${r.title.replace(/^Recommendation \d+: /, '')}`, phase_id: phase.id, start_month: phase.start_month, end_month: phase.end_month, owner: r.owner, recommendation_id: r.id };
  });
  const swot = { strengths: swotItems('s'), weaknesses: swotItems('w'), opportunities: swotItems('o'), threats: swotItems('t') };
  const summaryCitations = Array.from({ length: scale.summaryCitations }, () => cite());
  const keyMessages = Array.from({ length: 4 }, (_, i) => ({ id: `k${i + 1}`, text: `Key message ${i + 1}: ${businessParagraphs(1, 700 + i)[0]!.split('. ')[0]}.`, citations: [cite()] }));
  const raw = {
    setup: { organizationName: 'Nordlicht Retail AB', sector: 'retail', geography: 'Sweden', reportTitle: 'Nordlicht Operating Review', reportOwner: 'Jane Smith', stakeholders: [{ name: 'Ann Berg', role: 'CEO', influence: 'High' }] },
    objectives: { purpose: para(1, 11), inScope: 'Stores, depots and the online shop.', outOfScope: 'The Finnish joint venture.', methodology: para(1, 12) },
    context: { companyBackground: para(scale.contextParagraphs, 13), marketEnvironment: para(scale.contextParagraphs, 14), internalContext: para(scale.contextParagraphs, 15) },
    findings: {
      dimensions: DIMENSIONS.map((d, i) => ({ dimension: d, score: 40 + i * 9, computed_score: 40 + i * 9, basis: [], out_of_scope: false, note: '' })),
      findings,
    },
    swot,
    recommendations: { items: recommendations },
    roadmap: { phases, items: roadmapItems },
    'executive-summary': {
      key_messages: keyMessages,
      summary: `${para(2, 16)} ${summaryCitations.map((x) => `[@${x.id}]`).join(' ')}`.trim(),
      citations: summaryCitations,
    },
    finalize: {
      brand: { primaryColor: '#0b5394', secondaryColor: '#e69138', logo_key: '' },
      cover: { title: 'Nordlicht Operating Review', subtitle: 'Executive business assessment', client: 'Nordlicht Retail AB', date: '', prepared_by: 'Jane Smith', confidentiality: 'Confidential: prepared for the board of Nordlicht Retail AB' },
    },
  };
  const parsed = parseWizardData(raw);
  if (parsed.setAside.length) throw new Error(`fixture wizard data does not parse: ${parsed.setAside.map((s) => s.problem).join('; ')}`);
  return parsed.data;
}

/** Visuals of every type, bound to the report's data; the first `count` of a fixed list. */
export function fixtureVisuals(count: number, reportId: string): Visual[] {
  const specs: { type: VisualType; title: string; binding: Binding }[] = [
    { type: 'bar', title: 'Dimension scores', binding: { source: 'dimension-scores', include_out_of_scope: false } },
    { type: 'line', title: 'Churn over time', binding: { source: 'metrics', metric: 'Churn', finding_ids: [] } },
    { type: 'pie', title: 'Evidence by dimension', binding: { source: 'evidence', measure: 'count', by: 'type' } },
    { type: 'bar', title: 'Recommendations: impact and effort', binding: { source: 'recommendations', ids: [] } },
    { type: 'heatmap', title: 'Evidence relevance', binding: { source: 'evidence', measure: 'relevance', by: 'type' } },
    { type: 'table', title: 'Key metrics', binding: { source: 'metrics', metric: '', finding_ids: [] } },
    { type: 'gantt', title: 'Roadmap', binding: { source: 'roadmap', phase_ids: [] } },
    { type: 'bar', title: 'Regional sales', binding: { source: 'table', columns: ['Region', '2024', '2025'], rows: [['North', '12', '14'], ['South', '9', '11'], ['West', '7', '10']] } },
  ];
  return specs.slice(0, count).map((s, i) => ({
    id: randomUUID(),
    report_id: reportId,
    type: s.type,
    title: s.title,
    caption: `${s.title} (source: the report's data)`,
    binding: s.binding,
    options: { ...DEFAULT_VISUAL_OPTIONS, show_values: i % 2 === 0 },
    status: 'completed',
    version: 1,
    updated_by: 'fixture',
    updated_at: '2025-11-20T10:00:00.000Z',
    created_at: '2025-11-20T10:00:00.000Z',
  }));
}

/** Where each visual is embedded: spread over the sections that speak to its data. */
const VISUAL_HOMES: SectionKey[] = ['findings', 'findings', 'introduction', 'recommendations', 'appendices', 'findings', 'roadmap', 'business-context'];

export interface ComposedFixture {
  reportId: string;
  wizard: WizardData;
  evidence: FixtureEvidence[];
  visuals: Visual[];
  /** every section's markdown and citations (all nine), visuals embedded */
  sections: { key: SectionKey; title: string; content: string; citations: Citation[] }[];
  input: ExportInput;
}

export function composedFixture(scale: FixtureScale, opts: { visuals?: number; logo?: ExportLogo | null; reportId?: string } = {}): ComposedFixture {
  const reportId = opts.reportId ?? randomUUID();
  const evidence = fixtureEvidence(scale.evidence);
  const wizard = fixtureWizardData(scale, evidence);
  const visuals = fixtureVisuals(opts.visuals ?? 8, reportId);
  const composed = composeAll({ data: wizard, report: { title: 'Nordlicht Operating Review', owner: 'Jane Smith' }, organization: { name: 'Nordlicht Retail AB', sector: 'retail', geography: 'Sweden' }, evidence });
  const sections = composed.map((s) => {
    const mine = visuals.filter((_, i) => VISUAL_HOMES[i % VISUAL_HOMES.length] === s.key);
    const embeds = mine.map((v) => `![${v.caption}](visual:${v.id})`).join('\n\n');
    const extra = s.key === 'conclusion' ? '\n\nSee [the methodology](https://example.com/method) and `appendix A`; ~~old plan~~ replaced.\n\n> The board asked for a *single* view of the business.' : '';
    return { key: s.key, title: s.title, content: [s.content, embeds].filter(Boolean).join('\n\n') + extra, citations: s.citations };
  });
  const source = { data: wizard, evidence: evidence.map((e) => ({ id: e.id, title: e.title, type: e.type, linkedDimensions: [...DIMENSIONS.slice(0, 2)], relevanceScore: e.relevanceScore })) };
  const figures = new Map<string, ExportFigure>(visuals.map((v) => [v.id, { visual: v, data: bindChartData(v, source) }]));
  const input = fixtureInput({ report: { id: reportId, title: 'Nordlicht Operating Review', owner: 'Jane Smith' }, organizationName: 'Nordlicht Retail AB', wizard, sections, titles: new Map(evidence.map((e) => [e.id, e.title])), visuals: figures, logo: opts.logo ?? null, now: new Date(Date.UTC(2025, 10, 22, 9, 30)) });
  return { reportId, wizard, evidence, visuals, sections, input };
}

/**
 * The export input of a fixture, as the loader hands it over: each section at its version (its place, from 1),
 * every citation with its source's title (`titles`, by evidence id).
 */
function fixtureInput(f: Pick<ExportInput, 'report' | 'organizationName' | 'visuals' | 'logo' | 'now'> & { wizard: WizardData; sections: ComposedFixture['sections']; titles: ReadonlyMap<string, string> }): ExportInput {
  const { wizard, sections, titles, ...rest } = f;
  return {
    ...rest,
    finalize: wizard.finalize ?? null,
    organizationBrand: null,
    sections: sections.map((s, i) => ({ ...s, version: i + 1, citations: s.citations.map((c) => ({ ...c, source_title: titles.get(c.evidence_id) ?? 'Unknown' })) })),
    roadmap: wizard.roadmap ?? null,
    steps: stepsWithTitles(wizard, titles),
    providerName: 'Assay Analytics',
  };
}

/** The storyline's steps as the loader hands them over: every citation with its source's title. */
export function stepsWithTitles(wizard: WizardData, titles: ReadonlyMap<string, string>): NonNullable<ExportInput['steps']> {
  const mark = <T extends { citations: Citation[] }>(item: T): T => ({ ...item, citations: item.citations.map((c) => ({ ...c, source_title: titles.get(c.evidence_id) ?? 'Unknown' })) });
  const s = wizard.swot;
  return {
    ...(wizard.findings ? { findings: { ...wizard.findings, findings: wizard.findings.findings.map(mark) } } : {}),
    ...(s ? { swot: { ...s, strengths: s.strengths.map(mark), weaknesses: s.weaknesses.map(mark), opportunities: s.opportunities.map(mark), threats: s.threats.map(mark) } } : {}),
    ...(wizard.recommendations ? { recommendations: { items: wizard.recommendations.items.map(mark) } } : {}),
    ...(wizard['executive-summary'] ? { 'executive-summary': { ...mark(wizard['executive-summary']), key_messages: wizard['executive-summary'].key_messages.map(mark) } } : {}),
  };
}

export const ALL_SECTIONS: readonly SectionKey[] = SECTION_KEYS;

/** A 120 × 60 PNG logo (a filled rectangle), built with no image library: zlib and a CRC. */
export async function logoPng(rgb: [number, number, number] = [230, 145, 56]): Promise<Uint8Array> {
  const { deflateSync } = await import('node:zlib');
  const width = 120;
  const height = 60;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0;
    for (let x = 0; x < width; x++) raw.set(rgb, y * (width * 3 + 1) + 1 + x * 3);
  }
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return new Uint8Array(
    Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]),
  );
}

/** A small SVG logo. */
export const LOGO_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="64" viewBox="0 0 160 64"><rect width="160" height="64" rx="8" fill="#e69138"/><text x="80" y="40" font-size="22" text-anchor="middle" fill="#ffffff">NORDLICHT</text></svg>';

// ── a realistic drafted report ─────────────────────────────────────────────────────────────────────────

/**
 * A report as a consultant would hand it over (hand-written, in the shape the analyst drafts: findings whose
 * first sentence is the point, the support after it; an executive summary that opens with its governing
 * thought; recommendations titled verb–object): a regional homeware and garden retailer, three pieces of
 * evidence, every citation an exact passage of them. For the export tests and for reading the exports as their
 * reader would.
 */
export function consultingFixture(opts: { logo?: ExportLogo | null; reportId?: string } = {}): ComposedFixture {
  const reportId = opts.reportId ?? randomUUID();
  const texts = {
    cfo: [
      'Interview notes: Priya Shah, Chief Financial Officer, Alder & Finch. Date: 4 February 2025.',
      'Trading has been harder than the plan assumed. Like-for-like sales rose 1.8% on the year, carried by the garden centres and online.',
      'The problem is the margin. Gross margin fell to 34.2% in FY2024, from 39.5% in FY2022, as freight and supplier costs rose faster than we could raise prices.',
      'Three suppliers provide 64% of our furniture and homeware stock, and all three raised prices in the spring.',
      'Inventory days rose to 94 at year end, against about 60 for the better-run home retailers. Clearing the excess cost £3.1m in markdowns in January.',
      'Online sales grew 31% and the channel is profitable at the contribution level.',
    ].join('\n\n'),
    stores: [
      'Interview notes: Tom Reyes, Director of Stores. Date: 6 February 2025.',
      'Store staff turnover reached 41% last year, up from 28% two years ago, and the stores lose most new starters within three months.',
      'Rotas are still written by hand in each store, which takes a store manager about six hours a week.',
      'Customers rate our staff highly: the net promoter score was 49 against a sector benchmark of 35.',
      'The click-and-collect pilot in nine stores doubled online orders collected in those towns.',
    ].join('\n\n'),
    board: [
      'Alder & Finch board pack, FY2024 trading review. Prepared for the board meeting of 20 February 2025.',
      'Revenue for FY2024 was £286m, up 2.6% on FY2023. Operating profit fell to £5.4m from £12.9m.',
      'The discount chain Brightway opened 7 stores within 10 miles of our stores during the year, and its prices on comparable basics are 20–30% lower than ours.',
      'New packaging rules will cost the business about £1.4m a year from 2025 in Extended Producer Responsibility fees.',
      'The UK market for garden products grew an estimated 4% in 2024, led by outdoor living and online sales.',
    ].join('\n\n'),
  };
  const evidence: FixtureEvidence[] = [
    { id: randomUUID(), title: 'CFO interview (Priya Shah)', type: 'interview', source: '', relevanceScore: 0.92, text: texts.cfo },
    { id: randomUUID(), title: 'Director of Stores interview (Tom Reyes)', type: 'interview', source: '', relevanceScore: 0.86, text: texts.stores },
    { id: randomUUID(), title: 'Board pack FY2024', type: 'file', source: '', relevanceScore: 0.95, text: texts.board },
  ];
  const [cfo, stores, board] = evidence as [FixtureEvidence, FixtureEvidence, FixtureEvidence];
  let n = 0;
  const cite = (e: FixtureEvidence, quote: string): Citation => {
    const start = e.text.indexOf(quote);
    if (start < 0) throw new Error(`fixture quote not in ${e.title}: ${quote}`);
    return { id: `c${++n}`, evidence_id: e.id, start, end: start + quote.length, quote };
  };
  const c = {
    margin: cite(cfo, 'Gross margin fell to 34.2% in FY2024, from 39.5% in FY2022, as freight and supplier costs rose faster than we could raise prices.'),
    suppliers: cite(cfo, 'Three suppliers provide 64% of our furniture and homeware stock, and all three raised prices in the spring.'),
    stock: cite(cfo, 'Inventory days rose to 94 at year end, against about 60 for the better-run home retailers.'),
    markdowns: cite(cfo, 'Clearing the excess cost £3.1m in markdowns in January.'),
    online: cite(cfo, 'Online sales grew 31% and the channel is profitable at the contribution level.'),
    turnover: cite(stores, 'Store staff turnover reached 41% last year, up from 28% two years ago, and the stores lose most new starters within three months.'),
    rotas: cite(stores, 'Rotas are still written by hand in each store, which takes a store manager about six hours a week.'),
    nps: cite(stores, 'the net promoter score was 49 against a sector benchmark of 35.'),
    collect: cite(stores, 'The click-and-collect pilot in nine stores doubled online orders collected in those towns.'),
    profit: cite(board, 'Operating profit fell to £5.4m from £12.9m.'),
    brightway: cite(board, 'The discount chain Brightway opened 7 stores within 10 miles of our stores during the year, and its prices on comparable basics are 20–30% lower than ours.'),
    epr: cite(board, 'New packaging rules will cost the business about £1.4m a year from 2025 in Extended Producer Responsibility fees.'),
    garden: cite(board, 'The UK market for garden products grew an estimated 4% in 2024, led by outdoor living and online sales.'),
  };
  const finding = (id: string, statement: string, dimension: (typeof DIMENSIONS)[number], impact: 'high' | 'medium' | 'low', metric: { name: string; value: number; unit: string; period: string } | null, citations: Citation[]) => ({
    id,
    statement,
    dimension,
    impact,
    metric,
    citations,
    ai_drafted: true,
  });
  const findings = [
    finding('f-margin', 'Gross margin fell 5.3 points in two years as freight and supplier costs outpaced prices. The CFO puts it at 34.2% in FY2024, down from 39.5% in FY2022, and operating profit more than halved to £5.4m.', 'Financial Performance', 'high', { name: 'Gross margin', value: 34.2, unit: '%', period: 'FY2024' }, [c.margin, c.profit]),
    finding('f-suppliers', 'Three suppliers control most of the homeware range and set the pace on price. They provide 64% of furniture and homeware stock, and all three raised prices in the spring.', 'Risks & Compliance', 'high', { name: 'Supplier concentration', value: 64, unit: '%', period: 'FY2024' }, [c.suppliers]),
    finding('f-stock', 'Stock ties up a third more cash than at the better-run peers and has to be cleared at a loss. Inventory days reached 94 at year end against about 60 for the best home retailers, and clearing the excess cost £3.1m in January markdowns.', 'Operational Efficiency', 'high', { name: 'Inventory days', value: 94, unit: 'days', period: 'year end FY2024' }, [c.stock, c.markdowns]),
    finding('f-turnover', 'Store staff turnover of 41% drains skills and management time. Turnover has risen from 28% two years ago, most new starters leave within three months, and managers spend about six hours a week writing rotas by hand.', 'People & Culture', 'high', { name: 'Store staff turnover', value: 41, unit: '%', period: 'FY2024' }, [c.turnover, c.rotas]),
    finding('f-brightway', 'A discount competitor is moving into the estate with prices 20–30% below ours on basics. Brightway opened 7 stores within 10 miles of our stores during the year.', 'Competitive Landscape', 'high', { name: 'Brightway stores opened nearby', value: 7, unit: 'stores', period: 'FY2024' }, [c.brightway]),
    finding('f-nps', 'Customers rate the stores well above the sector, a strength to build the recovery on. The net promoter score of 49 compares with a sector benchmark of 35.', 'Market & Customers', 'medium', { name: 'Net promoter score', value: 49, unit: '', period: 'FY2024' }, [c.nps]),
    finding('f-online', 'Online is the growth engine and already pays its way. Online sales grew 31% last year and the channel is profitable at the contribution level; the click-and-collect pilot doubled collected orders in its nine towns.', 'Market & Customers', 'medium', { name: 'Online sales growth', value: 31, unit: '%', period: 'FY2024' }, [c.online, c.collect]),
    finding('f-epr', 'New packaging rules add a recurring cost of about £1.4m a year from 2025. The board pack puts Extended Producer Responsibility fees at that level.', 'Risks & Compliance', 'medium', { name: 'EPR fees', value: 1.4, unit: '£m', period: 'a year from 2025' }, [c.epr]),
  ];
  const swotItem = (id: string, text: string, findingIds: string[], citations: Citation[]) => ({ id, text, finding_ids: findingIds, citations, ai_drafted: true });
  const rec = (id: string, title: string, rationale: string, priority: 'high' | 'medium' | 'low', impact: number, effort: number, owner: string, kpi: string, findingIds: string[], citations: Citation[]) => ({
    id, title, rationale, priority, impact, effort, finding_ids: findingIds, swot_ids: [], owner, kpi, deferred: false, citations, ai_drafted: true,
  });
  const recommendations = [
    rec('r-suppliers', 'Qualify second sources for the top 200 homeware lines', 'Three suppliers set the price of most of the range; a second source for the lines that sell most gives the buyers a credible alternative at the next negotiation.', 'high', 5, 3, 'Chief Merchandising Officer', 'Share of homeware stock from the top three suppliers below 45% by FY2026', ['f-suppliers', 'f-margin'], [c.suppliers]),
    rec('r-stock', 'Cut inventory days to 65 through a new buying calendar', 'Stock at 94 days costs cash and markdowns; buying closer to demand frees working capital and protects margin in the clearance season.', 'high', 4, 3, 'Chief Financial Officer', 'Inventory days at 65 by year end FY2025', ['f-stock'], [c.stock]),
    rec('r-rotas', 'Automate store scheduling and fix the first 90 days for new starters', 'Managers spend six hours a week on rotas while most leavers go in their first three months; scheduling software and a structured induction address both.', 'high', 4, 2, 'Director of Stores', 'Store staff turnover below 30% within 18 months', ['f-turnover'], [c.rotas, c.turnover]),
    rec('r-collect', 'Roll out click-and-collect to all stores', 'The pilot doubled collected orders in nine towns; the full estate can bring online demand into the stores that Brightway targets.', 'medium', 4, 2, 'Director of Online', 'Click-and-collect share of online orders above 30%', ['f-online', 'f-brightway'], [c.collect]),
    rec('r-price', 'Reprice 300 basics against Brightway where stores overlap', 'A targeted price response on the lines customers compare protects footfall without cutting margin across the whole range.', 'medium', 3, 2, 'Commercial Director', 'Footfall in overlapping stores back to FY2023 levels', ['f-brightway'], [c.brightway]),
    rec('r-epr', 'Redesign packaging to reduce EPR fees', 'Lighter and recyclable packaging lowers the fees that start in 2025.', 'low', 2, 2, 'Head of Sustainability', 'EPR fees below £1.0m a year', ['f-epr'], [c.epr]),
  ];
  const phases = [
    { id: 'phase-1', name: '0–3 months', start_month: 0, end_month: 3 },
    { id: 'phase-2', name: '3–6 months', start_month: 3, end_month: 6 },
    { id: 'phase-3', name: '6–12 months', start_month: 6, end_month: 12 },
  ];
  const action = (id: string, title: string, phase: number, start: number, end: number, owner: string, recommendation: string) => ({ id, title, phase_id: phases[phase]!.id, start_month: start, end_month: end, owner, recommendation_id: recommendation, ai_drafted: true });
  const raw = {
    setup: { organizationName: 'Alder & Finch Ltd', sector: 'retail', geography: 'United Kingdom', reportTitle: 'Alder & Finch: restoring margin and momentum', reportOwner: 'Jane Smith', stakeholders: [{ name: 'Priya Shah', role: 'CFO', influence: 'High' }, { name: 'Tom Reyes', role: 'Director of Stores', influence: 'High' }] },
    objectives: { purpose: 'Find why profit fell in FY2024 and set the priorities for the next twelve months.', inScope: 'Stores, garden centres, online and the supply base.', outOfScope: 'The property portfolio.', methodology: 'Two management interviews and a review of the FY2024 board pack.' },
    context: { companyBackground: 'Alder & Finch sells homeware, furniture and garden products from 38 stores and online.', marketEnvironment: 'The garden market grew about 4% in 2024; homeware is flat and discounters are expanding.', internalContext: 'A new CFO joined in 2024 and is rebuilding the margin reporting.' },
    findings: {
      dimensions: [
        { dimension: 'Financial Performance', score: 38, computed_score: 38, basis: [], out_of_scope: false, note: '' },
        { dimension: 'Operational Efficiency', score: 45, computed_score: 45, basis: [], out_of_scope: false, note: '' },
        { dimension: 'Market & Customers', score: 71, computed_score: 71, basis: [], out_of_scope: false, note: '' },
        { dimension: 'Competitive Landscape', score: 42, computed_score: 42, basis: [], out_of_scope: false, note: '' },
        { dimension: 'People & Culture', score: 47, computed_score: 47, basis: [], out_of_scope: false, note: '' },
        { dimension: 'Risks & Compliance', score: 55, computed_score: 55, basis: [], out_of_scope: false, note: '' },
      ],
      findings,
    },
    swot: {
      strengths: [swotItem('s1', 'Customers rate the stores well above the sector: a net promoter score of 49 against 35.', ['f-nps'], [c.nps]), swotItem('s2', 'Online sales grew 31% and the channel is profitable at contribution level.', ['f-online'], [c.online])],
      weaknesses: [
        swotItem('w1', 'Gross margin fell 5.3 points in two years, to 34.2%.', ['f-margin'], [c.margin]),
        swotItem('w2', 'Stock cover of 94 days against about 60 at the better-run peers.', ['f-stock'], [c.stock]),
        swotItem('w3', 'Store staff turnover of 41%, most of it in the first three months.', ['f-turnover'], [c.turnover]),
      ],
      opportunities: [swotItem('o1', 'The garden market grew about 4% in 2024, led by outdoor living.', [], [c.garden]), swotItem('o2', 'Click-and-collect doubled collected orders in the pilot towns.', ['f-online'], [c.collect])],
      threats: [
        swotItem('t1', 'Brightway opened 7 stores nearby with basics priced 20–30% lower.', ['f-brightway'], [c.brightway]),
        swotItem('t2', 'Three suppliers provide 64% of homeware stock and all raised prices.', ['f-suppliers'], [c.suppliers]),
        swotItem('t3', 'Packaging fees of about £1.4m a year from 2025.', ['f-epr'], [c.epr]),
      ],
    },
    recommendations: { items: recommendations },
    roadmap: {
      phases,
      items: [
        action('a1', 'Launch the supplier second-source programme', 0, 0, 6, 'Chief Merchandising Officer', 'r-suppliers'),
        action('a2', 'Select and pilot scheduling software in five stores', 0, 1, 3, 'Director of Stores', 'r-rotas'),
        action('a3', 'Reprice overlapping basics', 0, 0, 2, 'Commercial Director', 'r-price'),
        action('a4', 'Introduce the new buying calendar', 1, 3, 6, 'Chief Financial Officer', 'r-stock'),
        action('a5', 'Roll out scheduling and the new induction to all stores', 1, 3, 9, 'Director of Stores', 'r-rotas'),
        action('a6', 'Roll out click-and-collect to all stores', 2, 6, 12, 'Director of Online', 'r-collect'),
        action('a7', 'Redesign packaging for the 2026 range', 2, 6, 12, 'Head of Sustainability', 'r-epr'),
      ],
    },
    'executive-summary': {
      key_messages: [
        { id: 'k1', text: 'Gross margin fell 5.3 points to 34.2% in two years as freight and supplier costs outpaced prices.', citations: [c.margin], ai_drafted: true },
        { id: 'k2', text: 'Stock of 94 days, against about 60 at better-run peers, cost £3.1m in January markdowns.', citations: [c.stock, c.markdowns], ai_drafted: true },
        { id: 'k3', text: 'Store staff turnover reached 41%, and managers lose six hours a week to rotas.', citations: [c.turnover, c.rotas], ai_drafted: true },
        { id: 'k4', text: 'Brightway opened 7 stores nearby with basics priced 20–30% lower.', citations: [c.brightway], ai_drafted: true },
        { id: 'k5', text: 'Customers rate the stores well above the sector (NPS 49 against 35), and online grew 31%.', citations: [c.nps, c.online], ai_drafted: true },
      ],
      summary: `Alder & Finch's profitability is under pressure: gross margin fell 5.3 points to 34.2% and operating profit more than halved to £5.4m [@${c.margin.id}][@${c.profit.id}], while a discount competitor is opening stores in its towns [@${c.brightway.id}].\n\nIt starts from a real strength: customers rate the stores well above the sector [@${c.nps.id}].\n\nThe priorities for the next twelve months: qualify second sources for the top 200 homeware lines, cut inventory days to 65 and automate store scheduling.`,
      citations: [c.margin, c.profit, c.brightway, c.nps],
      ai_drafted: true,
    },
    finalize: {
      brand: { primaryColor: '#14532d', secondaryColor: '#d97706', logo_key: '' },
      cover: { title: 'Alder & Finch: restoring margin and momentum', subtitle: 'Operating review for the board', client: 'Alder & Finch Ltd', date: '', prepared_by: 'Jane Smith', confidentiality: 'Confidential: prepared for the board of Alder & Finch Ltd' },
    },
  };
  const parsed = parseWizardData(raw);
  if (parsed.setAside.length) throw new Error(`consulting fixture does not parse: ${parsed.setAside.map((s) => s.problem).join('; ')}`);
  const wizard = parsed.data;
  const visuals: Visual[] = [];
  const composed = composeAll({ data: wizard, report: { title: 'Alder & Finch: restoring margin and momentum', owner: 'Jane Smith' }, organization: { name: 'Alder & Finch Ltd', sector: 'retail', geography: 'United Kingdom' }, evidence });
  const sections = composed.map((s) => ({ key: s.key, title: s.title, content: s.content, citations: s.citations }));
  const titles = new Map(evidence.map((e) => [e.id, e.title]));
  const input = fixtureInput({ report: { id: reportId, title: 'Alder & Finch: restoring margin and momentum', owner: 'Jane Smith' }, organizationName: 'Alder & Finch Ltd', wizard, sections, titles, visuals: new Map(), logo: opts.logo ?? null, now: new Date(Date.UTC(2025, 2, 3, 9, 30)) });
  return { reportId, wizard, evidence, visuals, sections, input };
}

// ── the largest report the schemas allow ───────────────────────────────────────────────────────────────

/** Prose of exactly `n` characters (business sentences, repeated as needed). */
export function proseOf(n: number, seed = 1): string {
  let out = '';
  for (let i = 0; out.length < n; i++) out += `${businessParagraphs(1, seed + i)[0]!} `;
  return out.slice(0, n).replace(/\s+$/, '').padEnd(n, '.');
}

/** Text of `n` characters of the widest letters Calibri has, in words: the worst case a line can meet. */
export const widest = (n: number): string => Array.from({ length: n }, (_, i) => (i % 9 === 8 ? ' ' : 'W')).join('').replace(/\s+$/, 'W');

/**
 * Every text of the storyline at the longest its schema allows (shared/schemas/report-document.ts): finding
 * statements of 2,000 characters (one of them a single unbroken word, one of the widest letters), 200 findings,
 * 50 SWOT items of 1,000 characters in each quadrant, 100 recommendations with 300-character titles and
 * 500-character KPIs, 200 roadmap actions in 12 phases, five 600-character key messages, a 20,000-character
 * summary, 2,000-character quotes with 500-character source titles, metrics of 120/40/60 characters and a
 * value of 10^15, and cover texts at their limits. For the deck's overflow tests.
 */
export function largestReportFixture(): ComposedFixture {
  const reportId = randomUUID();
  const sourceTitle = proseOf(500, 9);
  const evidence: FixtureEvidence[] = Array.from({ length: 3 }, (_, i) => ({ id: randomUUID(), title: i ? proseOf(300, 20 + i) : sourceTitle.slice(0, 300), type: 'file', source: '', relevanceScore: 0.9, text: proseOf(60_000, 30 + i) }));
  let n = 0;
  const cite = (): Citation => {
    const e = evidence[n % evidence.length]!;
    const start = (n * 997) % (e.text.length - 2_000);
    n++;
    return { id: `big${n}`, evidence_id: e.id, start, end: start + 2_000, quote: e.text.slice(start, start + 2_000) };
  };
  const cites = (count: number) => Array.from({ length: count }, cite);
  const findings = Array.from({ length: 200 }, (_, i) => ({
    id: `f${i + 1}`,
    statement: i === 0 ? 'x'.repeat(2_000) : i === 1 ? widest(2_000) : proseOf(2_000, 100 + i),
    dimension: DIMENSIONS[i % DIMENSIONS.length]!,
    impact: (['high', 'medium', 'low'] as const)[i % 3]!,
    metric: { name: i === 1 ? widest(120) : proseOf(120, 400 + i), value: i % 2 ? 1e15 : -123456789.12, unit: i === 1 ? widest(40) : proseOf(40, 500 + i), period: proseOf(60, 600 + i) },
    citations: cites(i < 12 ? 20 : 1),
  }));
  const swotItems = (q: string) => Array.from({ length: 50 }, (_, i) => ({ id: `${q}${i + 1}`, text: i === 0 ? widest(1_000) : proseOf(1_000, 700 + i + q.length), finding_ids: [], citations: cites(i < 3 ? 10 : 0) }));
  const recommendations = Array.from({ length: 100 }, (_, i) => ({
    id: `r${i + 1}`,
    title: i === 0 ? widest(300) : proseOf(300, 800 + i),
    rationale: proseOf(4_000, 900 + i),
    priority: (['high', 'medium', 'low'] as const)[i % 3]!,
    impact: (i % 5) + 1,
    effort: ((i + 2) % 5) + 1,
    owner: i === 0 ? widest(200) : proseOf(200, 1_000 + i),
    kpi: proseOf(500, 1_100 + i),
    citations: cites(i < 3 ? 10 : 0),
  }));
  const phases = Array.from({ length: 12 }, (_, i) => ({ id: `p${i + 1}`, name: i === 0 ? widest(120) : proseOf(120, 1_200 + i), start_month: i * 10, end_month: i * 10 + 10 }));
  const items = Array.from({ length: 200 }, (_, i) => ({ id: `a${i + 1}`, title: i === 0 ? widest(300) : proseOf(300, 1_300 + i), phase_id: phases[i % 12]!.id, start_month: (i % 12) * 10, end_month: (i % 12) * 10 + 1 + (i % 10), owner: proseOf(200, 1_500 + i), recommendation_id: null }));
  const summaryCitations = cites(100);
  const raw = {
    setup: { organizationName: proseOf(200, 1), reportTitle: proseOf(300, 2), reportOwner: proseOf(200, 3), stakeholders: Array.from({ length: 100 }, (_, i) => ({ name: proseOf(200, 1_600 + i), role: proseOf(200, 1_700 + i), influence: 'High' })) },
    objectives: { purpose: proseOf(10_000, 4), inScope: proseOf(10_000, 5), outOfScope: proseOf(10_000, 6), methodology: proseOf(10_000, 7) },
    context: { companyBackground: proseOf(50_000, 8), marketEnvironment: proseOf(50_000, 9), internalContext: proseOf(50_000, 10) },
    findings: { dimensions: DIMENSIONS.map((d, i) => ({ dimension: d, score: i * 20, computed_score: i * 20, basis: [], out_of_scope: false, note: proseOf(2_000, 11 + i) })), findings },
    swot: { strengths: swotItems('s'), weaknesses: swotItems('w'), opportunities: swotItems('o'), threats: swotItems('t') },
    recommendations: { items: recommendations },
    roadmap: { phases, items },
    'executive-summary': {
      key_messages: Array.from({ length: 5 }, (_, i) => ({ id: `k${i + 1}`, text: i === 0 ? widest(600) : proseOf(600, 1_800 + i), citations: cites(10) })),
      summary: `${widest(400)} ${proseOf(19_000, 1_900)} ${summaryCitations.map((c) => `[@${c.id}]`).join('')}`.slice(0, 20_000),
      citations: summaryCitations,
    },
    finalize: {
      brand: { primaryColor: '#f5d76e', secondaryColor: '#fef3c7', logo_key: '' },
      cover: { title: widest(300), subtitle: proseOf(300, 12), client: proseOf(200, 13), date: proseOf(60, 14), prepared_by: proseOf(200, 15), confidentiality: proseOf(300, 16) },
    },
  };
  const parsed = parseWizardData(raw);
  if (parsed.setAside.length) throw new Error(`largest fixture does not parse: ${parsed.setAside.map((s) => `${s.step}: ${s.problem}`).join('; ')}`);
  const wizard = parsed.data;
  const composed = composeAll({ data: wizard, report: { title: proseOf(300, 2), owner: proseOf(200, 3) }, organization: { name: proseOf(200, 1), sector: 'retail', geography: proseOf(200, 17) }, evidence });
  const titles = new Map(evidence.map((e) => [e.id, e.id === evidence[0]!.id ? sourceTitle : e.title]));
  const sections = composed.map((s) => ({ key: s.key, title: s.title, content: s.content, citations: s.citations }));
  const input = fixtureInput({ report: { id: reportId, title: proseOf(300, 2), owner: proseOf(200, 3) }, organizationName: proseOf(200, 1), wizard, sections, titles, visuals: new Map(), logo: null, now: new Date(Date.UTC(2025, 10, 22, 9, 30)) });
  return { reportId, wizard, evidence, visuals: [], sections, input };
}
