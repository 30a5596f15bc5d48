/**
 * A template fetches nothing (functions/domain/exports/outside-links.ts and the templates' check): on packages
 * built in code, what cannot be taken out is refused with a detail that names it (a DTD in any part, `.rels` and
 * UTF-16 parts included; a fetching Word field, complex or simple; an HTML chunk; an SVG reference out), and
 * what can is stripped with the markup that used it, the lead told what went: linked pictures (`http:`,
 * `file:`, an encoded `&#102;ile:` without TargetMode), an attached template, hyperlinks (their text kept), a
 * linked OLE object and VML picture, a click-through on a slide, a mail merge. The exporters strip the same from
 * any template they are handed (a template stored before the check), and an export carries none of it.
 */
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { details } from '@shared/messages';
import { chartRenderer } from '../../functions/domain/exports/charts';
import { renderDocx } from '../../functions/domain/exports/docx';
import { buildExportModel } from '../../functions/domain/exports/model';
import { holdsRefused, isSelfContained, refusalsIn, withoutOutsideLinks } from '../../functions/domain/exports/outside-links';
import { renderPptx } from '../../functions/domain/exports/pptx';
import { checkTemplate } from '../../functions/domain/templates/check-template';
import { isAppError } from '../../functions/lib/errors';
import { composedFixture, SMALL } from '../helpers/export-fixtures';
import { deckTemplate, dtdWordTemplate, linkedDeckTemplate, linkedWordTemplate, wordTemplate } from '../helpers/office-templates';

const PICTURES = ['http://127.0.0.1:9/linked.png', 'file:///etc/hostname'] as const;
const ATTACHED = 'https://templates.example/remote.dotm';
const SITE = 'https://northwind.example/';

async function refusal(name: string, bytes: Uint8Array): Promise<{ status: number; detail: string }> {
  try {
    await checkTemplate(name, bytes);
  } catch (error) {
    if (isAppError(error)) return { status: error.status, detail: error.message };
    throw error;
  }
  throw new Error(`${name} was accepted`);
}

/** A package's parts as text, by path (XML parts only). */
const texts = (bytes: Uint8Array) => Object.fromEntries(Object.entries(unzipSync(bytes)).filter(([p]) => /\.(xml|rels)$/.test(p)).map(([p, b]) => [p, strFromU8(b)]));
const allRels = (bytes: Uint8Array) => Object.entries(texts(bytes)).filter(([p]) => p.endsWith('.rels')).map(([, x]) => x).join('\n');

/** The Word template with one part replaced by `edit` of it. */
async function editedWord(part: string, edit: (xml: string) => string, extra: Record<string, string> = {}): Promise<Uint8Array> {
  const all = unzipSync(await wordTemplate());
  all[part] = strToU8(edit(strFromU8(all[part]!)));
  for (const [p, x] of Object.entries(extra)) all[p] = strToU8(x);
  return zipSync(all);
}

describe('a template that links outside itself is accepted cleaned, and the lead is told what went', () => {
  it('Word: linked pictures (http: and file:), the attached template and a hyperlink are stripped; the note names them', async () => {
    // Prepare
    const bytes = await linkedWordTemplate({ pictures: PICTURES, attachedTemplate: ATTACHED, hyperlink: SITE, linkText: 'Northwind online' });
    // Act
    const checked = await checkTemplate('Linked report.dotx', bytes);
    // Assess: the note
    expect(checked.notes).toEqual([
      details.templateLinksRemoved([
        { kind: 'picture', targets: [...PICTURES] },
        { kind: 'hyperlink', targets: [SITE] },
        { kind: 'attachedTemplate', targets: [ATTACHED] },
      ]),
    ]);
    expect(checked.notes[0]).toBe(
      `Removed, because a template may fetch nothing from outside itself: 2 linked pictures (${PICTURES.join(', ')}); a hyperlink, kept as text (${SITE}); the attached template (${ATTACHED})`,
    );
    // the package kept: no outside target, no reference to a removed relationship, no attached template, the link's text
    const parts = texts(checked.bytes);
    expect(allRels(checked.bytes)).not.toMatch(/TargetMode="External"|attachedTemplate|127\.0\.0\.1|file:/);
    expect(parts['word/document.xml']).not.toMatch(/r:link=|rIdLinked|rIdLink"|<w:hyperlink/);
    expect(parts['word/document.xml']).toContain('<a:blip/>');
    expect(parts['word/document.xml']).toContain('<w:t>Northwind online</w:t>');
    expect(parts['word/settings.xml']).not.toContain('attachedTemplate');
    expect(isSelfContained(unzipSync(checked.bytes))).toBe(true);
  });

  it('PowerPoint: a layout’s linked pictures and their click-through hyperlink are stripped; the layouts are still found', async () => {
    const checked = await checkTemplate('Linked deck.potx', await linkedDeckTemplate({ pictures: PICTURES, hyperlink: SITE }));
    expect(checked.notes).toEqual([details.templateLinksRemoved([{ kind: 'picture', targets: [...PICTURES] }, { kind: 'hyperlink', targets: [SITE] }])]);
    expect(checked.layouts.find((l) => l.layout === 'title')).toMatchObject({ name: 'Northwind Title', fallback: false });
    const layouts = Object.entries(texts(checked.bytes)).filter(([p]) => p.startsWith('ppt/slideLayouts/slideLayout'));
    expect(layouts.map(([, x]) => x).join('')).not.toMatch(/r:link=|hlinkClick/);
    expect(allRels(checked.bytes)).not.toMatch(/TargetMode="External"/);
    expect(isSelfContained(unzipSync(checked.bytes))).toBe(true);
  });

  it('a target with a scheme is outside whatever its mode says, character references resolved (&#102;ile:, a UNC path)', async () => {
    // Prepare: two pictures whose relationships claim to be internal
    const bytes = await editedWord('word/_rels/document.xml.rels', (x) =>
      x.replace(
        '</Relationships>',
        '<Relationship Id="rIdA" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="&#102;ile:///etc/hostname"/><Relationship Id=\'rIdB\' Type=\'http://schemas.openxmlformats.org/officeDocument/2006/relationships/image\' Target=\'\\\\fileserver\\share\\logo.png\' TargetMode=\'Internal\'/></Relationships>',
      ),
    );
    // Act
    const cleaned = withoutOutsideLinks(unzipSync(bytes));
    // Assess
    expect(cleaned.removed).toEqual([
      { part: 'word/document.xml', kind: 'picture', target: 'file:///etc/hostname' },
      { part: 'word/document.xml', kind: 'picture', target: '\\\\fileserver\\share\\logo.png' },
    ]);
    expect(strFromU8(cleaned.parts['word/_rels/document.xml.rels']!)).not.toMatch(/rIdA|rIdB/);
  });

  it('a linked OLE object and VML picture lose their links (the shape and its embedded preview stay), a mail merge goes whole', async () => {
    // Prepare
    const object =
      '<w:p><w:r><w:object><v:shape id="ole1" style="width:40pt;height:40pt"><v:imagedata r:id="rIdPreview" o:title=""/></v:shape><o:OLEObject Type="Link" ProgID="Excel.Sheet.12" ShapeID="ole1" DrawAspect="Content" r:id="rIdOle" UpdateMode="Always"><o:LinkType>EnhancedMetaFile</o:LinkType></o:OLEObject></w:object></w:r></w:p>' +
      '<w:p><w:r><w:pict><v:shape id="pic2" style="width:40pt;height:40pt"><v:imagedata r:id="rIdVml" o:relid="rIdVml" o:title="linked"/></v:shape></w:pict></w:r></w:p>';
    const bytes = await editedWord('word/document.xml', (x) => x.replace('<w:body>', `<w:body>${object}`), {
      'word/_rels/document.xml.rels': strFromU8(unzipSync(await wordTemplate())['word/_rels/document.xml.rels']!).replace(
        '</Relationships>',
        '<Relationship Id="rIdPreview" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/preview.png"/>' +
          '<Relationship Id="rIdOle" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/oleObject" Target="file:///C:/finance/plan.xlsx" TargetMode="External"/>' +
          '<Relationship Id="rIdVml" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="http://127.0.0.1:9/vml.png" TargetMode="External"/></Relationships>',
      ),
    });
    const withMerge = await JSZip.loadAsync(bytes);
    const settings = await withMerge.file('word/settings.xml')!.async('string');
    withMerge.file('word/settings.xml', settings.replace('<w:defaultTabStop', '<w:mailMerge><w:mainDocumentType w:val="formLetters"/><w:connectString w:val="Provider=SQLOLEDB;Data Source=db.example"/><w:query w:val="SELECT * FROM people"/></w:mailMerge><w:defaultTabStop'));
    // Act
    const checked = await checkTemplate('Objects.dotx', await withMerge.generateAsync({ type: 'uint8array' }));
    // Assess
    expect(checked.notes).toEqual([details.templateLinksRemoved([{ kind: 'object', targets: ['file:///C:/finance/plan.xlsx'] }, { kind: 'picture', targets: ['http://127.0.0.1:9/vml.png'] }, { kind: 'mailMerge', targets: [''] }])]);
    const parts = texts(checked.bytes);
    const document = parts['word/document.xml']!;
    expect(document).not.toContain('OLEObject');
    expect(document).toContain('<v:imagedata r:id="rIdPreview" o:title=""/>');
    expect(document).toContain('<v:imagedata o:title="linked"/>');
    expect(parts['word/settings.xml']).not.toMatch(/mailMerge|connectString/);
    expect(parts['word/_rels/document.xml.rels']).toContain('media/preview.png');
  });

  it('a template with nothing outside it is kept byte for byte (as a document), with nothing to note', async () => {
    const checked = await checkTemplate('Northwind deck.potx', await deckTemplate());
    expect(checked.notes).toEqual([]);
    expect(withoutOutsideLinks(unzipSync(checked.bytes)).removed).toEqual([]);
  });
});

describe('what cannot be taken out is refused, with a detail that names it', () => {
  it('a DOCTYPE with an external entity, and a DOCTYPE of nested entities, each 400 with the part and the declarations', async () => {
    expect(await refusal('Entity.dotx', await dtdWordTemplate('doctype'))).toEqual({
      status: 400,
      detail: details.templateDeclarations('Entity.dotx', [
        { part: 'word/document.xml', name: 'DOCTYPE' },
        { part: 'word/document.xml', name: 'ENTITY' },
      ]),
    });
    const laughs = await refusal('Laughs.dotx', await dtdWordTemplate('entities'));
    expect(laughs.status).toBe(400);
    expect(laughs.detail).toBe(
      "Laughs.dotx was refused: word/styles.xml has a DOCTYPE declaration; word/styles.xml has an ENTITY declaration. A template's XML may declare no DOCTYPE or entities (they can make a reader fetch files or addresses); save it again from Word or PowerPoint and upload it again",
    );
  });

  it('a DTD in a relationship part of a deck, and in a UTF-16 part, is found too', async () => {
    const deck = unzipSync(await deckTemplate());
    deck['_rels/.rels'] = strToU8(strFromU8(deck['_rels/.rels']!).replace('<Relationships', '<!DOCTYPE Relationships SYSTEM "http://127.0.0.1:9/rels.dtd"><Relationships'));
    expect(await refusal('deck.potx', zipSync(deck))).toEqual({ status: 400, detail: details.templateDeclarations('deck.potx', [{ part: '_rels/.rels', name: 'DOCTYPE' }]) });
    const word = unzipSync(await wordTemplate());
    const utf16 = `\uFEFF${strFromU8(word['word/footer1.xml']!).replace('encoding="UTF-8"', 'encoding="UTF-16"').replace(/(<\?xml[^>]*\?>)/, '$1<!DOCTYPE w:ftr [<!ENTITY x "y">]>')}`;
    word['word/footer1.xml'] = new Uint8Array(Buffer.from(utf16, 'utf16le'));
    expect(refusalsIn(word).map((r) => `${r.part} ${r.name}`)).toEqual(['word/footer1.xml DOCTYPE', 'word/footer1.xml ENTITY']);
  });

  it('a field that fetches (INCLUDEPICTURE split over runs, a simple INCLUDETEXT) is refused; PAGE and a hyperlink field are not', async () => {
    // Prepare
    const split =
      '<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> INCLUDE</w:instrText></w:r><w:r><w:instrText>PICTURE "http://127.0.0.1:9/x.png" \\d</w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>x</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>';
    const simple = '<w:p><w:fldSimple w:instr=" INCLUDETEXT &quot;file:///etc/hostname&quot; "><w:r><w:t>y</w:t></w:r></w:fldSimple></w:p>';
    const harmless = '<w:p><w:fldSimple w:instr=" PAGE "><w:r><w:t>1</w:t></w:r></w:fldSimple><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> HYPERLINK "https://northwind.example/" </w:instrText></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>';
    // Act
    const refused = await refusal('Fields.dotx', await editedWord('word/document.xml', (x) => x.replace('<w:body>', `<w:body>${split}`)));
    const footer = await refusal('Footer.dotx', await editedWord('word/footer1.xml', (x) => x.replace('<w:p>', `${simple}<w:p>`)));
    const accepted = await checkTemplate('Harmless.dotx', await editedWord('word/document.xml', (x) => x.replace('<w:body>', `<w:body>${harmless}`)));
    // Assess
    expect(refused).toEqual({ status: 400, detail: details.templateFetchesContent('Fields.dotx', [{ part: 'word/document.xml', kind: 'field', name: 'INCLUDEPICTURE' }]) });
    expect(refused.detail).toBe('Fields.dotx was refused: the field INCLUDEPICTURE in word/document.xml would fetch content from outside the template when it is opened. Remove it and upload the template again');
    expect(footer).toEqual({ status: 400, detail: details.templateFetchesContent('Footer.dotx', [{ part: 'word/footer1.xml', kind: 'field', name: 'INCLUDETEXT' }]) });
    expect(accepted.notes).toEqual([]);
  });

  it('an HTML chunk (altChunk) and an SVG picture that refers outside are refused; an SVG that refers to itself is not', async () => {
    const chunk = await refusal('Chunk.dotx', await editedWord('word/document.xml', (x) => x.replace('<w:body>', '<w:body><w:altChunk r:id="rIdChunk"/>'), { 'word/afchunk.htm': '<img src="http://127.0.0.1:9/x.png">' }));
    expect(chunk).toEqual({ status: 400, detail: details.templateFetchesContent('Chunk.dotx', [{ part: 'word/document.xml', kind: 'altChunk', name: 'altChunk' }]) });
    const svg = (inner: string) => editedWord('word/document.xml', (x) => x, { 'word/media/logo.svg': `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">${inner}</svg>` });
    expect(await refusal('Svg.dotx', await svg('<image xlink:href="file:///etc/hostname" width="10" height="10"/>'))).toEqual({
      status: 400,
      detail: details.templateFetchesContent('Svg.dotx', [{ part: 'word/media/logo.svg', kind: 'svg', name: 'file:///etc/hostname' }]),
    });
    expect((await refusal('Css.dotx', await svg('<rect style="fill:url(http://127.0.0.1:9/p.svg#g)"/>'))).detail).toContain('which refers to http://127.0.0.1:9/p.svg#g');
    expect((await checkTemplate('Own.dotx', await svg('<defs><linearGradient id="g"/></defs><rect fill="url(#g)"/><use href="#g"/><image href="data:image/png;base64,AAAA"/>'))).notes).toEqual([]);
  });
});

describe('the exporters copy no outside link from a template they are handed', () => {
  it('a template stored before the check (links and attached template kept): DOCX and PPTX on it carry no outside target', async () => {
    // Prepare: the raw packages, as a template kept before uploads were cleaned (a report without charts: quicker)
    const model = buildExportModel(composedFixture(SMALL, { visuals: 0 }).input);
    const charts = chartRenderer(model.brand);
    const word = await linkedWordTemplate({ pictures: PICTURES, attachedTemplate: ATTACHED, hyperlink: SITE });
    const deck = await linkedDeckTemplate({ pictures: PICTURES, hyperlink: SITE });
    const deckLayouts = (await checkTemplate('deck.potx', deck)).layouts;
    // Act
    const docx = await renderDocx(model, charts, { kind: 'docx', bytes: word, layouts: [] });
    const pptx = await renderPptx(model, charts, { kind: 'pptx', bytes: deck, layouts: deckLayouts });
    // Assess: none of the template's targets, no attached template, no reference to a removed link
    for (const out of [docx, pptx]) {
      const rels = allRels(out);
      expect(rels).not.toMatch(/127\.0\.0\.1|file:|attachedTemplate|northwind\.example|templates\.example/);
      expect(Object.values(texts(out)).join('')).not.toMatch(/r:link=|attachedTemplate/);
    }
  });

  it('a stored template holding what an upload is refused for is not built on (holdsRefused)', async () => {
    expect(holdsRefused(await dtdWordTemplate('doctype'))).toBe(true);
    expect(holdsRefused(await linkedWordTemplate({ pictures: PICTURES }))).toBe(false);
    expect(holdsRefused(await wordTemplate())).toBe(false);
  });
});
