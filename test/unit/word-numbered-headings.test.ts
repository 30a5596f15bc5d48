/**
 * Word on a firm's numbered headings: the heading levels a template numbers itself are found in its styles,
 * in the heading style or through the styles it is based on (`w:basedOn`), and a report built on such a template
 * writes no numbers of its own into those headings (the template's numbering is the only one). A template whose
 * headings are not numbered still gets ours.
 */
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { chartRenderer } from '../../functions/domain/exports/charts';
import { numberedHeadingLevels, renderDocx } from '../../functions/domain/exports/docx';
import { buildExportModel } from '../../functions/domain/exports/model';
import { composedFixture, SMALL } from '../helpers/export-fixtures';
import { HEADING_NUM_ID, numberedWordTemplate, wordTemplate } from '../helpers/office-templates';

const partsOf = async (bytes: Uint8Array) => {
  const zip = await JSZip.loadAsync(bytes);
  const read = (path: string) => zip.file(path)?.async('string') ?? Promise.resolve('');
  return { styles: await read('word/styles.xml'), numbering: await read('word/numbering.xml'), document: await read('word/document.xml') };
};

const NUMBERING = `<w:numbering><w:abstractNum w:abstractNumId="3"/><w:num w:numId="7"><w:abstractNumId w:val="3"/></w:num></w:numbering>`;
const style = (id: string, inner: string) => `<w:style w:type="paragraph" w:styleId="${id}"><w:name w:val="${id}"/>${inner}</w:style>`;

/** The text of each paragraph of the given heading style, in order. */
function headings(documentXml: string, level: number): string[] {
  return [...documentXml.matchAll(/<w:p\b[^>]*>([\s\S]*?)<\/w:p>/g)]
    .filter((m) => m[1]!.includes(`<w:pStyle w:val="Heading${level}"/>`))
    .map((m) => [...m[1]!.matchAll(/<w:t\b[^>]*>([^<]*)<\/w:t>/g)].map((t) => t[1]).join('').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));
}

describe('numbered heading styles', () => {
  it('are found through basedOn: a heading with no numPr of its own, or only its level, takes its base’s numbering; numId 0 switches it off', async () => {
    // Prepare
    const { styles, numbering } = await partsOf(await numberedWordTemplate());
    // Act
    const levels = numberedHeadingLevels(styles, numbering);
    // Assess
    expect([...levels].sort()).toEqual([1, 2, 3]);
  });

  it('are found in the heading style itself; a numbering the numbering part does not define, or none, numbers nothing', () => {
    expect([...numberedHeadingLevels(style('Heading1', '<w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="7"/></w:numPr></w:pPr>'), NUMBERING)]).toEqual([1]);
    expect([...numberedHeadingLevels(style('Heading1', '<w:pPr><w:numPr><w:numId w:val="8"/></w:numPr></w:pPr>'), NUMBERING)]).toEqual([]);
    expect([...numberedHeadingLevels(style('Heading2', '<w:basedOn w:val="Heading2"/>'), NUMBERING)]).toEqual([]);
    expect([...numberedHeadingLevels(style('Heading2', '<w:basedOn w:val="Gone"/>'), NUMBERING)]).toEqual([]);
  });

  it('the plain firm template numbers no heading', async () => {
    const { styles, numbering } = await partsOf(await wordTemplate());
    expect([...numberedHeadingLevels(styles, numbering)]).toEqual([]);
  });
});

describe('a report on a template with numbered headings', () => {
  it('writes no number of its own into the headings the template numbers, keeps the template’s numbering, and numbers the others', async () => {
    // Prepare
    const model = buildExportModel(composedFixture(SMALL).input);
    const charts = chartRenderer(model.brand);
    // Act
    const numbered = await partsOf(await renderDocx(model, charts, { kind: 'docx', bytes: await numberedWordTemplate(), layouts: [] }));
    const plain = await partsOf(await renderDocx(model, charts, { kind: 'docx', bytes: await wordTemplate(), layouts: [] }));
    // Assess: the sections' titles bare on the numbered template, "1. …" on the plain one
    expect(headings(numbered.document, 1)).toEqual(model.sections.map((s) => s.title));
    expect(headings(plain.document, 1)).toEqual(model.sections.map((s) => `${s.number}. ${s.title}`));
    const sub = headings(numbered.document, 2);
    expect(sub.length).toBeGreaterThan(0);
    for (const text of sub) expect(text).not.toMatch(/^\d+(\.\d+)*\.?\s/);
    expect(headings(plain.document, 2).every((t) => /^\d+\.\d+\.? /.test(t))).toBe(true);
    // the template's numbering and its heading styles are in the export
    expect(numbered.numbering).toContain(`<w:num w:numId="${HEADING_NUM_ID}">`);
    expect(numbered.styles).toMatch(/w:styleId="FirmHeadingBase"[\s\S]*?<w:numId w:val="90"\/>/);
  });
});
