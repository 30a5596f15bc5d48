/**
 * The export model: ONE structure every exporter (docx.ts, pdf.ts, pptx/) reads, built from the report
 * document only (DESIGN.md "The report document"). Pure: the loader (load.ts) reads the stores, this turns
 * what it read into
 * - the selected sections in report order, each parsed once by the shared markdown dialect (remarkAssay)
 *   and walked into blocks (headings numbered, paragraphs, lists, tables with column weights, quotes, code,
 *   figures for `![caption](visual:id)`, the SWOT 2×2);
 * - citations numbered across the whole document in order of first appearance, with their sources' titles
 *   and quoted passages;
 * - the brand (colours, the text colour that reads on them, the logo) and the cover.
 * Nothing here regexes markdown: every structure comes from the parsed tree.
 */
import type { PhrasingContent, Root, RootContent, Table } from 'mdast';
import { INK, textColourOn, tint } from '@shared/domain/brand';
import { citationOrder, parseReportMarkdown } from '@shared/domain/report/markdown';
import { exportsTexts } from '@shared/messages/exports';
import type { Citation, FinalizeData, RoadmapData, SectionKey, SwotQuadrant } from '@shared/schemas/report-document';
import { DEFAULT_PRIMARY_COLOR, SWOT_QUADRANTS, SWOT_TITLES } from '@shared/schemas/report-document';
import type { Block, ExportFigure, FigureBlock, Run, SwotBlock } from './blocks';
import type { ExportExtraKey, ExtraSectionInput } from './extras';
import { buildStory, type ExportStory, type StorySteps } from './story';

// ── the model ──────────────────────────────────────────────────────────────────────────────────────────

export interface ExportCitation {
  /** the document-wide number */
  n: number;
  id: string;
  sourceTitle: string;
  quote: string;
  /** the evidence was deleted since it was cited */
  broken: boolean;
  /** a KPI's citation: the cells it was computed from (`P&L!D5:D12`), cited instead of a quote */
  range?: string;
}

/** A section of the report, or one of the export's optional sections (comparison, benchmark). */
export type ExportSectionKey = SectionKey | ExportExtraKey;

export interface ExportSection {
  key: ExportSectionKey;
  title: string;
  /** 1-based, in the exported document */
  number: number;
  version: number;
  anchor: string;
  /** the parsed tree (the dialect's mdast, citation and visual nodes included) */
  tree: Root;
  blocks: Block[];
  /** the citation numbers this section uses, in order of first appearance */
  citations: number[];
}

export interface ExportLogo {
  kind: 'png' | 'jpg' | 'svg';
  bytes: Uint8Array;
  /** pixels (SVG: its user units) */
  width: number;
  height: number;
}

export interface ExportBrand {
  primary: string;
  secondary: string;
  /** the text colour that reads on `primary` (white where WCAG AA allows, else dark ink) */
  onPrimary: string;
  /** the secondary colour, or a light tint of the primary */
  accent: string;
  /** a very light tint of the primary, for table stripes and boxes */
  wash: string;
  ink: string;
  logo: ExportLogo | null;
}

export interface ExportCover {
  title: string;
  subtitle: string;
  client: string;
  date: string;
  preparedBy: string;
  confidentiality: string;
}

export interface ExportModel {
  reportId: string;
  title: string;
  cover: ExportCover;
  brand: ExportBrand;
  sections: ExportSection[];
  /** every citation the exported sections use, by number (index n - 1) */
  citations: ExportCitation[];
  /** the roadmap's step data, for the deck's gantt (null when there is none) */
  roadmap: RoadmapData | null;
  /** the storyline from the step data (the deck's summary, themes, scores, SWOT and recommendations) */
  story: ExportStory;
  providerName: string;
  generatedAt: Date;
}

// ── what the loader hands over ─────────────────────────────────────────────────────────────────────────

export interface ExportSectionInput {
  key: SectionKey;
  title: string;
  content: string;
  version: number;
  /** the section's citations, marked by the server (source_title, broken) */
  citations: readonly Citation[];
}

export interface ExportInput {
  report: { id: string; title: string; owner: string };
  organizationName: string;
  /** step 10's data (brand and cover), or null when the step was never saved */
  finalize: FinalizeData | null;
  /** the organization's brand settings: the default when step 10 has none */
  organizationBrand: { primaryColor?: string; secondaryColor?: string } | null;
  /** the selected sections, any order (the model puts them in report order) */
  sections: readonly ExportSectionInput[];
  visuals: ReadonlyMap<string, ExportFigure>;
  roadmap: RoadmapData | null;
  /** the steps the storyline is told from (findings, SWOT, recommendations, executive summary), citations marked */
  steps?: StorySteps | null;
  logo: ExportLogo | null;
  providerName: string;
  now: Date;
  /** the optional sections asked for, after the report's own */
  extras?: readonly ExtraSectionInput[];
}

// ── links ──────────────────────────────────────────────────────────────────────────────────────────────

/** Only web and mail links become links in a document; `javascript:`, `file:` and relative ones stay text. */
export function safeLink(url: string): string | undefined {
  const trimmed = url.trim();
  if (!/^(https?:\/\/|mailto:)/i.test(trimmed)) return undefined;
  try {
    const u = new URL(trimmed);
    return u.protocol === 'http:' || u.protocol === 'https:' || u.protocol === 'mailto:' ? u.href : undefined;
  } catch {
    return undefined;
  }
}

// ── inline content ─────────────────────────────────────────────────────────────────────────────────────

type Marks = Omit<Run, 'text' | 'break' | 'citation'>;
const d = exportsTexts.document;

/** Phrasing content → runs. Visual nodes are not text (the block walker lifts them out); nested ones read as their caption. */
function inlineRuns(nodes: readonly PhrasingContent[], marks: Marks = {}): Run[] {
  const out: Run[] = [];
  const push = (text: string, extra: Marks = {}) => {
    if (text) out.push({ text, ...marks, ...extra });
  };
  for (const node of nodes) {
    switch (node.type) {
      case 'text':
        push(node.value);
        break;
      case 'strong':
        out.push(...inlineRuns(node.children, { ...marks, bold: true }));
        break;
      case 'emphasis':
        out.push(...inlineRuns(node.children, { ...marks, italic: true }));
        break;
      case 'delete':
        out.push(...inlineRuns(node.children, { ...marks, strike: true }));
        break;
      case 'inlineCode':
        push(node.value, { code: true });
        break;
      case 'break':
        out.push({ text: '', break: true });
        break;
      case 'link': {
        const link = safeLink(node.url);
        out.push(...inlineRuns(node.children, link ? { ...marks, link } : marks));
        break;
      }
      case 'linkReference':
        out.push(...inlineRuns(node.children, marks));
        break;
      case 'image':
      case 'imageReference':
        push(d.image(node.alt ?? ''), { italic: true });
        break;
      case 'footnoteReference':
        push(`(${node.label ?? node.identifier})`);
        break;
      case 'citation':
        out.push({ text: '', citation: (node).n });
        break;
      case 'visual':
        push(`[${(node).caption}]`, { italic: true });
        break;
      // raw HTML is never rendered (DESIGN.md: markdown sanitized before rendering)
      default:
        break;
    }
  }
  return out;
}

/** The text of runs, citation marks left out. */
export const plainText = (runs: readonly Run[]): string => runs.map((r) => (r.break ? '\n' : r.text)).join('');

/** A chart's text alternative: its title and what it draws, row by row (for screen readers). */
export function altText(f: FigureBlock): string {
  if (!f.figure) return f.caption;
  const { data, visual } = f.figure;
  if (data.message) return `${visual.title}: ${data.message}`;
  const rows = data.rows.slice(0, 12).map((r) => r.join(': '));
  return [`${visual.title}.`, data.columns.join(', '), ...rows].join(' ').slice(0, 1500);
}

/** Runs without leading and trailing white space (a paragraph's edges). */
function trimRuns(runs: Run[]): Run[] {
  const out = runs.map((r) => ({ ...r }));
  while (out.length && !out[0]!.citation && !out[0]!.break && !out[0]!.text.trim()) out.shift();
  while (out.length && !out.at(-1)!.citation && !out.at(-1)!.break && !out.at(-1)!.text.trim()) out.pop();
  if (out.length && out[0]!.text) out[0]!.text = out[0]!.text.replace(/^\s+/, '');
  if (out.length && out.at(-1)!.text) out.at(-1)!.text = out.at(-1)!.text.replace(/\s+$/, '');
  return out;
}

// ── tables ─────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Relative column widths from the content (LibreOffice and Google Docs mis-size tables without explicit
 * widths): short columns (numbers, scores) stay narrow, prose columns get the room.
 */
export function columnWeights(header: readonly Run[][], rows: readonly Run[][][]): number[] {
  return header.map((h, c) => {
    const cells = rows.map((r) => plainText(r[c] ?? []));
    const longest = Math.max(plainText(h).length, ...cells.map((t) => Math.max(0, ...t.split(/\s+/).map((w) => w.length))));
    const mean = cells.length ? cells.reduce((s, t) => s + t.length, 0) / cells.length : 0;
    return Math.min(60, Math.max(4, longest, Math.min(mean, 60) * 0.9));
  });
}

/**
 * The longest words of each column of a table, its header's first (bold), at most `per` of each: a writer
 * measures them in its font to keep every word whole (a column is never narrower than its longest word).
 */
export function longestWords(header: readonly Run[][], rows: readonly Run[][][], per = 3): { head: string; body: string[] }[] {
  return header.map((h, c) => {
    const head = plainText(h).split(/\s+/).reduce((a, w) => (w.length > a.length ? w : a), '');
    const top: string[] = [];
    for (const row of rows) {
      for (const w of plainText(row[c] ?? []).split(/\s+/)) {
        if (top.length < per) top.push(w);
        else if (w.length > top[top.length - 1]!.length) top[top.length - 1] = w;
        else continue;
        top.sort((a, b) => b.length - a.length);
      }
    }
    return { head, body: top };
  });
}

/**
 * Column widths summing to `total`: in proportion to `weights`, none below its minimum (what a narrower column
 * gets is taken from the columns above their minimums, in proportion to their room); in proportion alone when
 * the minimums together do not fit.
 */
export function fitWidths(weights: readonly number[], mins: readonly number[], total: number): number[] {
  const sum = weights.reduce((a, b) => a + b, 0) || 1;
  const widths = weights.map((w) => (w / sum) * total);
  if (mins.reduce((a, b) => a + b, 0) > total) return widths;
  for (let pass = 0; pass < widths.length; pass++) {
    const short = widths.reduce((a, w, i) => a + Math.max(0, mins[i]! - w), 0);
    if (short <= 1e-6) break;
    const room = widths.reduce((a, w, i) => a + Math.max(0, w - mins[i]!), 0);
    widths.forEach((w, i) => {
      widths[i] = w < mins[i]! ? mins[i]! : w - (short * (w - mins[i]!)) / room;
    });
  }
  return widths;
}

function tableBlock(node: Table): Block {
  const [head, ...body] = node.children;
  const cols = Math.max(1, ...node.children.map((r) => r.children.length));
  const cellsOf = (row: Table['children'][number] | undefined) =>
    Array.from({ length: cols }, (_, i) => trimRuns(inlineRuns(row?.children[i]?.children ?? [])));
  const header = cellsOf(head);
  const rows = body.map(cellsOf);
  return { kind: 'table', align: Array.from({ length: cols }, (_, i) => (node.align?.[i]) ?? null), header, rows, weights: columnWeights(header, rows) };
}

// ── blocks ─────────────────────────────────────────────────────────────────────────────────────────────

interface WalkState {
  section: number;
  sectionKey: string;
  /** counters of numbered headings below the section's own: [level 2, level 3] */
  counters: [number, number];
  headingIndex: number;
  figure: () => number;
  figures: ReadonlyMap<string, ExportFigure>;
}

/** A paragraph whose phrasing holds visuals splits into text paragraphs and figures, in order. */
function paragraphBlocks(children: readonly PhrasingContent[], state: WalkState): Block[] {
  const out: Block[] = [];
  let pending: PhrasingContent[] = [];
  const flush = () => {
    const runs = trimRuns(inlineRuns(pending));
    if (runs.length) out.push({ kind: 'paragraph', runs });
    pending = [];
  };
  for (const child of children) {
    if (child.type === 'visual') {
      flush();
      const v = child;
      out.push({ kind: 'figure', n: state.figure(), visualId: v.id, caption: v.caption.trim(), figure: state.figures.get(v.id) ?? null });
    } else pending.push(child);
  }
  flush();
  return out;
}

function walk(nodes: readonly RootContent[], state: WalkState): Block[] {
  const out: Block[] = [];
  for (const node of nodes) {
    switch (node.type) {
      case 'heading': {
        // the section's title is the level-1 heading; headings inside it start at level 2 (`#` reads as `##`)
        const level = Math.min(4, Math.max(2, node.depth)) as 2 | 3 | 4;
        let number = '';
        if (level === 2) {
          state.counters = [state.counters[0] + 1, 0];
          number = `${state.section}.${state.counters[0]}`;
        } else if (level === 3) {
          state.counters = [state.counters[0], state.counters[1] + 1];
          number = `${state.section}.${Math.max(1, state.counters[0])}.${state.counters[1]}`;
        }
        const runs = trimRuns(inlineRuns(node.children));
        out.push({ kind: 'heading', level, number, runs, text: plainText(runs), anchor: `h-${state.sectionKey}-${++state.headingIndex}` });
        break;
      }
      case 'paragraph':
        out.push(...paragraphBlocks(node.children, state));
        break;
      case 'list':
        out.push({
          kind: 'list',
          ordered: Boolean(node.ordered),
          start: node.start ?? 1,
          items: node.children.map((item) => walk(item.children, state)),
        });
        break;
      case 'table':
        out.push(tableBlock(node));
        break;
      case 'blockquote':
        out.push({ kind: 'quote', blocks: walk(node.children, state) });
        break;
      case 'code':
        out.push({ kind: 'code', text: node.value });
        break;
      case 'thematicBreak':
        out.push({ kind: 'rule' });
        break;
      case 'footnoteDefinition': {
        const inner = walk(node.children, state);
        const first = inner[0];
        if (first?.kind === 'paragraph') first.runs.unshift({ text: `(${node.label ?? node.identifier}) ` });
        out.push(...inner);
        break;
      }
      // html (never rendered), definitions (used by references), anything unknown
      default:
        break;
    }
  }
  return out;
}

/**
 * The SWOT 2×2: compose writes it as two two-column tables (Strengths | Weaknesses, Opportunities | Threats).
 * Where a section holds both, they become one 2×2 block at the first one's place; anything else stays a table.
 */
function liftSwot(blocks: Block[]): Block[] {
  const titleOf = (b: Block) => (b.kind === 'table' && b.header.length === 2 ? b.header.map((h) => plainText(h).trim().toLowerCase()) : null);
  const want = (a: SwotQuadrant, b: SwotQuadrant) => (t: string[] | null) => t !== null && t[0] === SWOT_TITLES[a].toLowerCase() && t[1] === SWOT_TITLES[b].toLowerCase();
  const top = blocks.findIndex((b) => want('strengths', 'weaknesses')(titleOf(b)));
  const bottom = blocks.findIndex((b) => want('opportunities', 'threats')(titleOf(b)));
  if (top < 0 || bottom < 0) return blocks;
  const column = (i: number, c: number) =>
    (blocks[i] as Extract<Block, { kind: 'table' }>).rows.map((r) => r[c] ?? []).filter((cell) => plainText(cell).trim() !== '');
  const items: Record<SwotQuadrant, Run[][]> = {
    strengths: column(top, 0),
    weaknesses: column(top, 1),
    opportunities: column(bottom, 0),
    threats: column(bottom, 1),
  };
  const swot: SwotBlock = { kind: 'swot', quadrants: SWOT_QUADRANTS.map((q) => ({ key: q, title: SWOT_TITLES[q], items: items[q] })) };
  const first = Math.min(top, bottom);
  return blocks.flatMap((b, i) => (i === first ? [swot] : i === top || i === bottom ? [] : [b]));
}

// ── the cover and the brand ────────────────────────────────────────────────────────────────────────────

const HEX = /^#[0-9a-fA-F]{6}$/;

function resolveBrand(finalize: FinalizeData | null, organization: ExportInput['organizationBrand'], logo: ExportLogo | null): ExportBrand {
  const primary = [finalize?.brand.primaryColor, organization?.primaryColor].find((c): c is string => Boolean(c && HEX.test(c))) ?? DEFAULT_PRIMARY_COLOR;
  const secondary = [finalize?.brand.secondaryColor, finalize ? '' : organization?.secondaryColor].find((c): c is string => Boolean(c && HEX.test(c))) ?? '';
  return {
    primary: primary.toLowerCase(),
    secondary: secondary.toLowerCase(),
    onPrimary: textColourOn(primary),
    accent: (secondary || tint(primary, 0.35)).toLowerCase(),
    wash: tint(primary, 0.92),
    ink: INK,
    logo,
  };
}

/** "22 November 2025", as a cover shows a date. */
const coverDate = (at: Date): string => at.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

function resolveCover(input: Pick<ExportInput, 'finalize' | 'report' | 'organizationName' | 'now'>): ExportCover {
  const c = input.finalize?.cover;
  const pick = (value: string | undefined, fallback: string) => (value?.trim() ? value.trim() : fallback);
  return {
    title: pick(c?.title, input.report.title.trim() || 'Report'),
    subtitle: pick(c?.subtitle, ''),
    client: pick(c?.client, input.organizationName.trim()),
    date: pick(c?.date, coverDate(input.now)),
    preparedBy: pick(c?.prepared_by, input.report.owner.trim()),
    confidentiality: pick(c?.confidentiality, ''),
  };
}

// ── the model ──────────────────────────────────────────────────────────────────────────────────────────

const REPORT_ORDER: readonly SectionKey[] = ['executive-summary', 'introduction', 'business-context', 'findings', 'swot', 'recommendations', 'roadmap', 'conclusion', 'appendices'];

export function buildExportModel(input: ExportInput): ExportModel {
  const own = [...input.sections].sort((a, b) => REPORT_ORDER.indexOf(a.key) - REPORT_ORDER.indexOf(b.key));
  // the optional sections come after the report's own, with their charts among the figures
  const ordered: { key: ExportSectionKey; title: string; content: string; version: number; citations: readonly Citation[] }[] = [
    ...own,
    ...(input.extras ?? []).map((e) => ({ key: e.key, title: e.title, content: e.content, version: 0, citations: [] })),
  ];
  const figures = new Map([...input.visuals, ...(input.extras ?? []).flatMap((e) => [...e.figures])]);
  const citationDefs = new Map<string, Citation>();
  for (const s of ordered) for (const c of s.citations) if (!citationDefs.has(c.id)) citationDefs.set(c.id, c);

  // one numbering for the whole document: each section is parsed with the numbers given so far
  const numbers = new Map<string, number>();
  let figure = 0;
  const sections: ExportSection[] = ordered.map((s, i) => {
    const tree = parseReportMarkdown(s.content, { numbers });
    const order = citationOrder(tree);
    for (const id of order) if (!numbers.has(id)) numbers.set(id, numbers.size + 1);
    const state: WalkState = { section: i + 1, sectionKey: s.key, counters: [0, 0], headingIndex: 0, figure: () => ++figure, figures };
    const walked = quotesToNotes(walk(tree.children, state), (n) => [...citationDefs.values()].find((c) => numbers.get(c.id) === n)?.quote ?? '');
    return {
      key: s.key,
      title: s.title,
      number: i + 1,
      version: s.version,
      anchor: `s-${s.key}`,
      tree,
      blocks: s.key === 'swot' ? liftSwot(walked) : walked,
      citations: order.map((id) => numbers.get(id)!),
    };
  });

  // the storyline: step citations keep the numbers the sections gave them; one no section uses is numbered next
  const register = (c: Citation) => {
    if (!citationDefs.has(c.id)) citationDefs.set(c.id, c);
    if (!numbers.has(c.id)) numbers.set(c.id, numbers.size + 1);
    return numbers.get(c.id)!;
  };
  const exportCitation = (id: string, n: number): ExportCitation => {
    const c = citationDefs.get(id);
    return { n, id, sourceTitle: c?.source_title?.trim() || d.sourceUnknown, quote: c?.quote ?? '', broken: Boolean(c?.broken) || !c, ...(c?.range ? { range: c.range } : {}) };
  };
  const story = buildStory(input.steps, new Set(own.map((s) => s.key)), {
    number: register,
    note: (n) => {
      const id = [...numbers].find(([, m]) => m === n)?.[0];
      return id === undefined ? null : citationNote(exportCitation(id, n));
    },
    paragraphs: (markdown, list) => {
      for (const c of list) if (!citationDefs.has(c.id)) citationDefs.set(c.id, c);
      const tree = parseReportMarkdown(markdown, { numbers });
      for (const id of citationOrder(tree)) if (!numbers.has(id)) numbers.set(id, numbers.size + 1);
      let none = 0;
      const state: WalkState = { section: 0, sectionKey: 'story', counters: [0, 0], headingIndex: 0, figure: () => ++none, figures: new Map() };
      return [...allBlocks(walk(tree.children, state))].filter((b): b is Extract<Block, { kind: 'paragraph' }> => b.kind === 'paragraph').map((b) => b.runs);
    },
  });

  const citations: ExportCitation[] = [...numbers].map(([id, n]) => exportCitation(id, n));
  citations.sort((a, b) => a.n - b.n);

  return {
    reportId: input.report.id,
    title: resolveCover(input).title,
    cover: resolveCover(input),
    brand: resolveBrand(input.finalize, input.organizationBrand, input.logo),
    sections,
    citations,
    roadmap: input.roadmap && input.roadmap.items.length ? input.roadmap : null,
    story,
    providerName: input.providerName,
    generatedAt: input.now,
  };
}

/**
 * Quotations belong in the notes: a block quote that only repeats the passage its own citation quotes (the
 * words inside the passage, citation marks after them) leaves the body, and its marks move to the end of the
 * paragraph before it, whose note shows the passage in full. Any other block quote (a person's own words,
 * uncited) stays.
 */
export function quotesToNotes(blocks: Block[], quoteOf: (n: number) => string): Block[] {
  const words = (t: string) => t.toLowerCase().replace(/[“”"‘’'«»]/g, '').replace(/[^\p{L}\p{N}%.,]+/gu, ' ').trim();
  const out: Block[] = [];
  for (const b of blocks) {
    const prev = out.at(-1);
    if (b.kind === 'quote' && prev?.kind === 'paragraph' && b.blocks.length && b.blocks.every((q) => q.kind === 'paragraph')) {
      const runs = b.blocks.flatMap((q) => (q.kind === 'paragraph' ? q.runs : []));
      const marks = runs.filter((r) => r.citation !== undefined);
      const said = words(plainText(runs));
      const repeated = marks.length > 0 && said.length > 0 && marks.some((m) => words(quoteOf(m.citation!)).includes(said));
      if (repeated) {
        out[out.length - 1] = { kind: 'paragraph', runs: [...prev.runs, ...marks.map((m) => ({ text: '', citation: m.citation! }))] };
        continue;
      }
    }
    out.push(b);
  }
  return out;
}

/**
 * The text a note shows for a citation: its source and the quoted passage; a KPI's citation names its file and cells
 * instead of a quote ("Source: FY2024 management accounts.xlsx, P&L!D5:D12").
 */
export function citationNote(c: ExportCitation): { source: string; quote: string } {
  if (c.range && !c.broken) return { source: d.sourceRange(c.sourceTitle, c.range), quote: '' };
  return { source: c.broken ? `${c.sourceTitle} (${d.sourceDeleted})` : c.sourceTitle, quote: c.quote.replace(/\s+/g, ' ').trim() };
}

/** Every block of a list, walked depth first (for counting, finding figures, …). */
export function* allBlocks(blocks: readonly Block[]): Generator<Block> {
  for (const b of blocks) {
    yield b;
    if (b.kind === 'list') for (const item of b.items) yield* allBlocks(item);
    if (b.kind === 'quote') yield* allBlocks(b.blocks);
  }
}
