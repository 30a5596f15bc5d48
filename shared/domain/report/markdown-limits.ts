/**
 * How complex a report's markdown is, measured without parsing it (linear, no dependencies): the server
 * checks this on every save, the parser before it parses.
 */
import { CITATION_MARK } from './citations';

/**
 * Limits that keep parsing linear in practice. micromark resolves emphasis and brackets in time that grows
 * with the square of the unmatched markers (`a*` × 40,000 takes 20 s), and nesting multiplies its work
 * (100,000 nested quotes take a minute). Real reports stay far below these; the server refuses to save
 * content above them, and parsing degrades to plain paragraphs rather than stall.
 */
const MARKDOWN_LIMITS = { depth: 40, delimiterRuns: 4000, brackets: 4000 } as const;

/** Citation marks are swapped for private-use delimiters before parsing, so they cost micromark nothing. */
export const OPEN = '\uE000';
const CLOSE = '\uE001';
export const PROTECTED = /\uE000([A-Za-z0-9_][A-Za-z0-9_-]{0,63})\uE001/g;

/**
 * Markdown ready for the parser: citation marks `[@id]` protected (see above) and any stray private-use
 * delimiters in the text replaced. Call it on text given to react-markdown with remarkAssay; parseReportMarkdown
 * calls it itself.
 */
export function prepareMarkdown(markdown: string): string {
  return markdown.replace(/[\uE000\uE001]/g, '\uFFFD').replace(CITATION_MARK, (_, id: string) => `${OPEN}${id}${CLOSE}`);
}

export interface MarkdownComplexity {
  depth: number;
  delimiterRuns: number;
  brackets: number;
}

/** Counts what makes parsing slow, in one linear pass (citation marks excluded). */
export function markdownComplexity(markdown: string): MarkdownComplexity {
  const text = markdown.replace(CITATION_MARK, '');
  let delimiterRuns = 0;
  let brackets = 0;
  let previous = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if ((ch === '*' || ch === '_' || ch === '~') && ch !== previous) delimiterRuns++;
    else if (ch === '[' || ch === ']') brackets++;
    previous = ch;
  }
  return { depth: markdownDepth(text), delimiterRuns, brackets };
}

/** Why a text is too complex to parse safely, or null when it is fine. */
export function markdownTooComplex(markdown: string): string | null {
  const c = markdownComplexity(markdown);
  if (c.depth > MARKDOWN_LIMITS.depth) return `content nests lists or quotes more than ${MARKDOWN_LIMITS.depth} levels deep`;
  if (c.delimiterRuns > MARKDOWN_LIMITS.delimiterRuns) return `content has more than ${MARKDOWN_LIMITS.delimiterRuns} emphasis markers (* _ ~)`;
  if (c.brackets > MARKDOWN_LIMITS.brackets) return `content has more than ${MARKDOWN_LIMITS.brackets} square brackets`;
  return null;
}

/** Depth of nested block containers, measured cheaply on the source (linear time). */
function markdownDepth(markdown: string): number {
  let deepest = 0;
  for (const line of markdown.split('\n')) {
    let depth = 0;
    let spaces = 0;
    for (let i = 0; i < line.length && i < 2000; i++) {
      const ch = line[i]!;
      if (ch === '>') depth++;
      else if (ch === ' ') {
        spaces++;
        if (spaces % 2 === 0) depth++;
      } else if (ch === '\t') depth += 2;
      else if ((ch === '-' || ch === '*' || ch === '+') && line[i + 1] === ' ') depth++;
      else break;
    }
    if (depth > deepest) deepest = depth;
  }
  return deepest;
}

