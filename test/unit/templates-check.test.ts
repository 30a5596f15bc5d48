/**
 * The check of an uploaded template, on bytes built in code: the two real-world-shaped templates
 * pass (kept as documents, the deck's layouts found by type), and every bad case is refused with its own 4xx and
 * detail: a macro-enabled name or content, a vbaProject.bin, a file that is not a zip, a Word file named as a
 * deck, a zip bomb, one too large, a deck with no layout to hold a title and text; a missing layout that another
 * can stand in for is a stated fallback.
 */
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { details } from '@shared/messages';
import { TEMPLATE_MAX_BYTES } from '@shared/schemas/templates';
import { chooseLayouts } from '../../functions/domain/exports';
import { checkTemplate, templateKindFromName } from '../../functions/domain/templates/check-template';
import { isAppError } from '../../functions/lib/errors';
import { bombTemplate, deckTemplate, macroTemplate, TINY_JPEG, wordTemplate } from '../helpers/office-templates';

/** The status and detail a check refuses with. */
async function refusal(name: string, bytes: Uint8Array): Promise<{ status: number; detail: string }> {
  try {
    await checkTemplate(name, bytes);
  } catch (error) {
    if (isAppError(error)) return { status: error.status, detail: error.message };
    throw error;
  }
  throw new Error(`${name} was accepted`);
}

const typesOf = async (bytes: Uint8Array) => (await JSZip.loadAsync(bytes)).file('[Content_Types].xml')!.async('string');

describe('templates that pass', () => {
  it('a Word template (.dotx) with a cover and {{body}} is kept as a document, with nothing to note', async () => {
    // Prepare
    const bytes = await wordTemplate();
    expect(await typesOf(bytes)).toContain('wordprocessingml.template.main+xml');
    // Act
    const checked = await checkTemplate('Northwind report.dotx', bytes);
    // Assess
    expect(checked.kind).toBe('docx');
    expect(checked.notes).toEqual([]);
    const types = await typesOf(checked.bytes);
    expect(types).toContain('wordprocessingml.document.main+xml');
    expect(types).not.toContain('template.main+xml');
  });

  it('a Word template without {{body}} passes with the stated fallback (the report follows its pages)', async () => {
    const checked = await checkTemplate('plain.docx', await wordTemplate({ body: false }));
    expect(checked.notes).toEqual([details.templateWordNoBody]);
  });

  it('a PowerPoint template (.potx): each layout found by its type, its thumbnail kept', async () => {
    const checked = await checkTemplate('Northwind deck.potx', await deckTemplate());
    expect(checked.kind).toBe('pptx');
    expect(Object.fromEntries(checked.layouts.map((l) => [l.layout, [l.name, l.fallback]]))).toEqual({
      title: ['Northwind Title', false],
      'title-and-content': ['Northwind Title and Content', false],
      'two-content': ['Northwind Two Content', false],
      section: ['Northwind Section', false],
      blank: ['Northwind Blank', false],
    });
    expect(checked.notes).toEqual([]);
    expect(Buffer.from(checked.thumbnail!).equals(TINY_JPEG)).toBe(true);
    expect(await typesOf(checked.bytes)).toContain('presentationml.presentation.main+xml');
  });

  it('a deck without two-content and section layouts passes with stated fallbacks', async () => {
    const checked = await checkTemplate('lean.pptx', await deckTemplate({ layouts: ['title', 'obj', 'blank'] }));
    const two = checked.layouts.find((l) => l.layout === 'two-content')!;
    const section = checked.layouts.find((l) => l.layout === 'section')!;
    expect([two.name, two.fallback]).toEqual(['Northwind Title and Content', true]);
    expect([section.name, section.fallback]).toEqual(['Northwind Title', true]);
    expect(checked.notes).toEqual([details.templateLayoutFallback('two-content', 'Northwind Title and Content'), details.templateLayoutFallback('section', 'Northwind Title')]);
  });
});

describe('templates that are refused', () => {
  it('a macro-enabled name (.dotm, .potm) is refused before its bytes are read', async () => {
    expect(templateKindFromName('firm.dotm')).toBe('macro');
    expect(templateKindFromName('firm.POTM')).toBe('macro');
    expect(await refusal('firm.dotm', await wordTemplate())).toEqual({ status: 415, detail: details.templateMacros('firm.dotm') });
  });

  it('macro-enabled content under an innocent name is refused (content type and vbaProject.bin)', async () => {
    expect(await refusal('firm.dotx', await macroTemplate())).toEqual({ status: 415, detail: details.templateMacros('firm.dotx') });
    const zip = await JSZip.loadAsync(await deckTemplate());
    zip.file('ppt/vbaProject.bin', new Uint8Array([1, 2, 3]));
    const onlyBin = await zip.generateAsync({ type: 'uint8array' });
    expect(await refusal('deck.potx', onlyBin)).toEqual({ status: 415, detail: details.templateMacros('deck.potx') });
  });

  it('a file that is not a zip (wrong magic) is refused', async () => {
    const pdf = new TextEncoder().encode('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n');
    expect(await refusal('report.docx', pdf)).toEqual({ status: 415, detail: details.templateNotZip('report.docx') });
  });

  it('a Word file named as a deck is refused: it is not what its name says', async () => {
    expect(await refusal('deck.pptx', await wordTemplate())).toEqual({ status: 415, detail: details.templateWrongKind('deck.pptx', 'a PowerPoint presentation', 'a Word document') });
  });

  it('a zip without [Content_Types].xml is refused', async () => {
    const zip = new JSZip();
    zip.file('word/document.xml', '<w:document/>');
    expect(await refusal('bare.docx', await zip.generateAsync({ type: 'uint8array' }))).toEqual({ status: 415, detail: details.templateContentTypes('bare.docx') });
  });

  it('a zip bomb (60 MB of zeros in one part) is refused with 413', async () => {
    const r = await refusal('bomb.dotx', await bombTemplate());
    expect(r.status).toBe(413);
    expect(r.detail).toMatch(/^The template was refused: .*zip bomb/);
  });

  it('a file over the size limit is refused with 413 before it is opened', async () => {
    const big = new Uint8Array(TEMPLATE_MAX_BYTES + 1);
    big.set([0x50, 0x4b, 0x03, 0x04]);
    expect(await refusal('huge.potx', big)).toEqual({ status: 413, detail: details.templateTooLarge(TEMPLATE_MAX_BYTES) });
  });

  it('a deck with no layout that holds a title and text is refused with the layouts it lacks', async () => {
    const r = await refusal('blank-only.potx', await deckTemplate({ layouts: ['blank'] }));
    expect(r).toEqual({ status: 400, detail: details.templateMissingLayouts('blank-only.potx', ['title', 'title-and-content', 'two-content', 'section']) });
  });

  it('an unknown extension is refused', async () => {
    expect(await refusal('notes.txt', await wordTemplate())).toEqual({ status: 415, detail: details.templateName('notes.txt') });
  });
});

describe('chooseLayouts (pure)', () => {
  it('takes each layout by type, best first, and names what nothing can stand for', () => {
    const parts = [
      { path: 'a.xml', type: 'tx', name: 'Text' },
      { path: 'b.xml', type: 'secHead', name: 'Divider' },
    ];
    const { choices, missing } = chooseLayouts(parts);
    expect(missing).toEqual([]);
    expect(choices.map((c) => `${c.layout}=${c.name}${c.fallback ? '*' : ''}`)).toEqual(['title=Divider*', 'title-and-content=Text*', 'two-content=Text*', 'section=Divider', 'blank=Text*']);
    expect(chooseLayouts([{ path: 'c.xml', type: 'cust', name: 'Custom' }]).missing).toEqual(['title', 'title-and-content', 'two-content', 'section', 'blank']);
  });
});
