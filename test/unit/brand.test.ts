/**
 * Step 10's brand and the export page's checklist, pure: WCAG contrast, logos told apart by their bytes
 * (sizes from their headers), SVG sanitized by an allow-list, the checklist's choices and the spec's alert,
 * and time-ordered export ids.
 */
import { describe, expect, it } from 'vitest';
import { contrastRatio, formatRatio, INK, textColourOn, tint, WHITE, whiteTextPasses } from '@shared/domain/brand';
import { details, messages } from '@shared/messages';
import { LOGO_KEY_PATTERN } from '@shared/schemas/exports';
import { checkLogo, logoKindFromName } from '../../functions/domain/brand/check-logo';
import { inspectStoredLogo, jpegSize, looksLikeSvg, pngSize, storedSvgSize, svgSize } from '../../functions/domain/brand/image';
import { sanitizeSvg, SvgRefusedError, unsafeCss } from '../../functions/domain/brand/svg-sanitize';
import { uuidv7 } from '../../functions/lib/uuidv7';
import { chosenSections, exportableSections, formatSize, initialOptional, selectionProblem } from '../../frontend/src/features/exports/lib/selection';
import { imageWithText } from '../helpers/evidence-fixtures';
import { logoPng, LOGO_SVG } from '../helpers/export-fixtures';

const svg = (body: string, attrs = 'width="100" height="40" viewBox="0 0 100 40"') => `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ${attrs}>${body}</svg>`;

describe('brand colours and WCAG AA', () => {
  it('computes contrast ratios as WCAG 2 does', () => {
    expect(contrastRatio(WHITE, '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio(WHITE, WHITE)).toBe(1);
    expect(formatRatio(contrastRatio(WHITE, '#777777'))).toBe('4.47');
    expect(formatRatio(contrastRatio(WHITE, '#1e293b'))).toBe('14.62');
  });

  it('warns below 4.5:1 for white text, and picks the text colour that reads', () => {
    expect(whiteTextPasses('#1e293b')).toBe(true);
    expect(whiteTextPasses('#767676')).toBe(true); // 4.54
    expect(whiteTextPasses('#777777')).toBe(false); // 4.47
    expect(whiteTextPasses('#f5d76e')).toBe(false);
    expect(textColourOn('#0b5394')).toBe(WHITE);
    expect(textColourOn('#f5d76e')).toBe(INK);
    expect(formatRatio(4.4999)).toBe('4.49');
    expect(tint('#000000', 0.5)).toBe('#808080');
    expect(tint('#123456', 1)).toBe('#ffffff');
  });
});

describe('logos, by their bytes', () => {
  it('reads PNG and JPEG sizes from their headers and knows SVG by its root', async () => {
    expect(pngSize(await logoPng())).toEqual({ width: 120, height: 60 });
    expect(jpegSize(await imageWithText(['Logo'], 'image/jpeg'))).toEqual({ width: 1000, height: 120 });
    expect(looksLikeSvg(new TextEncoder().encode(`\uFEFF<?xml version="1.0"?>\n<!-- made by hand -->\n<!DOCTYPE svg>\n${LOGO_SVG}`))).toBe(true);
    expect(looksLikeSvg(new TextEncoder().encode('<html><svg></svg></html>'))).toBe(false);
    expect(svgSize({ width: '2in', height: null, viewBox: '0 0 100 50' })).toEqual({ width: 192, height: 96 });
    expect(svgSize({ width: '100%', height: '100%', viewBox: '0 0 40 20' })).toEqual({ width: 40, height: 20 });
    expect(svgSize({})).toEqual({ width: 300, height: 150 });
    expect(storedSvgSize(LOGO_SVG)).toEqual({ width: 160, height: 64 });
    expect(inspectStoredLogo(new TextEncoder().encode('plain text'))).toBeNull();
  });

  it('accepts PNG, JPEG and SVG as their names say; refuses other types, lies, large files and huge images', async () => {
    expect(checkLogo('logo.png', await logoPng())).toMatchObject({ kind: 'png', width: 120, height: 60 });
    expect(checkLogo('logo.JPEG', await imageWithText(['x'], 'image/jpeg'))).toMatchObject({ kind: 'jpg' });
    expect(checkLogo('logo.svg', new TextEncoder().encode(LOGO_SVG))).toMatchObject({ kind: 'svg', width: 160, height: 64 });
    expect(logoKindFromName('a.gif')).toBeUndefined();
    expect(() => checkLogo('logo.gif', new Uint8Array([1]))).toThrow(details.logoName('logo.gif'));
    expect(() => checkLogo('logo.png', new TextEncoder().encode('MZ executable'))).toThrow(details.logoType);
    expect(() => checkLogo('logo.svg', new Uint8Array(2 * 1024 * 1024 + 1))).toThrow(details.logoTooLarge(2 * 1024 * 1024));
    const png = await logoPng();
    expect(() => checkLogo('logo.jpg', png)).toThrow(details.logoMismatch('logo.jpg', 'a PNG image'));
    const huge = new Uint8Array(png);
    new DataView(huge.buffer).setUint32(16, 5000);
    expect(() => checkLogo('logo.png', huge)).toThrow(details.logoPixels(4096));
    expect(() => checkLogo('logo.svg', new TextEncoder().encode(svg('<script>alert(1)</script>')))).toThrow(details.logoSvgEmpty);
  });
});

describe('SVG sanitizer (allow-list)', () => {
  it('keeps drawing elements and internal references; drops scripts, handlers, links out, foreignObject and unknown elements', () => {
    const dirty = svg(
      '<script>alert(1)</script><defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>' +
        '<rect id="r" width="10" height="10" fill="url(#g)" onclick="alert(2)" onload="x()"/>' +
        '<a href="javascript:alert(3)"><circle r="4"/></a><use xlink:href="#r"/><use href="https://evil.example/s.svg#x"/>' +
        '<image href="https://evil.example/x.png" width="1" height="1"/><foreignObject><div>html</div></foreignObject>' +
        '<text x="1" y="9">A &amp; B &lt;tag&gt;</text><iframe src="x"/>',
    );
    const { svg: clean } = sanitizeSvg(dirty);
    expect(clean).toContain('<linearGradient id="g">');
    expect(clean).toContain('fill="url(#g)"');
    expect(clean).toContain('<use xlink:href="#r"/>');
    expect(clean).toContain('A &amp; B &lt;tag&gt;');
    expect(clean).not.toMatch(/script|onclick|onload|javascript|evil\.example|<image|foreignObject|<div|iframe|<a\b|<circle/i);
    expect(clean.startsWith('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="40" viewBox="0 0 100 40">')).toBe(true);
  });

  it('passes no CSS on: <style> is dropped, a style attribute becomes presentation attributes, escapes are refused', () => {
    expect(unsafeCss('fill: red')).toBe(false);
    expect(unsafeCss('url(#g)')).toBe(false);
    expect(unsafeCss('@import url(https://evil.example/x.css);')).toBe(true);
    expect(unsafeCss('url( "https://evil.example/p" )')).toBe(true);
    // CSS escapes and comments spell what a check looks for in a way it does not read: refused, never stripped
    expect(unsafeCss('ur\\l(https://evil)')).toBe(true);
    expect(unsafeCss('u\\72l(https://evil)')).toBe(true);
    expect(unsafeCss('@\\69mport "x.css"')).toBe(true);
    expect(unsafeCss('u/**/rl(https://evil)')).toBe(true);
    const { svg: clean } = sanitizeSvg(
      svg(
        '<style>.a{fill:red}</style><style>@\\69mport "https://evil.example/x.css";</style>' +
          '<rect class="a" style="fill:#c00; stroke: url(https://evil.example/p); opacity:0.5; d: x" width="1" height="1" fill="blue"/>' +
          '<rect width="2" height="2" fill="u\\72l(https://evil.example/q)" stroke="url(#g)"/>',
      ),
    );
    expect(clean).not.toMatch(/<style|style=|@|evil|\\/);
    expect(clean).toContain('<rect class="a" width="1" height="1" fill="#c00" opacity="0.5"/>');
    expect(clean).toContain('<rect width="2" height="2" stroke="url(#g)"/>');
  });

  it('refuses what is not an SVG, one with nothing to draw, and one nested or repeated beyond its limits', () => {
    expect(() => sanitizeSvg('<html><body/></html>')).toThrow(SvgRefusedError);
    expect(() => sanitizeSvg(svg('<title>Only a title</title>'))).toThrow(new SvgRefusedError('empty'));
    expect(() => sanitizeSvg(svg(`${'<g>'.repeat(100)}<rect width="1" height="1"/>${'</g>'.repeat(100)}`))).toThrow(new SvgRefusedError('too-complex'));
    expect(() => sanitizeSvg(svg('<rect width="1" height="1"/>'.repeat(20_001)))).toThrow(new SvgRefusedError('too-complex'));
  });
});

describe('the export page checklist', () => {
  const written = new Map<string, number>([
    ['executive-summary', 900],
    ['introduction', 300],
    ['findings', 0],
    ['swot', 400],
  ]);

  it('always holds the required sections; optional ones only when ticked; in report order', () => {
    expect(chosenSections(initialOptional())).toEqual(['executive-summary', 'introduction', 'findings', 'recommendations', 'conclusion']);
    expect(chosenSections(new Set(['appendices', 'swot']))).toEqual(['executive-summary', 'introduction', 'findings', 'swot', 'recommendations', 'conclusion', 'appendices']);
    expect(exportableSections(chosenSections(new Set(['swot'])), written)).toEqual(['executive-summary', 'introduction', 'swot']);
  });

  it("gives the spec's alert when nothing chosen has anything written", () => {
    expect(selectionProblem(chosenSections(initialOptional()), written)).toBeNull();
    expect(selectionProblem(chosenSections(initialOptional()), new Map())).toBe('Please select at least one section to export.');
    expect(messages.exports.noSections).toBe('Please select at least one section to export.');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(null)).toBe('–');
  });
});

describe('export ids', () => {
  it('are UUIDv7: a valid UUID, ordered by time, and in order within one millisecond', () => {
    const ids = [uuidv7(1_700_000_000_000), uuidv7(1_700_000_000_000), uuidv7(1_700_000_000_001), uuidv7(1_800_000_000_000)];
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(4);
  });

  it('logo keys are only under a report’s brand folder', () => {
    expect(LOGO_KEY_PATTERN.test('reports/0b8f7a2e-1c2d-4e5f-8a9b-0c1d2e3f4a5b/brand/logo-0b8f7a2e-1c2d-4e5f-8a9b-0c1d2e3f4a5b.svg')).toBe(true);
    expect(LOGO_KEY_PATTERN.test('reports/0b8f7a2e-1c2d-4e5f-8a9b-0c1d2e3f4a5b/evidence/x/original')).toBe(false);
    expect(LOGO_KEY_PATTERN.test('reports/../brand/logo-x.png')).toBe(false);
  });
});
