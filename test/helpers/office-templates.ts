/**
 * Two real-world-shaped firm templates, built in code for the tests, and the bad ones:
 * - a Word template (`.dotx`): Letter paper with 0.75 in margins, its own styles (Heading 1–4 in Georgia and
 *   the firm's maroon, Normal in Verdana, Caption, Footnote Text, a custom table style "FirmTable"), a running
 *   header and footer, and a cover with fields `{{title}}`, `{{client}}`, `{{date}}`, `{{author}}`, then `{{body}}`;
 * - a PowerPoint template (`.potx`): one custom master ("Northwind Master", a maroon band) with the layouts
 *   Title Slide, Title and Content, Two Content, Section Header, Title Only and Blank, typed as PowerPoint types
 *   them, the theme's fonts (Georgia / Verdana) and colours (accent 1 maroon), a sample slide, a thumbnail.
 * The bad ones: macro-enabled, a zip bomb, a file that is not a zip, a deck with too few layouts; and those that
 * would fetch from outside themselves when opened: linked (not embedded) pictures, an attached template, a
 * hyperlink, a DTD with an external or nested entities.
 */
import { AlignmentType, Document, Footer, Header, HeadingLevel, Packer, PageBreak, Paragraph, TextRun } from 'docx';
import JSZip from 'jszip';
import PptxGenJS from 'pptxgenjs';

export const FIRM = { name: 'Northwind Partners', maroon: '7A1F3D', heading: 'Georgia', body: 'Verdana', header: 'NORTHWIND PARTNERS · Client deliverable', footer: 'Northwind Partners — strictly confidential' } as const;

/** Letter, 0.75 in margins (twips). */
export const WORD_PAGE = { width: 12240, height: 15840, margin: 1080 } as const;

/** A 1×1 JPEG, the template's own thumbnail (docProps/thumbnail.jpeg). */
export const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

const FIRM_TABLE_STYLE = `<w:style w:type="table" w:customStyle="1" w:styleId="FirmTable"><w:name w:val="Firm Table"/><w:basedOn w:val="TableNormal"/><w:uiPriority w:val="40"/><w:tblPr><w:tblBorders><w:top w:val="single" w:sz="8" w:space="0" w:color="${FIRM.maroon}"/><w:bottom w:val="single" w:sz="8" w:space="0" w:color="${FIRM.maroon}"/><w:insideH w:val="single" w:sz="4" w:space="0" w:color="D9B8C4"/></w:tblBorders></w:tblPr><w:tblStylePr w:type="firstRow"><w:rPr><w:b/><w:color w:val="FFFFFF"/></w:rPr><w:tcPr><w:shd w:val="clear" w:color="auto" w:fill="${FIRM.maroon}"/></w:tcPr></w:tblStylePr></w:style>`;

async function retype(bytes: Uint8Array, from: string, to: string, extra?: (zip: JSZip) => Promise<void> | void): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(bytes);
  const types = await zip.file('[Content_Types].xml')!.async('string');
  zip.file('[Content_Types].xml', types.replace(from, to));
  await extra?.(zip);
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

/** The Word template (.dotx). */
export async function wordTemplate(opts: { body?: boolean } = {}): Promise<Uint8Array> {
  const heading = (size: number) => ({ run: { font: FIRM.heading, size, bold: true, color: FIRM.maroon }, paragraph: { spacing: { before: 240, after: 120 }, keepNext: true } });
  const doc = new Document({
    creator: FIRM.name,
    styles: {
      default: {
        document: { run: { font: FIRM.body, size: 20, color: '222222' } },
        heading1: heading(34),
        heading2: heading(28),
        heading3: heading(24),
        heading4: heading(22),
        caption: { run: { font: FIRM.body, size: 16, italics: true, color: FIRM.maroon } },
        footnoteText: { run: { font: FIRM.body, size: 16 } },
      },
      paragraphStyles: [{ id: 'CoverTitle', name: 'Cover Title', basedOn: 'Normal', run: { font: FIRM.heading, size: 60, bold: true, color: FIRM.maroon } }],
    },
    sections: [
      {
        properties: { page: { size: { width: WORD_PAGE.width, height: WORD_PAGE.height }, margin: { top: WORD_PAGE.margin, bottom: WORD_PAGE.margin, left: WORD_PAGE.margin, right: WORD_PAGE.margin } } },
        headers: { default: new Header({ children: [new Paragraph({ alignment: AlignmentType.RIGHT, children: [new TextRun({ text: FIRM.header, size: 16 })] })] }) },
        footers: { default: new Footer({ children: [new Paragraph({ children: [new TextRun({ text: FIRM.footer, size: 16 })] })] }) },
        children: [
          new Paragraph({ children: [new TextRun({ text: FIRM.name.toUpperCase(), bold: true, color: FIRM.maroon })] }),
          new Paragraph({ style: 'CoverTitle', spacing: { before: 2400 }, children: [new TextRun('{{title}}')] }),
          new Paragraph({ children: [new TextRun('Prepared for {{client}}')] }),
          new Paragraph({ children: [new TextRun('{{date}}')] }),
          new Paragraph({ children: [new TextRun('Author: {{author}}'), new PageBreak()] }),
          ...(opts.body === false ? [new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun('About Northwind')] })] : [new Paragraph({ children: [new TextRun('{{body}}')] })]),
        ],
      },
    ],
  });
  const bytes = new Uint8Array(await Packer.toBuffer(doc));
  return retype(bytes, 'wordprocessingml.document.main+xml', 'wordprocessingml.template.main+xml', async (zip) => {
    const styles = await zip.file('word/styles.xml')!.async('string');
    zip.file('word/styles.xml', styles.replace('</w:styles>', `${FIRM_TABLE_STYLE}</w:styles>`));
  });
}

/** Layout names of the deck template, with the type PowerPoint gives each. */
export const DECK_LAYOUTS = [
  { name: 'Northwind Title', type: 'title' },
  { name: 'Northwind Title and Content', type: 'obj' },
  { name: 'Northwind Two Content', type: 'twoObj' },
  { name: 'Northwind Section', type: 'secHead' },
  { name: 'Northwind Title Only', type: 'titleOnly' },
  { name: 'Northwind Blank', type: 'blank' },
] as const;

/**
 * The PowerPoint template (.potx); `layouts` leaves some out (for the missing-layouts cases), `notesMaster: false`
 * makes it one without a notes master (as many firm templates are), `titleY` puts the content layouts' title
 * placeholder at that height (inches; 0.5 by default).
 */
export async function deckTemplate(opts: { layouts?: readonly string[]; notesMaster?: boolean; titleY?: number } = {}): Promise<Uint8Array> {
  const pptx = new PptxGenJS();
  pptx.layout = 'LAYOUT_WIDE';
  pptx.company = FIRM.name;
  const wanted = DECK_LAYOUTS.filter((l) => !opts.layouts || opts.layouts.includes(l.type));
  for (const l of wanted) {
    const big = l.type === 'title' || l.type === 'secHead';
    const objects: NonNullable<PptxGenJS.SlideMasterProps['objects']> = [
      { rect: { x: 0, y: 7.2, w: 13.333, h: 0.3, fill: { color: FIRM.maroon } } },
      { text: { text: FIRM.footer, options: { x: 0.5, y: 7.2, w: 8, h: 0.3, fontSize: 9, color: 'FFFFFF', fontFace: FIRM.body } } },
    ];
    if (l.type !== 'blank') objects.push({ placeholder: { options: { name: 'title', type: 'title', x: 0.8, y: big ? 2.4 : (opts.titleY ?? 0.5), w: 11.7, h: big ? 1.6 : 1.1, fontFace: FIRM.heading, fontSize: big ? 40 : 28, color: FIRM.maroon, bold: true }, text: '' } });
    if (l.type === 'obj' || l.type === 'title' || l.type === 'secHead') {
      objects.push({ placeholder: { options: { name: 'body', type: 'body', x: 0.8, y: big ? 4.2 : 1.8, w: 11.7, h: big ? 1.0 : 5.0, fontFace: FIRM.body, fontSize: big ? 20 : 16, color: '333333' }, text: '' } });
    }
    if (l.type === 'twoObj') {
      objects.push({ placeholder: { options: { name: 'left', type: 'body', x: 0.8, y: 1.8, w: 5.7, h: 5.0, fontFace: FIRM.body, fontSize: 16 }, text: '' } });
      objects.push({ placeholder: { options: { name: 'right', type: 'body', x: 6.8, y: 1.8, w: 5.7, h: 5.0, fontFace: FIRM.body, fontSize: 16 }, text: '' } });
    }
    pptx.defineSlideMaster({ title: l.name, background: { color: big ? 'F6EEF1' : 'FFFFFF' }, objects });
  }
  // a sample slide, as a firm's template often has (the export starts from none of them)
  const sample = pptx.addSlide({ masterName: wanted[0]!.name });
  sample.addText('Sample — delete me', { placeholder: 'title' });
  const bytes = new Uint8Array((await pptx.write({ outputType: 'nodebuffer' })) as Buffer);
  return retype(bytes, 'presentationml.presentation.main+xml', 'presentationml.template.main+xml', async (zip) => {
    for (const path of Object.keys(zip.files).filter((p) => /^ppt\/slideLayouts\/slideLayout\d+\.xml$/.test(p))) {
      const xml = await zip.file(path)!.async('string');
      const name = /<p:cSld name="([^"]*)"/.exec(xml)?.[1];
      const type = DECK_LAYOUTS.find((l) => l.name === name)?.type;
      zip.file(path, type ? xml.replace('<p:sldLayout ', `<p:sldLayout type="${type}" `) : xml);
    }
    const theme = await zip.file('ppt/theme/theme1.xml')!.async('string');
    zip.file(
      'ppt/theme/theme1.xml',
      theme
        .replace(/(<a:majorFont>\s*<a:latin typeface=")[^"]*"/, `$1${FIRM.heading}"`)
        .replace(/(<a:minorFont>\s*<a:latin typeface=")[^"]*"/, `$1${FIRM.body}"`)
        .replace(/(<a:accent1>\s*<a:srgbClr val=")[0-9A-Fa-f]{6}"/, `$1${FIRM.maroon}"`),
    );
    zip.file('docProps/thumbnail.jpeg', TINY_JPEG);
    if (opts.notesMaster === false) {
      // no notes master, and so no notes on its sample slide either
      for (const path of Object.keys(zip.files).filter((p) => /^ppt\/(notesMasters|notesSlides)\//.test(p))) zip.remove(path);
      const rels = await zip.file('ppt/_rels/presentation.xml.rels')!.async('string');
      zip.file('ppt/_rels/presentation.xml.rels', rels.replace(/<Relationship\b[^>]*\/notesMaster"[^>]*\/>/, ''));
      const presentation = await zip.file('ppt/presentation.xml')!.async('string');
      zip.file('ppt/presentation.xml', presentation.replace(/<p:notesMasterIdLst>[\s\S]*?<\/p:notesMasterIdLst>/, ''));
      for (const slide of Object.keys(zip.files).filter((p) => /^ppt\/slides\/_rels\/.+\.rels$/.test(p))) {
        zip.file(slide, (await zip.file(slide)!.async('string')).replace(/<Relationship\b[^>]*\/notesSlide"[^>]*\/>/g, ''));
      }
      const types = await zip.file('[Content_Types].xml')!.async('string');
      zip.file('[Content_Types].xml', types.replace(/<Override\b[^>]*PartName="\/ppt\/notes(Master|Slide)s\/[^"]*"[^>]*\/>/g, ''));
    }
  });
}

/** A Word template saved with macros (.dotm content type and a vbaProject.bin). */
export async function macroTemplate(): Promise<Uint8Array> {
  const bytes = await wordTemplate();
  return retype(bytes, 'application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml', 'application/vnd.ms-word.template.macroEnabledTemplate.main+xml', (zip) => {
    zip.file('word/vbaProject.bin', new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 1, 2, 3, 4]));
  });
}

/** A zip bomb named like a template: one part of 60 MB of zeros (a ratio of about 1000). */
export async function bombTemplate(): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(await wordTemplate());
  zip.file('word/media/filler.bin', new Uint8Array(60 * 1024 * 1024));
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

// ── templates that would fetch from outside themselves ───────────────────────────────────────────────────

const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const xmlAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const externalRel = (id: string, type: string, target: string) => `<Relationship Id="${id}" Type="${REL}/${type}" Target="${xmlAttr(target)}" TargetMode="External"/>`;
const addRels = (rels: string | undefined, add: string) => (rels ?? '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"></Relationships>').replace('</Relationships>', `${add}</Relationships>`);

/** A Word paragraph with a picture of 1.5 in square linked (not embedded) through relationship `rid`. */
const linkedWordPicture = (rid: string, id: number) =>
  `<w:p><w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="1371600" cy="1371600"/><wp:docPr id="${id}" name="Linked ${id}"/><a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:nvPicPr><pic:cNvPr id="${id}" name="linked-${id}.png"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:link="${rid}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="1371600" cy="1371600"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`;

/**
 * The Word template with what would fetch from outside it when opened: a picture linked (not embedded) to each of
 * `pictures` (`http:` or `file:` URLs) on its cover, an attached template at `attachedTemplate` (settings.xml and
 * its relationship), and a hyperlink to `hyperlink` whose text is `linkText`.
 */
export async function linkedWordTemplate(opts: { pictures: readonly string[]; attachedTemplate?: string; hyperlink?: string; linkText?: string }): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(await wordTemplate());
  const rels: string[] = opts.pictures.map((url, i) => externalRel(`rIdLinked${i + 1}`, 'image', url));
  let body = opts.pictures.map((_, i) => linkedWordPicture(`rIdLinked${i + 1}`, 900 + i)).join('');
  if (opts.hyperlink) {
    rels.push(externalRel('rIdLink', 'hyperlink', opts.hyperlink));
    body += `<w:p><w:hyperlink r:id="rIdLink"><w:r><w:t>${opts.linkText ?? 'Our website'}</w:t></w:r></w:hyperlink></w:p>`;
  }
  const document = await zip.file('word/document.xml')!.async('string');
  zip.file('word/document.xml', document.replace('<w:body>', `<w:body>${body}`));
  zip.file('word/_rels/document.xml.rels', addRels(await zip.file('word/_rels/document.xml.rels')?.async('string'), rels.join('')));
  if (opts.attachedTemplate) {
    const settings = await zip.file('word/settings.xml')!.async('string');
    zip.file('word/settings.xml', settings.replace('<w:displayBackgroundShape/>', '<w:displayBackgroundShape/><w:attachedTemplate r:id="rIdAttached"/>'));
    zip.file('word/_rels/settings.xml.rels', addRels(await zip.file('word/_rels/settings.xml.rels')?.async('string'), externalRel('rIdAttached', 'attachedTemplate', opts.attachedTemplate)));
  }
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

/**
 * The PowerPoint template with a picture linked (not embedded) to each of `pictures` on its title layout (so every
 * title slide built on it would show them), the first with a click-through hyperlink to `hyperlink`.
 */
export async function linkedDeckTemplate(opts: { pictures: readonly string[]; hyperlink?: string }): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(await deckTemplate());
  let layoutPath = '';
  for (const p of Object.keys(zip.files).filter((f) => /^ppt\/slideLayouts\/slideLayout\d+\.xml$/.test(f))) {
    if ((await zip.file(p)!.async('string')).includes('name="Northwind Title"')) layoutPath = p;
  }
  const relsPath = layoutPath.replace(/slideLayouts\/(slideLayout\d+\.xml)$/, 'slideLayouts/_rels/$1.rels');
  const rels: string[] = opts.pictures.map((url, i) => externalRel(`rIdLinked${i + 1}`, 'image', url));
  if (opts.hyperlink) rels.push(externalRel('rIdLink', 'hyperlink', opts.hyperlink));
  const pics = opts.pictures
    .map(
      (_, i) =>
        `<p:pic><p:nvPicPr><p:cNvPr id="${900 + i}" name="Linked ${i + 1}"${opts.hyperlink && i === 0 ? '><a:hlinkClick r:id="rIdLink"/></p:cNvPr>' : '/>'}<p:cNvPicPr/><p:nvPr/></p:nvPicPr><p:blipFill><a:blip r:link="rIdLinked${i + 1}"/><a:stretch><a:fillRect/></a:stretch></p:blipFill><p:spPr><a:xfrm><a:off x="${457200 + i * 1600000}" y="457200"/><a:ext cx="1371600" cy="1371600"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr></p:pic>`,
    )
    .join('');
  const layout = await zip.file(layoutPath)!.async('string');
  zip.file(layoutPath, layout.replace('</p:spTree>', `${pics}</p:spTree>`).replace(/<p:sldLayout\b(?![^>]*xmlns:r=)/, `<p:sldLayout xmlns:r="${REL}"`));
  zip.file(relsPath, addRels(await zip.file(relsPath)?.async('string'), rels.join('')));
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

/**
 * The Word template with a DTD in one part: `doctype` puts a DOCTYPE naming an external entity (`/etc/hostname`)
 * into its document, used in its text; `entities` puts a DOCTYPE of nested internal entities (a "billion laughs")
 * into its styles.
 */
export async function dtdWordTemplate(kind: 'doctype' | 'entities'): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(await wordTemplate());
  const part = kind === 'doctype' ? 'word/document.xml' : 'word/styles.xml';
  const xml = await zip.file(part)!.async('string');
  const root = kind === 'doctype' ? 'w:document' : 'w:styles';
  const dtd =
    kind === 'doctype' ? `<!DOCTYPE ${root} [<!ENTITY host SYSTEM "file:///etc/hostname">]>` : `<!DOCTYPE ${root} [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>`;
  let out = xml.replace(/(<\?xml[^>]*\?>)/, `$1${dtd}`);
  if (kind === 'doctype') out = out.replace('{{date}}', '{{date}} &host;');
  zip.file(part, out);
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

/** The firm's heading numbering in numbering.xml: "1", "1.1", "1.1.1" (its ids clear of the ones docx writes). */
export const HEADING_NUM_ID = '90';
const HEADING_ABSTRACT = `<w:abstractNum w:abstractNumId="${HEADING_NUM_ID}"><w:multiLevelType w:val="multilevel"/>${[0, 1, 2]
  .map((l) => `<w:lvl w:ilvl="${l}"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="${Array.from({ length: l + 1 }, (_, i) => `%${i + 1}`).join('.')}"/><w:lvlJc w:val="left"/><w:pPr><w:ind w:left="${432 + 144 * l}" w:hanging="${432 + 144 * l}"/></w:pPr></w:lvl>`)
  .join('')}</w:abstractNum>`;

/**
 * The Word template with Word-numbered headings, as consulting templates have them: a style "Firm Heading Base"
 * carries the numbering (level 1); Heading 1 is based on it and has no `w:numPr` of its own; Heading 2 and 3 are
 * based on the heading above and set only their level (`w:ilvl`), the numbering coming through `w:basedOn`;
 * Heading 4 switches it off (`w:numId` 0).
 */
export async function numberedWordTemplate(): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(await wordTemplate());
  const numbering = await zip.file('word/numbering.xml')!.async('string');
  zip.file('word/numbering.xml', numbering.replace(/(<w:numbering\b[^>]*>)/, `$1${HEADING_ABSTRACT}`).replace('</w:numbering>', `<w:num w:numId="${HEADING_NUM_ID}"><w:abstractNumId w:val="${HEADING_NUM_ID}"/></w:num></w:numbering>`));
  let styles = await zip.file('word/styles.xml')!.async('string');
  const numPr = (ilvl: number, numId?: string) => `<w:numPr><w:ilvl w:val="${ilvl}"/>${numId === undefined ? '' : `<w:numId w:val="${numId}"/>`}</w:numPr>`;
  const restyle = (id: string, basedOn: string, pPr: string) => {
    // w:numPr after w:keepNext, in the schema's order
    styles = styles.replace(new RegExp(`(<w:style w:type="paragraph" w:styleId="${id}">[\\s\\S]*?)<w:basedOn w:val="[^"]*"/>([\\s\\S]*?<w:pPr><w:keepNext/>)`), `$1<w:basedOn w:val="${basedOn}"/>$2${pPr}`);
  };
  restyle('Heading1', 'FirmHeadingBase', '');
  restyle('Heading2', 'Heading1', numPr(1));
  restyle('Heading3', 'Heading2', numPr(2));
  restyle('Heading4', 'Heading3', numPr(3, '0'));
  const base = `<w:style w:type="paragraph" w:customStyle="1" w:styleId="FirmHeadingBase"><w:name w:val="Firm Heading Base"/><w:basedOn w:val="Normal"/><w:pPr>${numPr(0, HEADING_NUM_ID)}</w:pPr></w:style>`;
  zip.file('word/styles.xml', styles.replace('</w:styles>', `${base}</w:styles>`));
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

/**
 * The Word template with a document part that is not well-formed XML (a paragraph left open before the body
 * closes): it passes the upload's check, which reads parts as text, but no export can be built on it.
 */
export async function unexportableWordTemplate(): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(await wordTemplate());
  const xml = await zip.file('word/document.xml')!.async('string');
  zip.file('word/document.xml', xml.replace('</w:body>', '<w:p><w:r><w:t>left open</w:t></w:r></w:body>'));
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}
