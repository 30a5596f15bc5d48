/**
 * The report's markdown dialect, parsed once for every reader (DESIGN.md: "one remark plugin … used by the
 * preview and by every exporter"):
 * - GFM (tables, strikethrough, autolinks) through remark-gfm;
 * - citations `[@<citationId>]` become `citation` nodes, numbered in order of first appearance (or by the
 *   numbers the caller gives, so a whole report numbers its citations once);
 * - visuals `![caption](visual:<id>)` become `visual` nodes.
 * Raw HTML is never rendered: the sanitize schema below drops it, and the exporters ignore `html` nodes.
 */
import type { Parent, PhrasingContent, Root, RootContent } from 'mdast';
import { defaultSchema } from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified, type Plugin } from 'unified';
import { SKIP, visit } from 'unist-util-visit';
import { CITATION_MARK } from './citations';
import { markdownTooComplex, OPEN, prepareMarkdown, PROTECTED } from './markdown-limits';

export { markdownComplexity, markdownTooComplex, prepareMarkdown } from './markdown-limits';

export interface CitationNode {
  type: 'citation';
  id: string;
  /** 1-based number in the document being read */
  n: number;
  data?: { hName?: string; hProperties?: Record<string, unknown>; hChildren?: unknown[] };
}

export interface VisualNode {
  type: 'visual';
  id: string;
  caption: string;
  data?: { hName?: string; hProperties?: Record<string, unknown>; hChildren?: unknown[] };
}

declare module 'mdast' {
  interface PhrasingContentMap {
    citation: CitationNode;
    visual: VisualNode;
  }
  interface RootContentMap {
    citation: CitationNode;
    visual: VisualNode;
  }
}

const VISUAL_URL = /^visual:([A-Za-z0-9][A-Za-z0-9_-]{0,63})$/;

export interface RemarkAssayOptions {
  /** citation id → number, when numbering spans more than this tree (a whole report) */
  numbers?: ReadonlyMap<string, number>;
}

/** The remark plugin: citation and visual nodes, with hast hints so remark-rehype renders them as elements. */
export const remarkAssay: Plugin<[RemarkAssayOptions?], Root> = (options = {}) => (tree: Root) => {
  const numbers = new Map(options.numbers ?? []);
  const numberFor = (id: string) => {
    let n = numbers.get(id);
    if (n === undefined) {
      n = numbers.size + 1;
      numbers.set(id, n);
    }
    return n;
  };
  visit(tree, (node, index, parent) => {
    if (!parent || index === undefined) return;
    if (node.type === 'image') {
      const m = VISUAL_URL.exec((node).url);
      if (!m) return;
      const caption = (node).alt ?? '';
      const visual: VisualNode = {
        type: 'visual',
        id: m[1]!,
        caption,
        data: { hName: 'span', hProperties: { className: ['visual'], dataVisual: m[1]!, dataCaption: caption }, hChildren: [{ type: 'text', value: caption }] },
      };
      (parent as Parent).children.splice(index, 1, visual as unknown as RootContent);
      return [SKIP, index + 1];
    }
    if (node.type !== 'text') return;
    const value = (node).value;
    const protectedMarks = value.includes(OPEN);
    if (!protectedMarks && !value.includes('[@')) return;
    const parts: PhrasingContent[] = [];
    let at = 0;
    for (const m of value.matchAll(protectedMarks ? PROTECTED : CITATION_MARK)) {
      if (m.index > at) parts.push({ type: 'text', value: value.slice(at, m.index) });
      const id = m[1]!;
      const n = numberFor(id);
      parts.push({
        type: 'citation',
        id,
        n,
        data: { hName: 'sup', hProperties: { className: ['citation'], dataCitation: id, dataN: n }, hChildren: [{ type: 'text', value: String(n) }] },
      });
      at = m.index + m[0].length;
    }
    if (!parts.length) return;
    if (at < value.length) parts.push({ type: 'text', value: value.slice(at) });
    (parent as Parent).children.splice(index, 1, ...(parts as RootContent[]));
    return [SKIP, index + parts.length];
  });
};

const processor = unified().use(remarkParse).use(remarkGfm);

/** Parses report markdown into an mdast tree with citation and visual nodes. Never throws. */
export function parseReportMarkdown(markdown: string, options: RemarkAssayOptions = {}): Root {
  const transform = remarkAssay.call(processor as never, options)! as (tree: Root) => void;
  const plain = (): Root => {
    const tree: Root = {
      type: 'root',
      children: markdown
        .split(/\n\s*\n/)
        .filter((p) => p.trim())
        .map((p) => ({ type: 'paragraph', children: [{ type: 'text', value: p.trim() }] })),
    };
    transform(tree);
    return tree;
  };
  if (markdownTooComplex(markdown)) return plain();
  try {
    const tree = processor.parse(prepareMarkdown(markdown));
    transform(tree);
    return tree;
  } catch {
    // pathological input the checks did not foresee: keep the text, as plain paragraphs
    return plain();
  }
}

/** The citation ids of a parsed tree, in order of first appearance. */
export function citationOrder(tree: Root): string[] {
  const order: string[] = [];
  const seen = new Set<string>();
  visit(tree, 'citation', (node: CitationNode) => {
    if (!seen.has(node.id)) {
      seen.add(node.id);
      order.push(node.id);
    }
  });
  return order;
}

/**
 * rehype-sanitize's schema for the preview: GitHub's defaults (no raw HTML, no `javascript:` or other
 * unsafe URLs, no event handlers), plus the citation superscripts and visual placeholders the plugin makes.
 */
export const reportSanitizeSchema = {
  ...defaultSchema,
  attributes: {
    ...defaultSchema.attributes,
    sup: [...(defaultSchema.attributes?.sup ?? []), ['className', 'citation'], 'dataCitation', 'dataN'],
    span: [...(defaultSchema.attributes?.span ?? []), ['className', 'visual'], 'dataVisual', 'dataCaption'],
  },
  // no `user-content-` prefix on ids: the preview has no ids that could clobber the page's
  clobberPrefix: 'report-',
};
