/**
 * URL evidence: the readable text of a web page (Mozilla Readability on a linkedom DOM), plain text as it
 * is, or a PDF's bytes for extractText. Fetching goes through safeFetch (SSRF-safe).
 */
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { withStatus } from '../../lib/errors';
import { safeFetch, type SafeFetchOptions, type SafeFetchResponse } from '../../lib/net/safe-fetch';

/** The URL answered with content that cannot be read as evidence. */
export class UnsupportedContentError extends withStatus(422) {}

const SKIP = new Set(['script', 'style', 'noscript', 'template', 'svg', 'iframe', 'object', 'embed', 'canvas', 'head']);
const BLOCK = new Set([
  'address', 'article', 'aside', 'blockquote', 'body', 'br', 'caption', 'dd', 'details', 'div', 'dl', 'dt', 'figcaption',
  'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'nav', 'ol', 'p', 'pre',
  'section', 'summary', 'table', 'tbody', 'thead', 'tfoot', 'tr', 'ul',
]);

interface NodeLike {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<NodeLike>;
}

/** What this file reads of a linkedom document (linkedom's own types need the DOM library, which functions/ does not load). */
interface ParsedDocument {
  title?: string;
  body?: unknown;
  documentElement: unknown;
}
const parseDocument = (markup: string) => (parseHTML(markup) as unknown as { document: ParsedDocument }).document;

/**
 * Text of a DOM subtree with block elements as paragraphs (separated by blank lines), white space collapsed.
 * Iterative (an explicit stack), so a page nested 100,000 elements deep cannot overflow the call stack.
 */
function blockText(root: NodeLike): string {
  const paragraphs: string[] = [];
  let line = '';
  const flush = () => {
    const text = line.replace(/\s+/g, ' ').trim();
    if (text) paragraphs.push(text);
    line = '';
  };
  // frames: a node whose children are being walked (and whether it is a block), or a marker to flush after a block
  const stack: Array<{ node: NodeLike; index: number; block: boolean }> = [{ node: root, index: 0, block: false }];
  while (stack.length) {
    const frame = stack[stack.length - 1]!;
    if (frame.index >= frame.node.childNodes.length) {
      stack.pop();
      if (frame.block) flush();
      continue;
    }
    const child = frame.node.childNodes[frame.index++]!;
    if (child.nodeType === 3) {
      line += child.textContent ?? '';
    } else if (child.nodeType === 1) {
      const tag = child.nodeName.toLowerCase();
      if (SKIP.has(tag)) continue;
      const block = BLOCK.has(tag);
      if (block) flush();
      if (tag === 'td' || tag === 'th') line += ' ';
      stack.push({ node: child, index: 0, block });
    }
  }
  flush();
  return paragraphs.join('\n\n');
}

/** Pages nested deeper than this skip Readability (whose work grows steeply with depth) for the plain walk. */
const READABILITY_MAX_DEPTH = 64;
/** Pages nested deeper than this are not parsed into a DOM at all: their text is read by stripTags. */
const DOM_MAX_DEPTH = 512;

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);

/** How deeply the markup nests its elements, in one linear pass (an estimate: unclosed tags count as open). */
export function htmlDepth(html: string): number {
  let depth = 0;
  let deepest = 0;
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) break;
    const next = html.charCodeAt(lt + 1);
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      i = end < 0 ? html.length : end + 3;
      continue;
    }
    const gt = html.indexOf('>', lt + 1);
    if (gt < 0) break;
    if (next === 0x2f /* / */) depth = Math.max(0, depth - 1);
    else if ((next >= 0x41 && next <= 0x5a) || (next >= 0x61 && next <= 0x7a)) {
      let e = lt + 1;
      while (e < gt && /[A-Za-z0-9]/.test(html[e]!)) e++;
      const name = html.slice(lt + 1, e).toLowerCase();
      if (!VOID.has(name) && html.charCodeAt(gt - 1) !== 0x2f) {
        depth++;
        if (depth > deepest) deepest = depth;
      }
    }
    i = gt + 1;
  }
  return deepest;
}

/** The text of markup without a DOM: tags dropped (block tags as paragraph breaks), entities for &amp; &lt; &gt; &quot; &nbsp;. Linear. */
export function stripTags(html: string): string {
  let out = '';
  let i = 0;
  let skipUntil: string | null = null;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    const textEnd = lt < 0 ? html.length : lt;
    if (!skipUntil) out += html.slice(i, textEnd);
    if (lt < 0) break;
    const gt = html.indexOf('>', lt + 1);
    if (gt < 0) break;
    const tag = /^<\/?\s*([A-Za-z0-9]+)/.exec(html.slice(lt, Math.min(gt + 1, lt + 40)))?.[1]?.toLowerCase() ?? '';
    const closing = html.charCodeAt(lt + 1) === 0x2f;
    if (skipUntil) {
      if (closing && tag === skipUntil) skipUntil = null;
    } else if (!closing && ['script', 'style', 'noscript', 'template', 'head', 'title'].includes(tag)) {
      skipUntil = tag;
    } else if (BLOCK.has(tag)) out += '\n\n';
    else out += ' ';
    i = gt + 1;
  }
  return out
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n\n');
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}

/** Title and main text of an HTML page; the whole body's text when Readability finds no article. */
export function extractReadable(html: string, url: string): { title: string; text: string } {
  const depth = htmlDepth(html);
  if (depth > DOM_MAX_DEPTH) {
    // hostile or broken markup: no DOM, no recursion; the title from <title> if it is near the top
    const title = /<title[^>]{0,200}>([^<]{0,500})<\/title>/i.exec(html.slice(0, 20_000))?.[1]?.replace(/\s+/g, ' ').trim();
    return { title: title || hostOf(url), text: stripTags(html) };
  }
  // linkedom builds <html> and <body> only when the markup has them; give fragments a whole document
  const markup = /<html[\s>]/i.test(html) ? html : `<!doctype html><html><head></head><body>${html}</body></html>`;
  const document = parseDocument(markup);
  const pageTitle = (document.title ?? '').replace(/\s+/g, ' ').trim();
  let article: ReturnType<Readability['parse']> = null;
  if (depth <= READABILITY_MAX_DEPTH) {
    try {
      article = new Readability(document, { charThreshold: 200 }).parse();
    } catch {
      article = null;
    }
  }
  if (article?.content) {
    const content = parseDocument(`<!doctype html><html><body>${article.content}</body></html>`);
    const text = blockText(content.body as NodeLike);
    if (text) return { title: (article.title ?? '').replace(/\s+/g, ' ').trim() || pageTitle || hostOf(url), text };
  }
  // Readability changes the document it reads: take the fallback from a fresh parse
  const fresh = parseDocument(markup);
  const body = (fresh.body ?? fresh.documentElement) as NodeLike | null;
  return { title: pageTitle || hostOf(url), text: body ? blockText(body) : '' };
}

/** Character set of an HTML body: the header's, else a <meta> declaration's, else UTF-8. */
function decodeHtml(body: Buffer, headerCharset: string | undefined): string {
  const head = body.subarray(0, 4096).toString('latin1');
  const meta =
    /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i.exec(head)?.[1] ??
    /<meta[^>]+content\s*=\s*["'][^"']*charset=([\w-]+)/i.exec(head)?.[1];
  for (const label of [headerCharset, meta, 'utf-8']) {
    if (!label) continue;
    try {
      return new TextDecoder(label).decode(body);
    } catch {
      // unknown label: try the next
    }
  }
  return body.toString('utf8');
}

export type ReadableResult =
  | { kind: 'html'; url: string; title: string; text: string }
  | { kind: 'text'; url: string; title: string; text: string }
  | { kind: 'pdf'; url: string; title: string; bytes: Uint8Array };

function lastPathSegment(url: string): string {
  try {
    const u = new URL(url);
    const segment = decodeURIComponent(u.pathname.split('/').filter(Boolean).pop() ?? '');
    return segment || u.hostname;
  } catch {
    return url;
  }
}

function classify(res: SafeFetchResponse): 'html' | 'text' | 'pdf' | undefined {
  const type = res.contentType;
  if (type === 'text/html' || type === 'application/xhtml+xml') return 'html';
  if (type === 'text/plain') return 'text';
  if (type === 'application/pdf') return 'pdf';
  if (type === '' || type === 'application/octet-stream' || type === 'binary/octet-stream') {
    const start = res.body.subarray(0, 1024).toString('latin1');
    if (start.includes('%PDF-')) return 'pdf';
    if (/^\s*(?:<!doctype html|<html)/i.test(start)) return 'html';
  }
  return undefined;
}

/**
 * Fetches URL evidence and returns what can be read from it: an HTML page's readable text, a plain text
 * body as it is, or a PDF's bytes (to pass to extractText). Any other content throws UnsupportedContentError.
 */
export async function fetchReadable(url: string, opts: SafeFetchOptions = {}): Promise<ReadableResult> {
  const res = await safeFetch(url, opts);
  const kind = classify(res);
  switch (kind) {
    case 'html': {
      const { title, text } = extractReadable(decodeHtml(res.body, res.charset), res.url);
      return { kind, url: res.url, title, text };
    }
    case 'text': {
      let text: string;
      try {
        text = new TextDecoder(res.charset ?? 'utf-8').decode(res.body);
      } catch {
        text = res.body.toString('utf8');
      }
      return { kind, url: res.url, title: lastPathSegment(res.url), text: text.replace(/\r\n?/g, '\n') };
    }
    case 'pdf':
      return { kind, url: res.url, title: lastPathSegment(res.url), bytes: new Uint8Array(res.body) };
    default:
      throw new UnsupportedContentError(
        `The URL returned ${res.contentType || 'content of an unknown type'}, which cannot be read as evidence (web pages, plain text and PDF can)`,
      );
  }
}
