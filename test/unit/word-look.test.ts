/**
 * The look of a firm's Word template, read from its package for the PDF: page size and margins (its last
 * section), fonts through the theme and `basedOn`, heading colours, the header and footer text and logo; and the
 * fonts the PDF is set in (the template's, a metric-compatible stand-in, or DejaVu, named in the notes).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportsTexts } from '../../shared/messages/exports';
import { chooseFont, isSerif } from '../../functions/domain/exports/pdf-fonts';
import { pdfNotes } from '../../functions/domain/exports/pdf';
import { wordLook } from '../../functions/domain/exports/word-look';

const FIRM_WORD = join(__dirname, '../fixtures/firm-templates/docx');
const fixture = (name: string) => new Uint8Array(readFileSync(join(FIRM_WORD, name)));
const DEJAVU = (serif: boolean) => ({ regular: `dv-${serif}`, bold: `dv-${serif}-b`, italic: `dv-${serif}-i`, boldItalic: `dv-${serif}-bi` });

describe('the look of a Word template', () => {
  it('own-look: US Letter with 1 in margins, the theme’s Cambria headings and Calibri body, its heading colours, its header and footer', () => {
    const look = wordLook(fixture('own-look.docx'));
    expect(look.page).toEqual({ width: 612, height: 792 });
    expect(look.margins).toMatchObject({ top: 72, bottom: 72, left: 72, right: 72 });
    expect(look.body).toMatchObject({ font: 'Calibri', size: 11 });
    expect(look.headings.map((h) => h.font)).toEqual(['Cambria', 'Cambria', 'Cambria', 'Cambria']);
    expect(look.headings.map((h) => h.color)).toEqual(['#134074', '#b08d57', '#5b8e7d', null]);
    expect(look.headings[0]).toMatchObject({ bold: true, size: 18 });
    expect(look.title.color).toBe('#0b2545');
    expect(look.header?.lines).toEqual(['OSTRANDER GROUP']);
    expect(look.footer?.lines).toEqual(['Ostrander Group · {PAGE}']);
    expect(look.footer?.align).toBe('center');
  });

  it('header-logo: the header’s logo with its drawn size, right-aligned, the footer’s page field; fonts named on the styles', () => {
    const look = wordLook(fixture('header-logo.docx'));
    expect(look.page).toEqual({ width: 595.3, height: 841.9 });
    expect(look.margins).toMatchObject({ top: 85.05, left: 56.7, right: 56.7, bottom: 70.9 });
    expect(look.header?.picture).toMatchObject({ kind: 'png', width: 1080000 / 12700, height: 360000 / 12700 });
    expect(look.header?.align).toBe('right');
    expect(look.header?.lines).toEqual(['Kestrel Advisory']);
    expect(look.footer?.lines).toEqual(['Kestrel Advisory LLP · Confidential · Page {PAGE}']);
    expect(look.body.font).toBe('Liberation Serif');
    expect(look.headings[0].font).toBe('Liberation Sans');
  });

  it('the untouched corporate template: its last section’s page and margins, the header of that section', () => {
    const look = wordLook(fixture('untouched-corporate.docx'));
    expect(look.page).toEqual({ width: 612, height: 792 });
    expect(look.margins).toMatchObject({ left: 90, right: 90, top: 72, bottom: 72 });
    expect(look.header?.lines).toEqual(['Halvorsen & Co. · Management consultants']);
    expect(look.header?.picture?.kind).toBe('png');
    expect(look.footer?.lines).toEqual(['Halvorsen & Co. — Confidential']);
  });

  it('a LibreOffice template with no header reads none; every converted template reads a page and fonts', () => {
    for (const name of ['lo-default.docx', 'lo-simple.docx', 'lo-modern.docx', 'lo-cv.docx', 'lo-resume.docx', 'lo-letter-serif.docx', 'lo-letter-sans.docx']) {
      const look = wordLook(fixture(name));
      expect(look.page.width, name).toBeCloseTo(595.3, 0);
      expect(look.body.font, name).toBeTruthy();
    }
    expect(wordLook(fixture('lo-default.docx')).header).toBeNull();
  });
});

describe('the fonts of a PDF in a firm’s look', () => {
  it('a font the system has is the template’s own; one it lacks falls back to DejaVu by its kind, named in the notes', () => {
    expect(chooseFont('DejaVu Sans', DEJAVU)).toMatchObject({ used: 'DejaVu Sans', standIn: 'none' });
    expect(chooseFont('Zyx Nonesuch Grotesk', DEJAVU)).toMatchObject({ used: 'DejaVu Sans', standIn: 'fallback', files: DEJAVU(false) });
    expect(isSerif('Cambria')).toBe(true);
    expect(isSerif('Liberation Sans')).toBe(false);
    expect(isSerif('Times New Roman')).toBe(true);
    const calibri = chooseFont('Calibri', DEJAVU);
    // Carlito where it is installed (same widths), else DejaVu Sans
    expect(calibri.used === 'Carlito' ? calibri.standIn : calibri.used).toBe(calibri.used === 'Carlito' ? 'metric' : 'DejaVu Sans');
  });

  it('the export’s notes name each stand-in once', () => {
    const notes = pdfNotes({ kind: 'docx', bytes: fixture('own-look.docx'), layouts: [] });
    const used = (family: string) => chooseFont(family, DEJAVU);
    const expected = ['Calibri', 'Cambria'].map((f) => used(f)).filter((f) => f.standIn !== 'none').map((f) => exportsTexts.pdfFontStandIn(f.asked, f.used, f.standIn === 'metric'));
    expect(notes).toEqual(expected);
    expect(pdfNotes(undefined)).toEqual([]);
  });
});
