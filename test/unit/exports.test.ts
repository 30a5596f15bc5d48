/**
 * Exports, pure: the report markdown mapped to the export model (each element), citations numbered across the
 * document, the Word and PDF formats' native structures (Word XML, the PDF's text and outline), the zip, and file
 * names. The deck has its own file (exports-deck.test.ts).
 */
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { buildExportFile } from '../../functions/domain/exports/build';
import { chartRenderer } from '../../functions/domain/exports/charts';
import { renderDocx, twipWidths } from '../../functions/domain/exports/docx';
import { contentDisposition, exportFileName, MAX_BASE_BYTES, MAX_BASE_CHARS, safeBaseName } from '../../functions/domain/exports/file-names';
import type { Block } from '../../functions/domain/exports/blocks';
import { allBlocks, buildExportModel, columnWeights, fitWidths, longestWords, plainText, safeLink } from '../../functions/domain/exports/model';
import { renderPdf } from '../../functions/domain/exports/pdf';
import { composedFixture, logoPng, LOGO_SVG, SMALL } from '../helpers/export-fixtures';
import { cite, modelOf, NOW } from '../helpers/export-model';
import { parseXml } from '../helpers/xml';

/** Citation marks in blocks, each counted once (lists and quotes walked into). */
function citationMarks(blocks: readonly Block[]): number {
  const inRuns = (runs: readonly { citation?: number }[]) => runs.filter((r) => r.citation !== undefined).length;
  return blocks.reduce((n, b) => {
    switch (b.kind) {
      case 'heading':
      case 'paragraph':
        return n + inRuns(b.runs);
      case 'list':
        return n + b.items.reduce((m, item) => m + citationMarks(item), 0);
      case 'quote':
        return n + citationMarks(b.blocks);
      case 'table':
        return n + [b.header, ...b.rows].flat().reduce((m, cell) => m + inRuns(cell), 0);
      case 'swot':
        return n + b.quadrants.flatMap((q) => q.items).reduce((m, cell) => m + inRuns(cell), 0);
      default:
        return n;
    }
  }, 0);
}

const blocksOf = (content: string) => modelOf([{ key: 'introduction', content }]).sections[0]!.blocks;

async function unzip(bytes: Uint8Array) {
  return JSZip.loadAsync(bytes);
}
async function pdfText(bytes: Uint8Array): Promise<{ text: string; outline: string[]; pages: number }> {
  const { getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(bytes, { disableFontFace: true, useSystemFonts: false, verbosity: 0 });
  let text = '';
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    for (const item of content.items as { str?: string; hasEOL?: boolean }[]) text += (item.str ?? '') + (item.hasEOL ? '\n' : '');
    text += '\n';
  }
  const walk = (items: { title: string; items: unknown[] }[] | null): string[] => (items ?? []).flatMap((i) => [i.title, ...walk(i.items as never)]);
  const outline = walk((await pdf.getOutline()));
  const pages = pdf.numPages;
  await pdf.loadingTask.destroy();
  return { text: text.replace(/\s+/g, ' '), outline, pages };
}

describe('markdown → the export model, element by element', () => {
  it('headings: the section is level 1; ## and ### are numbered within it; # reads as ##; deeper ones are not numbered', () => {
    const model = modelOf([
      { key: 'introduction', content: '## Purpose\n\ntext\n\n### Detail\n\n#### Fine print\n\n# Scope' },
      { key: 'findings', content: '## Scores' },
    ]);
    const headings = (s: number) => model.sections[s]!.blocks.filter((b): b is Extract<Block, { kind: 'heading' }> => b.kind === 'heading').map((b) => [b.level, b.number, b.text]);
    expect(headings(0)).toEqual([[2, '1.1', 'Purpose'], [3, '1.1.1', 'Detail'], [4, '', 'Fine print'], [2, '1.2', 'Scope']]);
    expect(headings(1)).toEqual([[2, '2.1', 'Scores']]);
    expect(model.sections.map((s) => s.number)).toEqual([1, 2]);
  });

  it('inline marks: bold, italic, strike, code, safe links; raw HTML and unsafe links never arrive', () => {
    const [p] = blocksOf('A **bold** and *it* ~~old~~ `x()` [site](https://example.com/a b) [bad](javascript:alert(1)) <b>raw</b> ![img](http://x/y.png)');
    expect(p!.kind).toBe('paragraph');
    const runs = (p as Extract<Block, { kind: 'paragraph' }>).runs;
    expect(runs).toContainEqual({ text: 'bold', bold: true });
    expect(runs).toContainEqual({ text: 'it', italic: true });
    expect(runs).toContainEqual({ text: 'old', strike: true });
    expect(runs).toContainEqual({ text: 'x()', code: true });
    expect(runs.find((r) => r.text === 'site')).toBeUndefined(); // `a b` with a space is not a link in CommonMark
    expect(runs.find((r) => r.text === 'bad')).toEqual({ text: 'bad' });
    expect(plainText(runs)).not.toMatch(/<b>|\*\*|!\[|javascript/);
    expect(plainText(runs)).toContain('[Image: img]');
    const [link] = blocksOf('[site](https://example.com/a)');
    expect((link as Extract<Block, { kind: 'paragraph' }>).runs).toEqual([{ text: 'site', link: 'https://example.com/a' }]);
    expect(safeLink('mailto:ann@example.com')).toBe('mailto:ann@example.com');
    expect(safeLink('file:///etc/passwd')).toBeUndefined();
    expect(safeLink('/relative')).toBeUndefined();
  });

  it('lists (ordered with their start, nested), quotes, code, rules, tables with alignment and column weights', () => {
    const blocks = blocksOf('3. three\n   - nested\n4. four\n\n> quoted\n\n```\nconst a = 1;\n```\n\n---\n\n| # | Text | Score |\n|---|---|---:|\n| 1 | A long explanation of the finding | 40 |');
    expect(blocks.map((b) => b.kind)).toEqual(['list', 'quote', 'code', 'rule', 'table']);
    const list = blocks[0] as Extract<Block, { kind: 'list' }>;
    expect(list).toMatchObject({ ordered: true, start: 3 });
    expect(list.items[0]!.map((b) => b.kind)).toEqual(['paragraph', 'list']);
    expect((blocks[2] as Extract<Block, { kind: 'code' }>).text).toBe('const a = 1;');
    const table = blocks[4] as Extract<Block, { kind: 'table' }>;
    expect(table.align).toEqual([null, null, 'right']);
    expect(table.header.map(plainText)).toEqual(['#', 'Text', 'Score']);
    expect(table.weights[1]).toBeGreaterThan(table.weights[0]!);
    expect(table.weights[1]).toBeGreaterThan(table.weights[2]!);
    expect(columnWeights([[{ text: 'A' }]], [[[{ text: 'x'.repeat(500) }]]])[0]).toBeLessThanOrEqual(60);
  });

  it('visuals become numbered figures in document order, their paragraph split around them; a deleted one is marked', () => {
    const f = composedFixture(SMALL, { visuals: 2 });
    const [a, b] = f.visuals;
    const model = modelOf(
      [
        { key: 'introduction', content: `Before ![First](visual:${a!.id}) after.` },
        { key: 'findings', content: `![Second](visual:${b!.id})\n\n![Gone](visual:deleted-1)` },
      ],
      { visuals: f.input.visuals },
    );
    expect(model.sections[0]!.blocks.map((x) => x.kind)).toEqual(['paragraph', 'figure', 'paragraph']);
    const figures = model.sections.flatMap((s) => [...allBlocks(s.blocks)]).filter((x): x is Extract<Block, { kind: 'figure' }> => x.kind === 'figure');
    expect(figures.map((x) => [x.n, x.caption, x.figure?.visual.id ?? null])).toEqual([
      [1, 'First', a!.id],
      [2, 'Second', b!.id],
      [3, 'Gone', null],
    ]);
  });

  it('the SWOT section: two composed 2-column tables become one 2×2; other tables stay tables', () => {
    const swot = '| Strengths | Weaknesses |\n|---|---|\n| **S1** Brand | **W1** Costs |\n| **S2** Staff | |\n\n| Opportunities | Threats |\n|---|---|\n| **O1** Online | None identified |';
    const [block] = modelOf([{ key: 'swot', content: swot }]).sections[0]!.blocks;
    expect(block!.kind).toBe('swot');
    const quadrants = (block as Extract<Block, { kind: 'swot' }>).quadrants;
    expect(quadrants.map((q) => [q.title, q.items.map(plainText)])).toEqual([
      ['Strengths', ['S1 Brand', 'S2 Staff']],
      ['Weaknesses', ['W1 Costs']],
      ['Opportunities', ['O1 Online']],
      ['Threats', ['None identified']],
    ]);
    expect(modelOf([{ key: 'introduction', content: swot }]).sections[0]!.blocks.map((b) => b.kind)).toEqual(['table', 'table']);
  });
});

describe('citations numbered across the document', () => {
  it('numbers in order of first appearance over all exported sections; a reused citation keeps its number', () => {
    const model = modelOf([
      { key: 'findings', content: 'B [@cb] and A [@ca].', citations: [cite('cb'), cite('ca')] },
      { key: 'executive-summary', content: 'First [@cs], again [@ca].', citations: [cite('cs'), cite('ca')] },
    ]);
    // report order puts the executive summary first
    expect(model.sections.map((s) => s.key)).toEqual(['executive-summary', 'findings']);
    expect(model.citations.map((c) => [c.n, c.id, c.sourceTitle])).toEqual([
      [1, 'cs', 'Source of cs'],
      [2, 'ca', 'Source of ca'],
      [3, 'cb', 'Source of cb'],
    ]);
    expect(model.sections.map((s) => s.citations)).toEqual([[1, 2], [3, 2]]);
    const runs = (model.sections[1]!.blocks[0] as Extract<Block, { kind: 'paragraph' }>).runs;
    expect(runs.filter((r) => r.citation).map((r) => r.citation)).toEqual([3, 2]);
  });

  it('marks a citation whose source was deleted, and one no section lists', () => {
    const model = modelOf([{ key: 'findings', content: 'X [@gone] Y [@ghost]', citations: [{ ...cite('gone'), broken: true, source_title: 'Old memo' } as never] }]);
    expect(model.citations.map((c) => [c.sourceTitle, c.broken])).toEqual([
      ['Old memo', true],
      [messages.exports.document.sourceUnknown, true],
    ]);
  });
});

describe('the Word document', () => {
  it('has heading styles, numbered titles, one real footnote per citation mark, tables with explicit widths, charts with alt text, a cover and a TOC', async () => {
    const f = composedFixture(SMALL, { visuals: 3, logo: { kind: 'png', bytes: await logoPng(), width: 120, height: 60 } });
    const model = buildExportModel(f.input);
    const zip = await unzip(await renderDocx(model, chartRenderer(model.brand)));
    const xml = await zip.file('word/document.xml')!.async('string');
    const doc = parseXml(xml, 'text/xml');
    expect(doc.errors).toEqual([]);
    const styles = Array.from(doc.doc.getElementsByTagName('w:pStyle')).map((e) => e.getAttribute('w:val'));
    expect(styles.filter((s) => s === 'Heading1')).toHaveLength(model.sections.length);
    expect(styles).toContain('Heading2');
    expect(xml).toContain('1. Executive Summary');
    // footnotes: one per citation mark in the text
    const marks = model.sections.reduce((n, s) => n + citationMarks(s.blocks), 0);
    expect(Array.from(doc.doc.getElementsByTagName('w:footnoteReference'))).toHaveLength(marks);
    const notes = await zip.file('word/footnotes.xml')!.async('string');
    expect(notes).toContain(model.citations[0]!.sourceTitle);
    // tables: fixed layout and a grid in twips that fills the text width
    expect(xml).toContain('w:type="fixed"');
    const grids = Array.from(doc.doc.getElementsByTagName('w:tblGrid')).map((g) => Array.from(g.getElementsByTagName('w:gridCol')).reduce((s, c) => s + Number(c.getAttribute('w:w')), 0));
    expect(grids.length).toBeGreaterThan(2);
    for (const total of grids) expect(total).toBeLessThanOrEqual(9026);
    // charts and logo as pictures, with alt text
    expect(Object.keys(zip.files).filter((n) => n.startsWith('word/media/')).length).toBe(f.visuals.length + 1);
    expect(Array.from(doc.doc.getElementsByTagName('wp:docPr')).some((e) => (e.getAttribute('descr') ?? '').includes(f.visuals[0]!.title))).toBe(true);
    // the contents list sections and their sub-sections (levels 1-2), not every finding's action title
    expect(xml).toMatch(/TOC \\h \\o &quot;1-2&quot;/);
    expect(xml).not.toContain('w:val="TOC3"');
    expect(xml).not.toMatch(/\*\*|\[@|!\[/);
  });

  it('sets footnote marks against the word they follow, and separates marks side by side with a comma', async () => {
    const model = modelOf([{ key: 'findings', content: 'Margin fell [@a][@b], and costs rose [@c].', citations: [cite('a'), cite('b'), cite('c')] }]);
    const xml = await (await unzip(await renderDocx(model, chartRenderer(model.brand)))).file('word/document.xml')!.async('string');
    const body = xml.slice(xml.lastIndexOf('<w:t', xml.indexOf('Margin fell')));
    const texts = [...body.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>|<w:footnoteReference [^>]*w:id="(\d+)"/g)].slice(0, 6).map((m) => m[1] ?? `[${m[2]}]`);
    expect(texts).toEqual(['Margin fell', '[1]', ',', '[2]', ', and costs rose', '[3]']);
  });

  it('widths in twips sum to the width they fill', () => {
    expect(twipWidths([1, 1, 2], 9000)).toEqual([2250, 2250, 4500]);
    expect(twipWidths([4, 60], 9026).reduce((a, b) => a + b)).toBe(9026);
  });

  it('keeps a short column as wide as its longest word: "Unsupported" is not broken inside the word', () => {
    // Prepare: a narrow column of short figures beside long prose, its header and one cell a long word
    const header = [[{ text: 'Figure' }], [{ text: 'Where' }], [{ text: 'Support' }]];
    const rows = [[[{ text: '11%' }], [{ text: 'Findings & Analysis: a long sentence '.repeat(4) }], [{ text: 'Unsupported' }]]];
    // Act
    const words = longestWords(header, rows);
    const widths = twipWidths([6, 54, 11], 9000, words.map((c) => Math.max(c.head.length, ...c.body.map((w) => w.length))));
    // Assess: "Figure" and "Unsupported" fit with the cell margins; the prose column gives the room; the sum holds
    expect(words.map((c) => c.head)).toEqual(['Figure', 'Where', 'Support']);
    expect(words[2]!.body[0]).toBe('Unsupported');
    expect(widths[0]).toBeGreaterThanOrEqual(6 * 125 + 200);
    expect(widths[2]).toBeGreaterThanOrEqual(11 * 125 + 200);
    expect(widths.reduce((a, b) => a + b)).toBe(9000);
    // proportional alone when the minimums cannot fit
    expect(fitWidths([1, 1], [600, 600], 1000)).toEqual([500, 500]);
    // a column already wide enough keeps its share
    expect(fitWidths([1, 3], [100, 100], 400)).toEqual([100, 300]);
  });
});

describe('the PDF', () => {
  it('holds every section heading, the notes with their sources, bookmarks for the headings and selectable text', async () => {
    const f = composedFixture(SMALL, { visuals: 2, logo: { kind: 'svg', bytes: new TextEncoder().encode(LOGO_SVG), width: 160, height: 64 } });
    const model = buildExportModel(f.input);
    const bytes = await renderPdf(model, chartRenderer(model.brand));
    const raw = Buffer.from(bytes).toString('latin1');
    expect(raw.slice(0, 5)).toBe('%PDF-');
    const { text, outline } = await pdfText(bytes);
    for (const s of model.sections) expect(text).toContain(`${s.number}. ${s.title}`);
    for (const c of model.citations) expect(text).toContain(c.sourceTitle);
    expect(text).toContain(messages.exports.document.notes);
    expect(text).toContain('Contents');
    expect(text).toMatch(/Page 2 of \d+/);
    expect(text).not.toMatch(/\*\*|\[@|!\[/);
    expect(outline).toEqual(expect.arrayContaining(model.sections.map((s) => `${s.number}. ${s.title}`)));
    expect(outline.some((t) => /^\d+\.\d+ /.test(t))).toBe(true);
    // DejaVu is embedded (subset), not a standard font
    expect(raw).toMatch(/\/FontFile2/);
  });
});

describe('all formats', () => {
  it('zips the three files, named from the title and date', async () => {
    const model = buildExportModel(composedFixture(SMALL, { visuals: 1 }).input);
    const out = await buildExportFile(model, 'all', NOW);
    expect(out.fileName).toBe('Nordlicht Operating Review 2025-11-22.zip');
    expect(out.contentType).toBe('application/zip');
    const names = Object.keys((await unzip(out.bytes)).files).sort();
    expect(names).toEqual(['Nordlicht Operating Review 2025-11-22.docx', 'Nordlicht Operating Review 2025-11-22.pdf', 'Nordlicht Operating Review 2025-11-22.pptx']);
  });
});

describe('file names', () => {
  it('keeps any script, replaces separators and characters systems refuse, and cuts long titles at a word', () => {
    expect(exportFileName('Årsrapport Ålesund – 報告書 ✓', NOW, 'pdf')).toBe('Årsrapport Ålesund – 報告書 ✓ 2025-11-22.pdf');
    expect(safeBaseName('Q3/Q4 review: "Acme" <draft>?')).toBe('Q3 - Q4 review - Acme - draft');
    expect(safeBaseName('..\\..\\etc/passwd')).toBe('etc - passwd');
    expect(safeBaseName('tab\there\u0000 and\u202e evil')).toBe('tabhere and evil');
    expect(safeBaseName('   ')).toBe('Report');
    expect(safeBaseName('CON')).toBe('Report');
    expect(safeBaseName('e\u0301te')).toBe('éte'); // NFC
    const long = safeBaseName('Strategic review of the Nordic retail operations and the supply chain, with recommendations for the next three years');
    expect([...long].length).toBeLessThanOrEqual(MAX_BASE_CHARS);
    expect(long.endsWith(' ')).toBe(false);
    expect(long).toBe('Strategic review of the Nordic retail operations and the supply chain, with');
    const emoji = safeBaseName('😀'.repeat(100));
    expect([...emoji]).toHaveLength(MAX_BASE_BYTES / 4);
    expect(emoji).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/); // no half characters
    expect(new TextEncoder().encode(exportFileName('😀'.repeat(100), NOW, 'docx')).length).toBeLessThan(255);
  });

  it('gives the download its name: an ASCII fallback and the UTF-8 name', () => {
    expect(contentDisposition('Årsrapport "Q3" 2025.pdf')).toBe(`attachment; filename="Arsrapport _Q3_ 2025.pdf"; filename*=UTF-8''%C3%85rsrapport%20%22Q3%22%202025.pdf`);
    expect(contentDisposition('報告 (draft).docx')).toContain("filename*=UTF-8''%E5%A0%B1%E5%91%8A%20%28draft%29.docx");
  });
});
