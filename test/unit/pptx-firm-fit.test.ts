/**
 * Decks on a firm's template (functions/domain/exports/pptx/, its fit-text.ts and template/):
 * - a long action title in a 44 pt, 8-inch title placeholder wraps to at most two lines, then scales (autofit's
 *   steps), never below 60%; without the layout's own autofit it is first shortened to its first clause; a title
 *   too long even at 60% is cut with "…";
 * - title layouts are found by type, by name (LibreOffice types its title slide `tx`; French, German names) and by
 *   their placeholders; content slides go on the master the template's own content slides use, else the master
 *   with the least artwork over its content area, not the cover's; on the test templates the choices are those;
 * - the width tables are what the fonts say (the generator's output), and a firm's font is measured at the wider
 *   of its own widths and DejaVu Sans';
 * - every colour of ours on a firm's template is written as a theme colour reference.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { autofitSteps, firstClause, fitTitle, measureIn, MIN_FONT_SCALE, para, TITLE_MAX_LINES, type TitleLook } from '../../functions/domain/exports/pptx/fit-text';
import { DEJAVU_SANS, firmFont } from '../../functions/domain/exports/pptx/fonts';
import { chooseDeckLayouts, chooseLayouts, isTitleLayout, type SlideLayoutPart } from '../../functions/domain/exports/pptx/template/choose-layout';
import { prepare } from '../../functions/domain/exports/pptx/template/prepare';
import { themed } from '../../functions/domain/exports/pptx/template/restyle';
import { OUT_FILE, renderFontWidths } from '../../scripts/gen-font-metrics';

const FIXTURES = new URL('../fixtures/firm-templates/pptx/', import.meta.url);
const template = (file: string) => prepare({ kind: 'pptx', bytes: new Uint8Array(readFileSync(new URL(file, FIXTURES))), layouts: [] });

/** A title placeholder of PowerPoint's 4:3 default: 44 pt, 8 inches wide, 1.45 inches tall. */
const look = (autofits: boolean, typeface = 'Calibri'): TitleLook => ({ size: 44, measure: measureIn(firmFont(typeface)), bold: false, room: { w: 8, h: 1.45 }, autofits, maxLines: TITLE_MAX_LINES });
const linesAt = (l: TitleLook, text: string, scale: number) => l.measure.lineCount(para(text), l.room.w * 72, l.size * scale);

const LONG = 'Inventory turnover improved by 5.3% after the pricing review';

describe('a long action title in a 44 pt, 8-inch title placeholder', () => {
  it('wraps to at most two lines, then scales by autofit’s steps, never below 60%', () => {
    // Prepare
    const l = look(true);
    expect(linesAt(l, LONG, 1)).toBeGreaterThan(2);
    // Act
    const t = fitTitle(LONG, l);
    // Assess: the whole title, at the largest step at which it takes two lines and fits the box
    expect(t.text).toBe(LONG);
    expect(t.shortened).toBe(false);
    expect(t.autofit.fontScale).toBeLessThan(1);
    expect(t.autofit.fontScale).toBeGreaterThanOrEqual(MIN_FONT_SCALE);
    expect(linesAt(l, LONG, t.autofit.fontScale)).toBeLessThanOrEqual(2);
    expect(l.measure.fits([para(LONG)], l.room, l.size, t.autofit)).toBe(true);
    const larger = autofitSteps().filter((a) => a.fontScale > t.autofit.fontScale);
    for (const a of larger) expect(linesAt(l, LONG, a.fontScale) <= 2 && l.measure.fits([para(LONG)], l.room, l.size, a), `${a.fontScale}`).toBe(false);
    // PowerPoint's own steps: the line spacing reduced below 90%
    expect(t.autofit.lnSpcReduction).toBe(t.autofit.fontScale >= 0.9 ? 0 : t.autofit.fontScale >= 0.8 ? 0.1 : 0.2);
  });

  it('without the layout’s own autofit, is shortened to its first clause before it is scaled (the whole goes to the notes)', () => {
    const title = 'Revenue rose by 11.8% after the pricing review lifted order values';
    expect(firstClause(title)).toBe('Revenue rose by 11.8%');
    const t = fitTitle(title, look(false));
    expect(t).toEqual({ text: 'Revenue rose by 11.8%', autofit: { fontScale: 1, lnSpcReduction: 0 }, shortened: true });
    // with the layout's autofit the whole title is kept, scaled
    expect(fitTitle(title, look(true)).text).toBe(title);
  });

  it('is never set below 60%: a title too long even then is cut with "…" at 60%', () => {
    const endless = Array.from({ length: 12 }, (_, i) => `finding ${i + 1} held steady across every region and channel`).join(' and ');
    const t = fitTitle(endless, look(true));
    expect(t.autofit.fontScale).toBe(MIN_FONT_SCALE);
    expect(t.text.endsWith('…')).toBe(true);
    expect(t.shortened).toBe(true);
    expect(look(true).measure.fits([para(t.text)], look(true).room, 44, t.autofit)).toBe(true);
  });

  it('keeps a short title as the layout sets it, and a continuation’s suffix whatever is cut', () => {
    expect(fitTitle('Revenue rose by 11.8%', look(false))).toEqual({ text: 'Revenue rose by 11.8%', autofit: { fontScale: 1, lnSpcReduction: 0 }, shortened: false });
    const t = fitTitle(LONG, look(false), [], ' (continued)');
    expect(t.text.endsWith(' (continued)')).toBe(true);
  });
});

const part = (path: string, type: string, name: string, master?: string, placeholders?: string[]): SlideLayoutPart => ({ path, type, name, ...(master ? { master } : {}), ...(placeholders ? { placeholders } : {}) });

describe('title layouts', () => {
  it('are found by type, by name in several languages (LibreOffice types its title slide tx) and by their placeholders', () => {
    expect(isTitleLayout(part('a', 'title', 'Cover'))).toBe(true);
    expect(isTitleLayout(part('b', 'tx', 'Title Slide'))).toBe(true);
    expect(isTitleLayout(part('c', 'tx', 'Titre'))).toBe(true);
    expect(isTitleLayout(part('d', 'cust', 'Titelfolie'))).toBe(true);
    expect(isTitleLayout(part('e', 'cust', 'Opening', 'm', ['title', 'subTitle', 'dt', 'sldNum']))).toBe(true);
    expect(isTitleLayout(part('f', 'cust', 'Opening', 'm', ['ctrTitle']))).toBe(true);
    expect(isTitleLayout(part('g', 'obj', 'Title, Content', 'm', ['title', 'obj']))).toBe(false);
    expect(isTitleLayout(part('h', 'tx', 'Text'))).toBe(false);
  });

  it('a template checked with LibreOffice’s layouts states its title slide as the title layout, with no fallback', () => {
    const parts = [part('l1', 'blank', 'Blank Slide'), part('l2', 'tx', 'Title Slide'), part('l3', 'obj', 'Title, Content'), part('l4', 'twoObj', 'Title, 2 Content'), part('l5', 'titleOnly', 'Title Only')];
    const { choices, missing } = chooseLayouts(parts);
    expect(missing).toEqual([]);
    expect(choices.map((c) => `${c.layout}=${c.name}${c.fallback ? '*' : ''}`)).toEqual(['title=Title Slide', 'title-and-content=Title, Content', 'two-content=Title, 2 Content', 'section=Title Slide*', 'blank=Blank Slide']);
  });
});

describe('the master content slides go on', () => {
  const twoMasters = [
    part('t1', 'tx', 'Title Slide', 'm1', ['title', 'subTitle']),
    part('c1', 'obj', 'Title, Content', 'm1', ['title', 'obj']),
    part('t2', 'tx', 'Title Slide', 'm2', ['title', 'subTitle']),
    part('c2', 'obj', 'Title, Content', 'm2', ['title', 'obj']),
    part('o2', 'titleOnly', 'Title Only', 'm2', ['title']),
  ];

  it('is the one the template’s own content slides use; the cover keeps its own title slide', () => {
    const chosen = chooseDeckLayouts(twoMasters, { slides: ['t1', 'c2'], artwork: new Map() });
    expect(chosen).toMatchObject({ title: 't1', 'title-and-content': 'c2', 'title-only': 'o2', section: 't2' });
  });

  it('without content slides: the master whose artwork covers least of its content area, not the cover’s', () => {
    expect(chooseDeckLayouts(twoMasters, { slides: ['t1'], artwork: new Map([['m1', 0.6], ['m2', 0.1]]) })['title-and-content']).toBe('c2');
    // equal artwork: not the cover's master
    expect(chooseDeckLayouts(twoMasters, { slides: ['t1'], artwork: new Map() })['title-and-content']).toBe('c2');
    expect(chooseDeckLayouts(twoMasters, { slides: ['t2'], artwork: new Map() })['title-and-content']).toBe('c1');
  });

  it('on the test templates: the cover on the title slide, content on the master the template uses for it', () => {
    const names = (file: string) => {
      const t = template(file);
      const at = (path: string) => {
        const l = t.layouts.find((x) => x.path === path)!;
        return `${l.name} (${/slideMaster(\d+)/.exec(l.master)![1]})`;
      };
      return { title: at(t.chosen.title), content: at(t.chosen['title-and-content']) };
    };
    expect(names('dna.pptx')).toEqual({ title: 'Title Slide (1)', content: 'Title, Content (1)' });
    expect(names('dna-titre.pptx')).toEqual({ title: 'Titre (1)', content: 'Titre et contenu (1)' });
    expect(names('focus.pptx')).toEqual({ title: 'Title Slide (1)', content: 'Title, Content (2)' });
    expect(names('midnightblue.potx')).toEqual({ title: 'Title Slide (2)', content: 'Title, Content (1)' });
    expect(names('piano-cover.pptx')).toEqual({ title: 'Title Slide (1)', content: 'Title, Content (2)' });
    expect(names('grey-elegant.pptx').title).toBe('Title Slide (1)');
    expect(names('grey-elegant.pptx').content).not.toMatch(/\(1\)$/);
  });

  it('reads the size a LibreOffice master writes on its runs, and the template’s slide size (4:3 too)', () => {
    const dna = template('dna.pptx');
    expect(dna.frame.layouts['title-and-content'].firm!.looks.title).toMatchObject({ explicit: { size: true, typeface: 'Times New Roman' } });
    expect(dna.frame.layouts['title-and-content'].firm!.looks.title!.sizes[0]).toBe(33);
    expect(dna.frame.layouts['title-and-content'].firm!.looks.body!.sizes).toEqual([24, 21]);
    expect(template('dna-4x3.pptx').frame.slide).toEqual({ w: 10, h: 7.5 });
  });
});

describe('fonts', () => {
  it('the width tables are what the fonts say (scripts/gen-font-metrics.ts)', () => {
    expect(readFileSync(OUT_FILE, 'utf8')).toBe(renderFontWidths());
  });

  it('a firm’s font is measured at the wider of its own widths and DejaVu Sans’, a font with no widths as DejaVu Sans', () => {
    const arial = firmFont('Arial');
    for (const ch of 'AMmw1i .') expect(arial.regular.get(ch.codePointAt(0)!)).toBe(Math.max(DEJAVU_SANS.regular.get(ch.codePointAt(0)!)!, arial.regular.get(ch.codePointAt(0)!)!));
    expect(firmFont('Source Sans Pro').regular).toEqual(DEJAVU_SANS.regular);
    expect(measureIn(firmFont('Arial')).textWidth('Nordlicht', 20)).toBeGreaterThanOrEqual(measureIn(DEJAVU_SANS).textWidth('Nordlicht', 20));
  });
});

describe('colours on a firm’s template', () => {
  it('are theme colour references: theme colours as themselves, greys and tints as the nearest, lightened or darkened', () => {
    const theme = { dk1: '000000', lt1: 'FFFFFF', accent1: '4F81BD', accent2: 'C0504D' };
    // accent 1, white, a slate grey, a tint of accent 1 (the gantt's), accent 2 with its transparency
    const xml = themed('<a:srgbClr val="4F81BD"/><a:srgbClr val="FFFFFF"/><a:srgbClr val="64748B"/><a:srgbClr val="95B3D7"/><a:srgbClr val="C0504D"><a:alpha val="50000"/></a:srgbClr>', theme);
    expect(xml).not.toContain('srgbClr');
    expect(xml).toContain('<a:schemeClr val="accent1"></a:schemeClr>');
    expect(xml).toContain('<a:schemeClr val="bg1"></a:schemeClr>');
    expect(xml).toMatch(/<a:schemeClr val="tx1"><a:lumMod val="\d+"\/><a:lumOff val="\d+"\/><\/a:schemeClr>/);
    expect(xml).toMatch(/<a:schemeClr val="accent1"><a:lumMod val="\d+"\/><a:lumOff val="\d+"\/><\/a:schemeClr>/);
    expect(xml).toContain('<a:schemeClr val="accent2"><a:alpha val="50000"/></a:schemeClr>');
  });
});
