/**
 * Word on an untouched firm template (a sample cover and sample body, no placeholders): the report replaces the
 * sample body, its cover goes into the sample's title-styled paragraphs (Title, Subtitle, or else the first
 * heading), and the template's sections, headers, footers and styles are kept. The upload says so in plain words.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { templatesDetails } from '../../shared/messages/templates';
import { chartRenderer } from '../../functions/domain/exports/charts';
import { renderDocx } from '../../functions/domain/exports/docx';
import { buildExportModel } from '../../functions/domain/exports/model';
import { sampleToPlaceholders, topLevel, wordPlaceholders } from '../../functions/domain/exports/word-sample';
import { checkTemplate } from '../../functions/domain/templates/check-template';
import { composedFixture, SMALL } from '../helpers/export-fixtures';

const FIRM_WORD = join(__dirname, '../fixtures/firm-templates/docx');
const fixture = (name: string) => new Uint8Array(readFileSync(join(FIRM_WORD, name)));
const STYLES = ['Title', 'Subtitle', 'Heading 1', 'Heading 2', 'Body Text']
  .map((name) => `<w:style w:type="paragraph" w:styleId="${name.replace(/ /g, '')}"><w:name w:val="${name.toLowerCase().startsWith('heading') ? name.toLowerCase() : name}"/></w:style>`)
  .join('');
const p = (style: string, text: string, pPrExtra = '') => `<w:p><w:pPr><w:pStyle w:val="${style}"/>${pPrExtra}</w:pPr><w:r><w:rPr><w:b/></w:rPr><w:t>${text}</w:t></w:r></w:p>`;
const doc = (body: string) => `<w:document xmlns:w="w"><w:body>${body}<w:sectPr><w:pgSz w:w="12240" w:h="15840"/></w:sectPr></w:body></w:document>`;
/** each paragraph's style and text, in order */
const paragraphs = (xml: string) =>
  topLevel(/<w:body>([\s\S]*)<\/w:body>/.exec(xml)![1]!)
    .filter((e) => e.startsWith('<w:p>') || e.startsWith('<w:p '))
    .map((e) => `${/<w:pStyle w:val="([^"]+)"/.exec(e)?.[1] ?? '-'}:${[...e.matchAll(/<w:t\b[^>]*>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('')}${/<w:br w:type="page"\/>/.test(e) ? '[page]' : ''}${/<w:sectPr/.test(e) ? '[section]' : ''}`);

describe('the sample made into placeholders', () => {
  it('Title and Subtitle take title and client, the other fields follow as Subtitles, the sample text goes, the body starts a page', () => {
    const out = sampleToPlaceholders(doc(`${p('BodyText', 'ACME')}${p('Title', 'Report title')}${p('Subtitle', 'Client name')}${p('BodyText', 'Month Year')}${p('Heading1', 'Introduction')}${p('BodyText', 'Lorem')}`), STYLES);
    expect(paragraphs(out)).toEqual(['Title:{{title}}', 'Subtitle:{{client}}', 'Subtitle:{{subtitle}}', 'Subtitle:{{date}}', 'Subtitle:{{author}}', '-:[page]', '-:{{body}}']);
    // the run look of the sample's paragraph is kept, and the last section's properties
    expect(out).toContain('<w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">{{title}}</w:t></w:r>');
    expect(out).toMatch(/\{\{body\}\}<\/w:t><\/w:r><\/w:p><w:sectPr><w:pgSz w:w="12240"/);
  });

  it('without a Title or Subtitle paragraph, the first heading takes the cover in the Title style; a cover section keeps its own section break', () => {
    const cover = `<w:sectPr><w:pgSz w:w="11906" w:h="16838"/></w:sectPr>`;
    const out = sampleToPlaceholders(doc(`${p('BodyText', 'Sender')}${p('Heading1', 'Curriculum Vitae', cover)}${p('Heading2', 'About me')}${p('BodyText', 'Joe')}`), STYLES);
    expect(paragraphs(out)).toEqual(['Title:{{title}}', 'Subtitle:{{client}}', 'Subtitle:{{subtitle}}', 'Subtitle:{{date}}', 'Subtitle:{{author}}[section]', '-:{{body}}']);
  });

  it('without a Title style, the heading that takes the title keeps its look, unnumbered and out of the contents', () => {
    const noTitle = STYLES.replace(/<w:style [^>]*w:styleId="Title">[\s\S]*?<\/w:style>/, '');
    const out = sampleToPlaceholders(doc(`${p('Heading1', 'Curriculum Vitae')}${p('BodyText', 'Joe')}`), noTitle);
    expect(paragraphs(out)[0]).toBe('Heading1:{{title}}');
    expect(out).toContain('<w:pPr><w:pStyle w:val="Heading1"/><w:numPr><w:ilvl w:val="0"/><w:numId w:val="0"/></w:numPr><w:outlineLvl w:val="9"/></w:pPr>');
  });

  it('a sample with no title-styled paragraph gets a cover in its Title and Subtitle styles', () => {
    const out = sampleToPlaceholders(doc(`${p('BodyText', 'Dear Sir')}<w:tbl><w:tr><w:tc>${p('BodyText', 'cell')}</w:tc></w:tr></w:tbl>`), STYLES);
    expect(paragraphs(out)).toEqual(['Title:{{title}}', 'Subtitle:{{client}}', 'Subtitle:{{subtitle}}', 'Subtitle:{{date}}', 'Subtitle:{{author}}', '-:[page]', '-:{{body}}']);
    expect(out).not.toContain('<w:tbl>');
  });

  it('placeholders are found across runs; a template with any of them is not untouched', () => {
    expect(wordPlaceholders('<w:t>{{bo</w:t></w:r><w:r><w:t>dy}}</w:t>')).toEqual({ body: true, any: true });
    expect(wordPlaceholders('<w:t>{{title}}</w:t>')).toEqual({ body: false, any: true });
    expect(wordPlaceholders('<w:t>Report title</w:t>')).toEqual({ body: false, any: false });
  });
});

describe('a report on the untouched corporate template', () => {
  it('replaces the sample: the cover names the report and client, the sample text is gone, the sections, header, footer and logo are kept', async () => {
    // Prepare
    const model = buildExportModel(composedFixture(SMALL).input);
    // Act
    const bytes = await renderDocx(model, chartRenderer(model.brand), { kind: 'docx', bytes: fixture('untouched-corporate.docx'), layouts: [] });
    // Assess
    const zip = await JSZip.loadAsync(bytes);
    const document = await zip.file('word/document.xml')!.async('string');
    const text = document.replace(/<[^>]+>/g, ' ');
    expect(text).toContain(model.cover.title);
    expect(text).toContain(model.cover.client);
    for (const sample of ['Report title', 'Client name', 'Month Year', 'Author name', 'Sample text of the template', 'HALVORSEN']) expect(text).not.toContain(sample);
    expect(text).not.toContain('{{');
    const list = paragraphs(document);
    expect(list[0]).toBe(`Title:${model.cover.title}`);
    expect(list[1]).toBe(`Subtitle:${model.cover.client}`);
    // two sections: the cover's (Letter, no header) and the body's with the header and footer
    const sections = document.match(/<w:sectPr\b[\s\S]*?<\/w:sectPr>/g) ?? [];
    expect(sections).toHaveLength(2);
    expect(sections[0]).not.toContain('headerReference');
    expect(sections[1]).toMatch(/headerReference[\s\S]*footerReference/);
    expect(sections[1]).toContain('<w:pgSz w:w="12240" w:h="15840"/>');
    expect(await zip.file('word/header1.xml')!.async('string')).toContain('Halvorsen &amp; Co.');
    expect(zip.file('word/media/header1-logo.png')).not.toBeNull();
    // the report's headings in the template's heading styles
    expect(document).toMatch(new RegExp(`<w:pStyle w:val="Heading1"/>[\\s\\S]*?${model.sections[0]!.title.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  });

  it('the upload says in plain words what will happen; a template with fields but no {{body}} keeps its note', async () => {
    const untouched = await checkTemplate('Halvorsen.docx', fixture('untouched-corporate.docx'));
    expect(untouched.notes).toEqual([templatesDetails.templateWordSampleReplaced]);
    const fields = await checkTemplate('Kestrel.docx', fixture('header-logo.docx'));
    expect(fields.notes).toEqual([]);
  });
});
