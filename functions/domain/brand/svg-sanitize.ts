/**
 * SVG logos, sanitized by a strict allow-list: the file is parsed as XML (linkedom), and only drawing
 * elements and presentation attributes are written back out, by us. Scripts, event handlers, links,
 * foreignObject, external references (`href` to anything but `#id`, `url(…)` to anything but `#id`) and
 * everything unknown are dropped. CSS is not passed on at all: `<style>` elements are dropped, and a `style`
 * attribute's plain declarations become presentation attributes (`style="fill:red"` → `fill="red"`). Any value
 * with a backslash is dropped, so CSS escapes (`u\72l(…)`, `@\69mport`) cannot spell what the checks look for.
 * The output is a small, self-contained SVG document.
 *
 * (DOMPurify needs a DOM that linkedom does not fully provide: it then returns its input untouched, which is
 * why the allow-list is ours.)
 */
import { DOMParser } from 'linkedom';

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';

/** Elements that draw, group, define or describe; nothing that runs, links out or embeds HTML. */
const ELEMENTS = new Set(
  [
    'svg', 'g', 'defs', 'title', 'desc', 'symbol', 'use', 'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon',
    'text', 'tspan', 'textPath', 'linearGradient', 'radialGradient', 'stop', 'clipPath', 'mask', 'pattern',
    'filter', 'feGaussianBlur', 'feOffset', 'feBlend', 'feFlood', 'feComposite', 'feMerge', 'feMergeNode', 'feColorMatrix',
  ].map((n) => n.toLowerCase()),
);

const ATTRIBUTES = new Set(
  [
    'id', 'class', 'd', 'x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'fx', 'fy', 'width', 'height', 'viewbox',
    'preserveaspectratio', 'points', 'transform', 'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-opacity',
    'stroke-linecap', 'stroke-linejoin', 'stroke-miterlimit', 'stroke-dasharray', 'stroke-dashoffset', 'opacity', 'clip-path',
    'clip-rule', 'mask', 'font-family', 'font-size', 'font-weight', 'font-style', 'text-anchor', 'dominant-baseline',
    'alignment-baseline', 'letter-spacing', 'word-spacing', 'offset', 'stop-color', 'stop-opacity', 'gradientunits',
    'gradienttransform', 'spreadmethod', 'patternunits', 'patterncontentunits', 'patterntransform', 'clippathunits', 'maskunits',
    'maskcontentunits', 'visibility', 'display', 'version', 'dx', 'dy', 'rotate', 'textlength', 'lengthadjust', 'color',
    'filter', 'stddeviation', 'in', 'in2', 'result', 'mode', 'operator', 'values', 'type', 'flood-color', 'flood-opacity',
    'k1', 'k2', 'k3', 'k4', 'href', 'xlink:href', 'xml:space', 'filterunits', 'primitiveunits', 'startoffset',
  ].map((n) => n.toLowerCase()),
);

/** Elements that draw something (an SVG without any of these is empty). */
const DRAWING = new Set(['path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'text', 'use']);

const SVG_LIMITS = { elements: 20_000, depth: 64, attributeChars: 100_000 } as const;

export class SvgRefusedError extends Error {
  constructor(readonly reason: 'not-svg' | 'empty' | 'too-complex') {
    super(reason);
    this.name = 'SvgRefusedError';
  }
}

/**
 * A CSS value that can reach outside the file or run code. A backslash (a CSS escape, which could spell `url(` or
 * `@import` in a way no check reads) or a comment is refused outright, never stripped and looked through.
 */
export function unsafeCss(css: string): boolean {
  if (css.includes('\\') || css.includes('/*')) return true;
  const lower = css.toLowerCase();
  if (/@import|expression\s*\(|javascript:|behaviou?r\s*:|-moz-binding/.test(lower)) return true;
  for (const m of lower.matchAll(/url\s*\(\s*(['"]?)\s*([^'")]*)/g)) if (!m[2]!.startsWith('#')) return true;
  return false;
}

function unsafeValue(name: string, value: string): boolean {
  const lower = value.toLowerCase().replace(/\s+/g, '');
  if (lower.includes('javascript:') || lower.includes('data:') || lower.includes('vbscript:')) return true;
  if (name === 'href' || name === 'xlink:href') return !value.trim().startsWith('#');
  // presentation attributes are CSS values: the same refusals (escapes, comments, external url())
  if (unsafeCss(value)) return true;
  return value.length > SVG_LIMITS.attributeChars;
}

/** A `style` attribute's declarations that are presentation attributes with safe values, as attributes. */
function styleDeclarations(style: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const name = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    if (!value || !ATTRIBUTES.has(name) || !/^[a-z-]+$/.test(name) || STRUCTURAL.has(name) || unsafeValue(name, value)) continue;
    out.push([name, value]);
  }
  return out;
}

/** Attributes that are not CSS properties, never taken from a style attribute. */
const STRUCTURAL = new Set(['id', 'class', 'd', 'href', 'xlink:href', 'points', 'transform', 'viewbox', 'version', 'type', 'in', 'in2', 'result', 'values']);

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;');

interface XmlNode {
  nodeType: number;
  localName?: string;
  tagName?: string;
  textContent: string | null;
  attributes?: ArrayLike<{ name: string; value: string }>;
  childNodes: ArrayLike<XmlNode>;
}

/** The canonical casing of SVG names that have capitals (XML is case-sensitive; the allow-list is not). */
const CASED: Record<string, string> = Object.fromEntries(
  ['viewBox', 'preserveAspectRatio', 'gradientUnits', 'gradientTransform', 'spreadMethod', 'patternUnits', 'patternContentUnits', 'patternTransform', 'clipPathUnits', 'maskUnits', 'maskContentUnits', 'stdDeviation', 'textLength', 'lengthAdjust', 'filterUnits', 'primitiveUnits', 'startOffset', 'linearGradient', 'radialGradient', 'clipPath', 'textPath', 'feGaussianBlur', 'feOffset', 'feBlend', 'feFlood', 'feComposite', 'feMerge', 'feMergeNode', 'feColorMatrix'].map((n) => [n.toLowerCase(), n]),
);
const cased = (name: string) => CASED[name.toLowerCase()] ?? name.toLowerCase();

export interface SanitizedSvg {
  svg: string;
  /** the root's sizing attributes, as written */
  root: { width: string | null; height: string | null; viewBox: string | null };
}

/** Sanitizes an SVG document; throws SvgRefusedError when it is not one, is empty once cleaned, or is too large. */
export function sanitizeSvg(text: string): SanitizedSvg {
  const doc = new DOMParser().parseFromString(text.replace(/^\uFEFF/, ''), 'image/svg+xml') as unknown as { documentElement: XmlNode | null };
  const root = doc.documentElement;
  if (!root || (root.localName ?? root.tagName ?? '').toLowerCase() !== 'svg') throw new SvgRefusedError('not-svg');
  let elements = 0;
  let draws = 0;
  const attr = (node: XmlNode, name: string) => {
    for (const a of Array.from(node.attributes ?? [])) if (a.name.toLowerCase() === name) return a.value;
    return null;
  };
  const write = (node: XmlNode, depth: number): string => {
    if (depth > SVG_LIMITS.depth) throw new SvgRefusedError('too-complex');
    if (node.nodeType === 3) return escapeText(node.textContent ?? '');
    if (node.nodeType !== 1) return ''; // comments, processing instructions, doctype, CDATA markers
    const name = (node.localName ?? node.tagName ?? '').toLowerCase().replace(/^svg:/, '');
    if (!ELEMENTS.has(name)) return '';
    if (++elements > SVG_LIMITS.elements) throw new SvgRefusedError('too-complex');
    if (DRAWING.has(name)) draws++;
    const attrs: string[] = depth === 0 ? [`xmlns="${SVG_NS}"`, `xmlns:xlink="${XLINK_NS}"`] : [];
    // a style attribute's declarations win over the same presentation attribute, as in CSS
    const styled = new Map(styleDeclarations(attr(node, 'style') ?? ''));
    for (const a of Array.from(node.attributes ?? [])) {
      const an = a.name.toLowerCase();
      if (!ATTRIBUTES.has(an) || an.startsWith('on') || styled.has(an) || unsafeValue(an, a.value)) continue;
      attrs.push(`${an === 'xlink:href' ? 'xlink:href' : cased(an)}="${escapeAttr(a.value)}"`);
    }
    for (const [an, value] of styled) attrs.push(`${cased(an)}="${escapeAttr(value)}"`);
    const children = Array.from(node.childNodes).map((c) => write(c, depth + 1)).join('');
    const tag = cased(name);
    return `<${tag}${attrs.length ? ` ${attrs.join(' ')}` : ''}${children ? `>${children}</${tag}>` : '/>'}`;
  };
  const svg = write(root, 0);
  if (!draws) throw new SvgRefusedError('empty');
  return { svg, root: { width: attr(root, 'width'), height: attr(root, 'height'), viewBox: attr(root, 'viewbox') } };
}
