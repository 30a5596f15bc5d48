/**
 * Compose (pure, deterministic): turns the wizard's step data into each section's markdown.
 *
 * Conventions of the composed markdown, which the editor, the preview and every exporter read:
 * - the section's title is not in its content (exports set it as a numbered level-1 heading);
 *   sub-headings inside a section are `##` and deeper;
 * - citations are `[@<citationId>]` right after the claim they support, and each one is listed in the
 *   section's `citations`;
 * - tables carry the structured parts: dimension scores, metrics, the SWOT 2×2 (two 2-column tables:
 *   Strengths | Weaknesses, then Opportunities | Threats), recommendations and the roadmap.
 */
import { DIMENSIONS } from '../../schemas/analysis';
import {
  type Citation,
  type Finding,
  SECTION_KEYS,
  SECTION_TITLES,
  type SectionKey,
  SWOT_QUADRANTS,
  SWOT_TITLES,
} from '../../schemas/report-document';
import type { WizardData } from '../../schemas/wizard';
import { wizardLabel } from '../options';
import { itemLabels } from './labels';
import { asTitle, splitFirstSentence } from './sentences';

export interface ComposeEvidence {
  id: string;
  title: string;
  type: 'file' | 'url' | 'interview';
  source: string;
  relevanceScore: number;
}

export interface ComposeInput {
  data: WizardData;
  report: { title: string; owner: string };
  organization: { name: string; sector: string; geography: string };
  /** the report's evidence, oldest first */
  evidence: readonly ComposeEvidence[];
}

export interface ComposedSection {
  key: SectionKey;
  title: string;
  content: string;
  citations: Citation[];
}

// ── markdown helpers ───────────────────────────────────────────────────────────────────────────────────

/** One line of text for a table cell: no line breaks, pipes escaped. */
const cell = (text: string) => text.replace(/\r?\n+/g, ' ').replace(/\|/g, '\\|').trim();

/** One paragraph (blank lines inside collapse to one line break). */
const paragraph = (text: string) => text.trim().replace(/\n\s*\n+/g, '\n');

function table(header: string[], rows: string[][], align?: ('l' | 'r')[]): string {
  const sep = header.map((_, i) => (align?.[i] === 'r' ? '---:' : '---'));
  return [header, sep, ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n');
}

/** Collects citations as they are cited, so each section lists exactly the ones its text uses. */
class Citations {
  private readonly byId = new Map<string, Citation>();
  mark(list: readonly Citation[]): string {
    const marks: string[] = [];
    for (const c of list) {
      if (!this.byId.has(c.id)) this.byId.set(c.id, stripServerFields(c));
      marks.push(`[@${c.id}]`);
    }
    return marks.join('');
  }
  get list(): Citation[] {
    return [...this.byId.values()];
  }
}

function stripServerFields(c: Citation): Citation {
  return { id: c.id, evidence_id: c.evidence_id, start: c.start, end: c.end, quote: c.quote, ...(c.range ? { range: c.range } : {}), ...(c.kpi_id ? { kpi_id: c.kpi_id } : {}) };
}

const withMarks = (text: string, marks: string) => (marks ? `${text.trim()} ${marks}` : text.trim());
const join = (...blocks: (string | false | undefined | null)[]) => blocks.filter((b): b is string => Boolean(b && b.trim())).join('\n\n');
const capitalise = (v: string) => v.charAt(0).toUpperCase() + v.slice(1);
const formatNumber = (v: number) => (Number.isInteger(v) ? v.toLocaleString('en-US') : v.toLocaleString('en-US', { maximumFractionDigits: 2 }));

function formatMetric(m: NonNullable<Finding['metric']>): string {
  const unit = m.unit.trim();
  // a currency unit is written before the number, its scale after: "£1.1m"
  const currency = /^[£$€¥₹]/.exec(unit)?.[0];
  const value = currency
    ? `${currency}${formatNumber(m.value)}${unit.slice(currency.length).trim()}`
    : unit === '%'
      ? `${formatNumber(m.value)}%`
      : unit
        ? `${formatNumber(m.value)} ${unit}`
        : formatNumber(m.value);
  return m.period.trim() ? `${value} (${m.period.trim()})` : value;
}

const orgName = (input: ComposeInput) => input.organization.name.trim() || input.data.setup?.organizationName.trim() || 'The organization';

// ── sections ───────────────────────────────────────────────────────────────────────────────────────────

function executiveSummary(input: ComposeInput): Omit<ComposedSection, 'key' | 'title'> {
  const s = input.data['executive-summary'];
  const cites = new Citations();
  if (!s) return { content: '', citations: [] };
  // the summary's own [@id] marks stay as written; list the citations it uses
  const used = new Set([...s.summary.matchAll(/\[@([A-Za-z0-9_][A-Za-z0-9_-]{0,63})\]/g)].map((m) => m[1]!));
  cites.mark(s.citations.filter((c) => used.has(c.id)));
  const messages = s.key_messages.map((k, i) => `${i + 1}. ${withMarks(paragraph(k.text).replace(/\n/g, ' '), cites.mark(k.citations))}`);
  return {
    content: join(s.summary.trim(), messages.length > 0 && `## Key messages\n\n${messages.join('\n')}`),
    citations: cites.list,
  };
}

function introduction(input: ComposeInput): Omit<ComposedSection, 'key' | 'title'> {
  const setup = input.data.setup;
  const o = input.data.objectives;
  const name = orgName(input);
  const sector = (input.organization.sector || setup?.sector || '').trim();
  const geography = (input.organization.geography || setup?.geography || '').trim();
  const profile = [sector && sector !== 'other' ? wizardLabel(sector) : '', geography].filter(Boolean).join(', ');
  const owner = input.report.owner.trim() || setup?.reportOwner.trim() || '';
  const opening = `This report, *${input.report.title.trim() || setup?.reportTitle.trim() || 'Business assessment'}*, assesses ${name}${profile ? ` (${profile})` : ''}${owner ? `. It was prepared by ${owner}` : ''}.`;
  const counts = { file: 0, url: 0, interview: 0 };
  for (const e of input.evidence) counts[e.type]++;
  const parts = [
    counts.file && `${counts.file} document${counts.file === 1 ? '' : 's'}`,
    counts.url && `${counts.url} web page${counts.url === 1 ? '' : 's'}`,
    counts.interview && `${counts.interview} interview${counts.interview === 1 ? '' : 's'}`,
  ].filter(Boolean) as string[];
  const evidenceLine = parts.length
    ? `The assessment draws on ${input.evidence.length} piece${input.evidence.length === 1 ? '' : 's'} of evidence: ${parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0]}.`
    : '';
  const scope = o && (o.inScope.trim() || o.outOfScope.trim())
    ? join(o.inScope.trim() && `**In scope:** ${paragraph(o.inScope)}`, o.outOfScope.trim() && `**Out of scope:** ${paragraph(o.outOfScope)}`)
    : '';
  const people = (setup?.stakeholders ?? []).filter((p) => p.name.trim() || p.role.trim());
  const stakeholders = people.length
    ? table(['Name', 'Role', 'Influence'], people.map((p) => [cell(p.name), cell(p.role), p.influence]))
    : '';
  return {
    content: join(
      opening,
      o?.purpose.trim() && `## Purpose\n\n${paragraph(o.purpose)}`,
      scope && `## Scope\n\n${scope}`,
      (o?.methodology.trim() || evidenceLine) && `## Methodology\n\n${join(o?.methodology.trim() ? paragraph(o.methodology) : '', evidenceLine)}`,
      stakeholders && `## Stakeholders\n\n${stakeholders}`,
    ),
    citations: [],
  };
}

function businessContext(input: ComposeInput): Omit<ComposedSection, 'key' | 'title'> {
  const c = input.data.context;
  if (!c) return { content: '', citations: [] };
  return {
    content: join(
      c.companyBackground.trim() && `## Company background\n\n${c.companyBackground.trim()}`,
      c.marketEnvironment.trim() && `## Market environment\n\n${c.marketEnvironment.trim()}`,
      c.internalContext.trim() && `## Internal context\n\n${c.internalContext.trim()}`,
    ),
    citations: [],
  };
}

function findingsSection(input: ComposeInput): Omit<ComposedSection, 'key' | 'title'> {
  const f = input.data.findings;
  if (!f) return { content: '', citations: [] };
  const labels = itemLabels(input.data);
  const cites = new Citations();
  const scoreRows = DIMENSIONS.map((d) => {
    const s = f.dimensions.find((x) => x.dimension === d);
    if (!s) return [d, '–', 'Not scored'];
    if (s.out_of_scope) return [d, '–', 'Out of scope'];
    const basis = s.basis.length ? `${s.basis.length} evidence item${s.basis.length === 1 ? '' : 's'}` : 'No evidence';
    const adjusted = s.computed_score !== null && s.computed_score !== s.score ? `; adjusted from ${s.computed_score}${s.note.trim() ? `: ${s.note.trim()}` : ''}` : '';
    return [d, `${s.score}/100`, cell(`${basis}${adjusted}`)];
  });
  const byDimension = DIMENSIONS.map((d) => {
    const list = f.findings.filter((x) => x.dimension === d);
    if (!list.length) return '';
    // prose, as a partner would sign it: each finding's action title (its statement's first sentence) as a heading
    // with its label and impact, then its argument (the rest of the statement: who reports the figure, what it
    // means) as a paragraph, its evidence in the notes; a statement of one sentence gives its figure as the paragraph
    const items = list.map((x) => {
      const { first, rest } = splitFirstSentence(x.statement);
      const metric = x.metric ? `${capitalise(cell(x.metric.name))}: ${formatMetric(x.metric)}.` : '';
      const marks = cites.mark(x.citations);
      const heading = `### ${cell(asTitle(first))} (${labels.findings.get(x.id)}, ${x.impact} impact)`;
      const body = rest || metric;
      return body ? `${heading}\n\n${withMarks(body, marks)}` : withMarks(heading, marks);
    });
    return `## ${d}\n\n${items.join('\n\n')}`;
  });
  const metrics = f.findings.filter((x) => x.metric);
  const metricsTable = metrics.length
    ? `## Key metrics\n\n${table(
        ['Metric', 'Value', 'Period', 'Finding'],
        metrics.map((x) => [cell(x.metric!.name), cell(formatMetric({ ...x.metric!, period: '' })), cell(x.metric!.period), labels.findings.get(x.id)!]),
        ['l', 'r', 'l', 'l'],
      )}`
    : '';
  return {
    content: join(`## Dimension scores\n\n${table(['Dimension', 'Score', 'Basis'], scoreRows, ['l', 'r', 'l'])}`, ...byDimension, metricsTable),
    citations: cites.list,
  };
}

function swotSection(input: ComposeInput): Omit<ComposedSection, 'key' | 'title'> {
  const s = input.data.swot;
  if (!s) return { content: '', citations: [] };
  const labels = itemLabels(input.data);
  const cites = new Citations();
  const cells = (q: (typeof SWOT_QUADRANTS)[number]) => {
    if (!s[q].length) return [s.none[q] ? 'None identified' : '–'];
    return s[q].map((item) => {
      const basis = item.finding_ids.map((id) => labels.findings.get(id)).filter(Boolean);
      const text = `**${labels.swot.get(item.id)}** ${cell(item.text)}${basis.length ? ` (${basis.join(', ')})` : ''}`;
      return withMarks(text, cites.mark(item.citations));
    });
  };
  const grid = (left: (typeof SWOT_QUADRANTS)[number], right: (typeof SWOT_QUADRANTS)[number]) => {
    const a = cells(left);
    const b = cells(right);
    const rows = Array.from({ length: Math.max(a.length, b.length) }, (_, i) => [a[i] ?? '', b[i] ?? '']);
    return table([SWOT_TITLES[left], SWOT_TITLES[right]], rows);
  };
  return { content: join(grid('strengths', 'weaknesses'), grid('opportunities', 'threats')), citations: cites.list };
}

function recommendationsSection(input: ComposeInput): Omit<ComposedSection, 'key' | 'title'> {
  const recs = input.data.recommendations?.items ?? [];
  if (!recs.length) return { content: '', citations: [] };
  const labels = itemLabels(input.data);
  const cites = new Citations();
  const overview = table(
    ['#', 'Recommendation', 'Priority', 'Impact', 'Effort', 'Owner'],
    recs.map((r) => [labels.recommendations.get(r.id)!, cell(r.title), capitalise(r.priority), `${r.impact}/5`, `${r.effort}/5`, cell(r.owner) || '–']),
    ['l', 'l', 'l', 'r', 'r', 'l'],
  );
  const details = recs.map((r, i) => {
    const addresses = [...r.finding_ids.map((id) => labels.findings.get(id)), ...r.swot_ids.map((id) => labels.swot.get(id))].filter(Boolean);
    const lines = [
      `${i + 1}. **${cell(r.title)}**${r.rationale.trim() ? ` ${withMarks(paragraph(r.rationale).replace(/\n/g, ' '), cites.mark(r.citations))}` : cites.mark(r.citations) ? ` ${cites.mark(r.citations)}` : ''}`,
      `   - Priority: ${capitalise(r.priority)}; impact ${r.impact}/5; effort ${r.effort}/5${r.deferred ? '; deferred' : ''}`,
      addresses.length ? `   - Addresses: ${addresses.join(', ')}` : '',
      r.owner.trim() ? `   - Owner: ${cell(r.owner)}` : '',
      r.kpi.trim() ? `   - Success measure: ${cell(r.kpi)}` : '',
    ];
    return lines.filter(Boolean).join('\n');
  });
  return { content: join(overview, details.join('\n')), citations: cites.list };
}

function roadmapSection(input: ComposeInput): Omit<ComposedSection, 'key' | 'title'> {
  const r = input.data.roadmap;
  const recs = input.data.recommendations?.items ?? [];
  if (!r || (!r.items.length && !recs.some((x) => x.deferred))) return { content: '', citations: [] };
  const labels = itemLabels(input.data);
  const recTitle = new Map(recs.map((x) => [x.id, x.title]));
  const phaseOrder = new Map(r.phases.map((p, i) => [p.id, i]));
  const items = [...r.items].sort(
    (a, b) => (phaseOrder.get(a.phase_id) ?? 99) - (phaseOrder.get(b.phase_id) ?? 99) || a.start_month - b.start_month || a.end_month - b.end_month,
  );
  const phaseName = new Map(r.phases.map((p) => [p.id, p.name]));
  const rows = items.map((i) => [
    cell(phaseName.get(i.phase_id) ?? '–'),
    `**${labels.roadmap.get(i.id)}** ${cell(i.title)}`,
    `${i.start_month}–${i.end_month}`,
    cell(i.owner) || '–',
    i.recommendation_id && recTitle.has(i.recommendation_id) ? `${labels.recommendations.get(i.recommendation_id)} ${cell(recTitle.get(i.recommendation_id)!)}` : '–',
  ]);
  // each phase says what happens in it (its actions), and when, unless its name already says so
  const phases = r.phases
    .map((p) => {
      const actions = items.filter((i) => i.phase_id === p.id).map((i) => i.title.trim().replace(/[.;]+$/, ''));
      const what = actions.length ? `${actions.slice(0, 3).join('; ')}${actions.length > 3 ? `; and ${actions.length - 3} more` : ''}` : 'no actions planned yet';
      const when = /\bmonths?\b/i.test(p.name) ? '' : ` (months ${p.start_month}–${p.end_month})`;
      return `- **${cell(p.name)}**${when}: ${cell(what)}`;
    })
    .join('\n');
  const deferred = recs.filter((x) => x.deferred);
  return {
    content: join(
      `## Phases\n\n${phases}`,
      rows.length > 0 && `## Actions\n\n${table(['Phase', 'Action', 'Months', 'Owner', 'Recommendation'], rows)}`,
      deferred.length > 0 && `## Deferred\n\n${deferred.map((x) => `- ${labels.recommendations.get(x.id)} ${cell(x.title)}`).join('\n')}`,
    ),
    citations: [],
  };
}

function conclusion(input: ComposeInput): Omit<ComposedSection, 'key' | 'title'> {
  const findings = input.data.findings?.findings ?? [];
  const recs = input.data.recommendations?.items ?? [];
  if (!findings.length && !recs.length) return { content: '', citations: [] };
  const name = orgName(input);
  const dims = new Set(findings.map((f) => f.dimension));
  const high = findings.filter((f) => f.impact === 'high').length;
  // the strongest and weakest dimensions are among those the findings speak to, each named with how many findings back it
  const backing = (d: string) => findings.filter((f) => f.dimension === d).length;
  const scores = (input.data.findings?.dimensions ?? []).filter((d) => !d.out_of_scope && backing(d.dimension) > 0);
  const best = [...scores].sort((a, b) => b.score - a.score || a.dimension.localeCompare(b.dimension))[0];
  const worst = [...scores].sort((a, b) => a.score - b.score || a.dimension.localeCompare(b.dimension))[0];
  const opening = `This assessment of ${name} records ${findings.length} finding${findings.length === 1 ? '' : 's'} ${dims.size === 6 ? 'across all six dimensions' : `across ${['no', 'one', 'two', 'three', 'four', 'five'][dims.size]} of the six dimensions`}${high ? `, ${high} of them of high impact` : ''}.`;
  const scoresLine = best && worst && best.dimension !== worst.dimension
    ? ` Of the dimensions its findings speak to, the evidence is strongest on ${best.dimension} (${best.score}/100, ${backing(best.dimension)} finding${backing(best.dimension) === 1 ? '' : 's'}) and weakest on ${worst.dimension} (${worst.score}/100, ${backing(worst.dimension)} finding${backing(worst.dimension) === 1 ? '' : 's'}).`
    : '';
  const order = { high: 0, medium: 1, low: 2 } as const;
  const top = [...recs].sort((a, b) => order[a.priority] - order[b.priority] || b.impact - a.impact || a.effort - b.effort).slice(0, 3);
  const priorities = top.length ? `The most important next moves are: ${top.map((r) => `*${r.title.trim()}*`).join('; ')}.` : '';
  const phases = input.data.roadmap?.phases ?? [];
  const first = phases[0];
  const firstItems = first ? (input.data.roadmap?.items ?? []).filter((i) => i.phase_id === first.id) : [];
  const nextSteps = first && firstItems.length
    ? `## Next steps\n\nIn the first phase (${first.name}): ${firstItems.map((i) => i.title.trim()).join('; ')}.`
    : '';
  return { content: join(`${opening}${scoresLine}`, priorities, nextSteps), citations: [] };
}

function appendices(input: ComposeInput): Omit<ComposedSection, 'key' | 'title'> {
  const typeLabel = { file: 'Document', url: 'Web page', interview: 'Interview' } as const;
  const sources = input.evidence.length
    ? `## Sources\n\n${table(
        ['#', 'Source', 'Type', 'Relevance'],
        input.evidence.map((e, i) => [String(i + 1), cell(e.title) + (e.type === 'url' && e.source ? ` (${cell(e.source)})` : ''), typeLabel[e.type], `${Math.round(e.relevanceScore * 100)}%`]),
        ['r', 'l', 'l', 'r'],
      )}`
    : '';
  const dims = input.data.findings?.dimensions ?? [];
  const method = dims.some((d) => d.basis.length)
    ? `## Scoring method\n\nEach dimension's score is the relevance-weighted mean of the evidence's dimension scores: Σ (relevance × dimension score) ÷ Σ relevance, on a scale of 0 to 100.\n\n${table(
        ['Dimension', 'Evidence', 'Relevance', 'Dimension score'],
        dims.flatMap((d) => d.basis.map((b) => [d.dimension, cell(b.title), `${Math.round(b.relevance * 100)}%`, `${Math.round(b.dimension_score * 100)}%`])),
        ['l', 'l', 'r', 'r'],
      )}`
    : '';
  return { content: join(sources, method), citations: [] };
}

const COMPOSERS: Record<SectionKey, (input: ComposeInput) => Omit<ComposedSection, 'key' | 'title'>> = {
  'executive-summary': executiveSummary,
  introduction,
  'business-context': businessContext,
  findings: findingsSection,
  swot: swotSection,
  recommendations: recommendationsSection,
  roadmap: roadmapSection,
  conclusion,
  appendices,
};

/** Which wizard steps each section is composed from (to recompose after a step changes). */
const SECTION_SOURCES: Record<SectionKey, readonly string[]> = {
  'executive-summary': ['executive-summary'],
  introduction: ['setup', 'objectives', 'data-intake'],
  'business-context': ['context'],
  findings: ['findings'],
  swot: ['swot', 'findings'],
  recommendations: ['recommendations', 'findings', 'swot'],
  roadmap: ['roadmap', 'recommendations'],
  conclusion: ['findings', 'recommendations', 'roadmap'],
  appendices: ['data-intake', 'findings'],
};

/** The sections a change to `step` affects. */
export const sectionsForStep = (step: string): SectionKey[] => SECTION_KEYS.filter((k) => SECTION_SOURCES[k].includes(step));

export function composeSection(key: SectionKey, input: ComposeInput): ComposedSection {
  return { key, title: SECTION_TITLES[key], ...COMPOSERS[key](input) };
}

export function composeAll(input: ComposeInput): ComposedSection[] {
  return SECTION_KEYS.map((k) => composeSection(k, input));
}
