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
import type { ExportFigure, ExportInput, ExportLogo } from '../../functions/domain/exports/model';
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
/** about 20 pages with 60 citations (the issue's benchmark): 28 findings + 16 SWOT items + 10 recommendations + 4 key messages + 2 in the summary */
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
  const titles = new Map(evidence.map((e) => [e.id, e.title]));
  const source = { data: wizard, evidence: evidence.map((e) => ({ id: e.id, title: e.title, type: e.type, linkedDimensions: [...DIMENSIONS.slice(0, 2)], relevanceScore: e.relevanceScore })) };
  const figures = new Map<string, ExportFigure>(visuals.map((v) => [v.id, { visual: v, data: bindChartData(v, source) }]));
  const input: ExportInput = {
    report: { id: reportId, title: 'Nordlicht Operating Review', owner: 'Jane Smith' },
    organizationName: 'Nordlicht Retail AB',
    finalize: wizard.finalize ?? null,
    organizationBrand: null,
    sections: sections.map((s, i) => ({ ...s, version: i + 1, citations: s.citations.map((c) => ({ ...c, source_title: titles.get(c.evidence_id) ?? 'Unknown' })) })),
    visuals: figures,
    roadmap: wizard.roadmap ?? null,
    logo: opts.logo ?? null,
    providerName: 'Assay Analytics',
    now: new Date(Date.UTC(2025, 10, 22, 9, 30)),
  };
  return { reportId, wizard, evidence, visuals, sections, input };
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
