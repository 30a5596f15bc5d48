/**
 * Exports built on a firm's template, checked with real tools, on the two real-world-shaped
 * templates the tests build (test/helpers/office-templates.ts):
 * - Word: LibreOffice converts it; pdftotext shows the cover's fields filled, the template's header and footer,
 *   and every section heading in order; its heading paragraphs name the template's styles, whose definitions
 *   (Georgia, the firm's maroon) are the template's; its page is the template's (Letter, 0.75 in margins).
 * - PowerPoint: LibreOffice converts it; every slide refers to one of the template's layouts (none of ours is
 *   left, nor the template's sample slide); titles sit in the layout's title placeholder with no position of
 *   their own; charts are native chart parts (ppt/charts/chart*.xml) referenced from slides; the theme is the
 *   template's.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartRenderer } from '../../functions/domain/exports/charts';
import { renderDocx } from '../../functions/domain/exports/docx';
import type { ExportTemplate } from '../../functions/domain/exports/export-template';
import { buildExportModel, type ExportModel } from '../../functions/domain/exports/model';
import { renderPptx } from '../../functions/domain/exports/pptx';
import { checkTemplate } from '../../functions/domain/templates/check-template';
import { composedFixture, SMALL } from '../helpers/export-fixtures';
import { DECK_LAYOUTS, deckTemplate, FIRM, WORD_PAGE, wordTemplate } from '../helpers/office-templates';
import { convertToPdf } from '../helpers/soffice';

const work = mkdtempSync(join(tmpdir(), 'assay-template-fidelity-'));
const CONVERT_MS = 180_000;
let model: ExportModel;
let word: ExportTemplate;
let deck: ExportTemplate;
let files: { docx: string; pptx: string };
let bytes: { docx: Uint8Array; pptx: Uint8Array };


function pdfText(file: string): string {
  const run = spawnSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout.replace(/\s+/g, ' ');
}

const flat = (s: string) => s.replace(/\s+/g, ' ').trim();

beforeAll(async () => {
  for (const tool of ['soffice', 'pdftotext']) {
    if (spawnSync('which', [tool]).status !== 0) throw new Error(`${tool} is not installed: apt-get install -y libreoffice-writer-nogui libreoffice-impress-nogui poppler-utils`);
  }
  const [w, d] = await Promise.all([checkTemplate('Northwind report.dotx', await wordTemplate()), checkTemplate('Northwind deck.potx', await deckTemplate())]);
  word = { kind: 'docx', bytes: w.bytes, layouts: w.layouts };
  deck = { kind: 'pptx', bytes: d.bytes, layouts: d.layouts };
  model = buildExportModel(composedFixture(SMALL).input);
  const charts = chartRenderer(model.brand);
  bytes = { docx: await renderDocx(model, charts, word), pptx: await renderPptx(model, charts, deck) };
  files = { docx: join(work, 'on-template.docx'), pptx: join(work, 'on-template.pptx') };
  writeFileSync(files.docx, bytes.docx);
  writeFileSync(files.pptx, bytes.pptx);
}, 120_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('Word on the firm template', () => {
  it(
    'LibreOffice converts it; the cover fields are filled, the template’s header and footer show, and the headings come in order',
    async () => {
      // Act
      const converted = await convertToPdf(files.docx, work, CONVERT_MS);
      // Assess
      expect(converted.status, converted.stderr).toBe(0);
      expect(existsSync(converted.pdf), converted.stderr).toBe(true);
      const text = pdfText(converted.pdf);
      expect(text).toContain(`Prepared for ${model.cover.client}`);
      expect(text).toContain(flat(model.cover.title));
      expect(text).toContain(`Author: ${model.cover.preparedBy}`);
      expect(text).toContain(model.cover.date);
      expect(text).not.toMatch(/\{\{\s*\w+\s*\}\}/);
      expect(text).toContain(FIRM.header);
      expect(text).toContain(FIRM.footer);
      let at = 0;
      for (const s of model.sections) {
        const next = text.indexOf(flat(`${s.number}. ${s.title}`), at);
        expect(next, `${s.number}. ${s.title} after position ${at}`).toBeGreaterThan(at);
        at = next;
      }
    },
    CONVERT_MS + 30_000,
  );

  it('its headings name the template’s styles, defined as the template defines them, on the template’s page', async () => {
    const zip = await JSZip.loadAsync(bytes.docx);
    const doc = await zip.file('word/document.xml')!.async('string');
    const styles = await zip.file('word/styles.xml')!.async('string');
    for (const level of [1, 2]) expect(doc).toContain(`<w:pStyle w:val="Heading${level}"/>`);
    const heading1 = /<w:style\b[^>]*w:styleId="Heading1"[\s\S]*?<\/w:style>/.exec(styles)?.[0] ?? '';
    expect(heading1).toContain(FIRM.heading);
    expect(heading1).toContain(FIRM.maroon);
    expect(styles).toContain('w:styleId="FirmTable"');
    expect(doc).toContain('<w:tblStyle w:val="FirmTable"/>');
    expect(doc).toContain(`w:w="${WORD_PAGE.width}"`);
    expect(doc).toMatch(new RegExp(`<w:pgMar[^>]*w:left="${WORD_PAGE.margin}"`));
    expect(doc).not.toContain('{{body}}');
    expect(await zip.file('word/footnotes.xml')!.async('string')).toContain(model.citations[0]!.sourceTitle);
  });
});

describe('PowerPoint on the firm template', () => {
  it(
    'LibreOffice converts it and the titles read in the PDF',
    async () => {
      const converted = await convertToPdf(files.pptx, work, CONVERT_MS);
      expect(converted.status, converted.stderr).toBe(0);
      expect(existsSync(converted.pdf), converted.stderr).toBe(true);
      const text = pdfText(converted.pdf);
      expect(text).toContain(flat(model.title));
      expect(text).toContain(FIRM.footer);
      expect(text).not.toContain('Sample — delete me');
    },
    CONVERT_MS + 30_000,
  );

  it('every slide uses one of the template’s layouts, its titles in the layout’s placeholder, and charts stay native', async () => {
    const namesOf = async (zip: JSZip) => {
      const out = new Map<string, string>();
      for (const path of Object.keys(zip.files).filter((p) => /^ppt\/slideLayouts\/slideLayout\d+\.xml$/.test(p))) {
        out.set(path, /<p:cSld name="([^"]*)"/.exec(await zip.file(path)!.async('string'))![1]!);
      }
      return out;
    };
    const zip = await JSZip.loadAsync(bytes.pptx);
    const layoutNames = await namesOf(zip);
    // the template's layouts, and only they: none of the built-in masters came along
    expect([...layoutNames.entries()]).toEqual([...(await namesOf(await JSZip.loadAsync(deck.bytes))).entries()]);
    for (const l of DECK_LAYOUTS) expect([...layoutNames.values()]).toContain(l.name);
    const slides = Object.keys(zip.files).filter((p) => /^ppt\/slides\/slide\d+\.xml$/.test(p));
    expect(slides.length).toBeGreaterThan(5);
    const used = new Set<string>();
    let chartRefs = 0;
    for (const slide of slides) {
      const rels = await zip.file(slide.replace('slides/', 'slides/_rels/') + '.rels')!.async('string');
      const layout = /Type="[^"]*\/slideLayout" Target="\/?([^"]+)"/.exec(rels)![1]!.replace(/^\.\.\//, 'ppt/');
      expect(layoutNames.has(layout), `${slide} → ${layout}`).toBe(true);
      used.add(layoutNames.get(layout)!);
      for (const m of rels.matchAll(/Type="[^"]*\/chart" Target="\/?([^"]+)"/g)) {
        expect(m[1]).toMatch(/^ppt\/charts\/chart[^/]*\.xml$/);
        expect(zip.file(m[1]!)).not.toBeNull();
        chartRefs++;
      }
      const xml = await zip.file(slide)!.async('string');
      const titles = [...xml.matchAll(/<p:sp>(?:(?!<\/p:sp>)[\s\S])*?<p:ph\b[^>]*type="title"[\s\S]*?<\/p:sp>/g)].map((m) => m[0]);
      for (const t of titles) expect(t, `${slide}: a title with a position of its own`).not.toContain('<a:xfrm');
    }
    for (const name of ['Northwind Title', 'Northwind Title and Content', 'Northwind Section']) expect(used.has(name), name).toBe(true);
    expect(chartRefs).toBeGreaterThan(0);
    const theme = await zip.file('ppt/theme/theme1.xml')!.async('string');
    expect(theme).toContain(`typeface="${FIRM.heading}"`);
    const presentation = await zip.file('ppt/presentation.xml')!.async('string');
    expect(presentation.match(/<p:sldId /g)).toHaveLength(slides.length);
  });
});
