import { describe, expect, it } from 'vitest';
import {
  detectFileKind,
  EVIDENCE_MIME_TYPES,
  kindFromName,
  LARGE_UPLOAD_MAX_BYTES,
  SMALL_UPLOAD_MAX_BYTES,
  zipEntryNames,
} from '../../functions/domain/evidence/file-types';
import {
  blankPng,
  docxBytes,
  fakeElf,
  fakeOle2,
  fakePe,
  imageWithText,
  pdfBytes,
  xlsxBytes,
  zipBytes,
} from '../helpers/evidence-fixtures';

const text = (s: string) => new TextEncoder().encode(s);
const NOT_ACCEPTED = 'The file content is not an accepted type (pdf, doc, docx, xls, xlsx, csv, txt, png, jpg)';

describe('detectFileKind: accepted content', () => {
  it('recognises PDF, PNG and JPEG by their signatures', async () => {
    // Prepare
    const pdf = await pdfBytes([['Revenue grew.']]);
    const png = await blankPng();
    const jpg = await imageWithText(['x'], 'image/jpeg');
    // Act / Assess
    expect(detectFileKind(pdf, 'report.pdf')).toEqual({ ok: true, kind: 'pdf', mime: 'application/pdf' });
    expect(detectFileKind(png, 'chart.png')).toEqual({ ok: true, kind: 'png', mime: 'image/png' });
    expect(detectFileKind(jpg, 'photo.jpeg')).toEqual({ ok: true, kind: 'jpg', mime: 'image/jpeg' });
  });

  it('decides by content, not by name', async () => {
    const png = await blankPng();
    expect(detectFileKind(png, 'chart.jpg')).toMatchObject({ ok: true, kind: 'png' });
    expect(detectFileKind(await pdfBytes([['x']]), 'no-extension')).toMatchObject({ ok: true, kind: 'pdf' });
  });

  it('tells docx from xlsx by the ZIP entries, whatever the name says', async () => {
    // Prepare
    const docx = await docxBytes(['Hello']);
    const xlsx = await xlsxBytes([{ name: 'S', rows: [['a', 1]] }]);
    // Act / Assess
    expect(detectFileKind(docx, 'notes.docx')).toEqual({ ok: true, kind: 'docx', mime: EVIDENCE_MIME_TYPES.docx });
    expect(detectFileKind(xlsx, 'numbers.xlsx')).toEqual({ ok: true, kind: 'xlsx', mime: EVIDENCE_MIME_TYPES.xlsx });
    expect(detectFileKind(docx, 'misnamed.xlsx')).toMatchObject({ ok: true, kind: 'docx' });
    expect(zipEntryNames(docx)).toContain('word/document.xml');
  });

  it('accepts OLE2 files as doc or xls only when the extension and the streams agree', () => {
    const word = fakeOle2(['Root Entry', 'WordDocument']);
    const excel = fakeOle2(['Root Entry', 'Workbook']);
    expect(detectFileKind(word, 'memo.doc')).toEqual({ ok: true, kind: 'doc', mime: 'application/msword' });
    expect(detectFileKind(excel, 'old.XLS')).toEqual({ ok: true, kind: 'xls', mime: 'application/vnd.ms-excel' });
    expect(detectFileKind(excel, 'memo.doc')).toEqual({
      ok: false,
      reason: 'memo.doc is not a Word document: its content is an Office compound file without a Word document stream',
    });
    expect(detectFileKind(word, 'installer.msi')).toMatchObject({ ok: false });
  });

  it('takes UTF-8 text as csv by extension, otherwise txt', () => {
    expect(detectFileKind(text('a,b\n1,2\n'), 'data.csv')).toEqual({ ok: true, kind: 'csv', mime: 'text/csv' });
    expect(detectFileKind(text('Meeting notes — café'), 'notes.txt')).toEqual({ ok: true, kind: 'txt', mime: 'text/plain' });
    expect(detectFileKind(text('# Heading'), 'README')).toMatchObject({ ok: true, kind: 'txt' });
    expect(detectFileKind(text('\uFEFFa;b\n'), 'bom.csv')).toMatchObject({ ok: true, kind: 'csv' });
  });

  it('accepts text whose 64 KB sample ends inside a multi-byte character', () => {
    const big = text(`${'a'.repeat(64 * 1024 - 1)}é and more`);
    expect(detectFileKind(big, 'long.txt')).toMatchObject({ ok: true, kind: 'txt' });
  });
});

describe('detectFileKind: refusals', () => {
  it('refuses a renamed ELF or PE executable, naming the file and what it is', () => {
    expect(detectFileKind(fakeElf(), 'report.pdf')).toEqual({
      ok: false,
      reason: 'report.pdf is not a PDF: its content looks like an executable (ELF)',
    });
    expect(detectFileKind(fakePe(), 'budget.xlsx')).toEqual({
      ok: false,
      reason: 'budget.xlsx is not an Excel workbook: its content looks like an executable (Windows PE)',
    });
    expect(detectFileKind(fakeElf(), 'tool')).toEqual({ ok: false, reason: `${NOT_ACCEPTED}: its content looks like an executable (ELF)` });
  });

  it('refuses scripts even when named .txt', () => {
    expect(detectFileKind(text('#!/bin/sh\nrm -rf /\n'), 'notes.txt')).toEqual({
      ok: false,
      reason: 'notes.txt is not a text file: its content looks like an executable script (it starts with #!)',
    });
  });

  it('refuses a ZIP without a Word or Excel document inside (e.g. a renamed archive or jar)', async () => {
    const zip = await zipBytes([{ name: 'payload.exe', data: 'MZ' }, { name: 'META-INF/MANIFEST.MF', data: 'x' }]);
    expect(detectFileKind(zip, 'report.docx')).toEqual({
      ok: false,
      reason: 'report.docx is not a Word document: its content is a ZIP archive that holds no Word or Excel document',
    });
  });

  it('refuses binary data, and text in another encoding unless it is a CSV file (read as Windows-1252 or UTF-16)', () => {
    const binary = new Uint8Array(256).map((_, i) => i);
    expect(detectFileKind(binary, 'data.bin')).toEqual({ ok: false, reason: `${NOT_ACCEPTED}: its content is not a recognised document type` });
    expect(detectFileKind(new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x0a]), 'latin1.txt')).toEqual({
      ok: false,
      reason: 'latin1.txt is not a text file: its content is not UTF-8 text',
    });
    expect(detectFileKind(new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x0a]), 'latin1.csv')).toEqual({ ok: true, kind: 'csv', mime: 'text/csv' });
    expect(detectFileKind(new Uint8Array([0xff, 0xfe, 0x61, 0, 0x3b, 0, 0x62, 0]), 'unicode.csv')).toEqual({ ok: true, kind: 'csv', mime: 'text/csv' });
  });

  it('refuses plain text that claims to be a binary format, and empty files', () => {
    expect(detectFileKind(text('just words'), 'slides.pdf')).toEqual({ ok: false, reason: 'slides.pdf is not a PDF: its content is plain text' });
    expect(detectFileKind(new Uint8Array(0), 'empty.txt')).toEqual({ ok: false, reason: 'empty.txt is empty' });
  });
});

describe('names and limits', () => {
  it('maps extensions, jpeg as jpg, case-insensitively', () => {
    expect(kindFromName('A.JPEG')).toBe('jpg');
    expect(kindFromName('x.Docx')).toBe('docx');
    expect(kindFromName('archive.tar.gz')).toBeUndefined();
    expect(kindFromName('dotfile.')).toBeUndefined();
  });

  it('exports the upload size limits', () => {
    expect(SMALL_UPLOAD_MAX_BYTES).toBe(4 * 1024 * 1024);
    expect(LARGE_UPLOAD_MAX_BYTES).toBe(100 * 1024 * 1024);
  });
});
