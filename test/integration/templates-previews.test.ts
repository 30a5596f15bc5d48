/**
 * Template previews rendered on the server (functions/domain/templates/render-previews.ts), with the
 * real LibreOffice and poppler of the local harness: a deck's title, title-and-content and section layouts and
 * a Word template's first pages as small PNGs; and the fallback where the tools are missing (as on Lambda), fail,
 * or run out of time: no previews, no error, and no temporary files left behind.
 */
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { checkTemplate } from '../../functions/domain/templates/check-template';
import { PREVIEW_MAX_BYTES, PREVIEW_WIDTH, previewTools, renderPreviews } from '../../functions/domain/templates/render-previews';
import { deckTemplate, wordTemplate } from '../helpers/office-templates';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const widthOf = (png: Uint8Array) => Buffer.from(png).readUInt32BE(16);
const leftovers = () => new Set(readdirSync(tmpdir()).filter((f) => f.startsWith('assay-template-preview-')));

async function checked(kind: 'docx' | 'pptx') {
  const c = kind === 'pptx' ? await checkTemplate('Northwind deck.potx', await deckTemplate()) : await checkTemplate('Northwind report.dotx', await wordTemplate());
  return { kind: c.kind, bytes: c.bytes, layouts: c.layouts };
}

describe('template previews with LibreOffice', () => {
  it('the harness has soffice and pdftoppm on PATH', () => {
    expect(previewTools()).toMatchObject({ soffice: expect.stringMatching(/soffice$/), pdftoppm: expect.stringMatching(/pdftoppm$/) });
  });

  it('draws a deck’s three layouts and a Word template’s pages as small PNGs, and leaves no temporary files', async () => {
    // Prepare
    const before = leftovers();
    // Act
    const [deck, word] = [await renderPreviews(await checked('pptx'), { timeoutMs: 150_000 }), await renderPreviews(await checked('docx'), { timeoutMs: 150_000 })];
    // Assess
    expect(deck).toHaveLength(3);
    expect(word.length).toBeGreaterThanOrEqual(1);
    for (const png of [...deck, ...word]) {
      expect(Buffer.from(png.subarray(0, 8)).equals(PNG)).toBe(true);
      expect(png.length).toBeLessThanOrEqual(PREVIEW_MAX_BYTES);
      expect(widthOf(png)).toBe(PREVIEW_WIDTH);
    }
    // the content layout is not the title's (the test template draws its title and section layouts alike)
    expect(Buffer.from(deck[1]!).equals(Buffer.from(deck[0]!))).toBe(false);
    expect([...leftovers()].filter((d) => !before.has(d))).toEqual([]);
  }, 320_000);

  it('falls back to none, without an error, where the tools are missing, fail or run out of time', async () => {
    const before = leftovers();
    const deck = await checked('pptx');
    expect(await renderPreviews(deck, { tools: null })).toEqual([]);
    expect(await renderPreviews(deck, { tools: { soffice: '/nonexistent/soffice', pdftoppm: '/nonexistent/pdftoppm' } })).toEqual([]);
    expect(await renderPreviews(deck, { timeoutMs: 50 })).toEqual([]);
    expect([...leftovers()].filter((d) => !before.has(d))).toEqual([]);
  }, 60_000);
});
