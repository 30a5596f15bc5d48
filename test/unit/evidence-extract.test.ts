import { build } from 'esbuild';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIME_BUDGET_MS,
  EXTRACT_WORKER_ENTRY,
  extractText,
  LEGACY_OFFICE_REASON,
  OCR_ASSETS,
} from '../../functions/domain/evidence/extract/index';
import {
  blankPng,
  docxBytes,
  fakeOle2,
  imageWithText,
  pdfBytes,
  xlsxBytes,
  zipBytes,
} from '../helpers/evidence-fixtures';

const ROOT = resolve(import.meta.dirname, '../..');
const utf8 = (s: string) => new TextEncoder().encode(s);

describe('extractText: PDF', () => {
  it('keeps page breaks as blank lines and counts pages', async () => {
    // Prepare
    const pdf = await pdfBytes([['Revenue grew 12% year on year.'], ['Customer churn fell to 4%.', 'Margins improved.']]);
    // Act
    const result = await extractText(pdf, 'pdf');
    // Assess
    expect(result).toMatchObject({ status: 'extracted', method: 'unpdf', pages: 2 });
    expect(result.text).toBe('Revenue grew 12% year on year.\n\nCustomer churn fell to 4%.\nMargins improved.');
  });

  it('reports a PDF without a text layer as no_text', async () => {
    const result = await extractText(await pdfBytes([[]]), 'pdf');
    expect(result).toEqual({
      status: 'no_text',
      text: '',
      method: 'unpdf',
      pages: 1,
      reason: 'The PDF has no text layer (it may be a scanned image); scanned PDFs are not read by OCR',
    });
  });

  it('fails clearly on password-protected and damaged PDFs', async () => {
    // Prepare
    const locked = await pdfBytes([['Secret figures']], { userPassword: 'open-sesame' });
    const damaged = utf8('%PDF-1.7\n1 0 obj << /Type /Catalog >>\n%%EOF garbage');
    // Act
    const [a, b] = await Promise.all([extractText(locked, 'pdf'), extractText(damaged, 'pdf')]);
    // Assess
    expect(a).toEqual({ status: 'failed', text: '', method: 'unpdf', reason: 'The PDF is password-protected, so its text cannot be read' });
    expect(b).toMatchObject({ status: 'failed', text: '', method: 'unpdf', reason: expect.stringMatching(/^The PDF could not be read: /) });
  });

  it('cuts text beyond maxTextChars and says so', async () => {
    const pdf = await pdfBytes([['A'.repeat(50) + ' first page'], ['second page'], ['third page']]);
    const result = await extractText(pdf, 'pdf', { maxTextChars: 40 });
    expect(result.status).toBe('extracted');
    expect(result.text).toHaveLength(40);
    expect(result.reason).toBe('The text was longer than 40 characters; only the first 40 were kept');
  });
});

describe('extractText: Word and Excel', () => {
  it('reads a docx with mammoth, paragraphs separated by blank lines', async () => {
    const docx = await docxBytes(['Quarterly review', 'Revenue grew 12%.', 'Staff attrition fell.']);
    expect(await extractText(docx, 'docx')).toEqual({
      status: 'extracted',
      method: 'mammoth',
      text: 'Quarterly review\n\nRevenue grew 12%.\n\nStaff attrition fell.',
    });
  });

  it('refuses a docx that is a zip bomb before parsing it', async () => {
    const bomb = await zipBytes([{ name: 'word/document.xml', data: new Uint8Array(120 * 1024 * 1024) }], 1);
    const result = await extractText(bomb, 'docx');
    expect(result).toMatchObject({ status: 'failed', method: 'mammoth', reason: expect.stringMatching(/^The document looks like a zip bomb/) });
  }, 30_000);

  it('reads every sheet of an xlsx: a header per sheet, tab-separated cells, values as shown', async () => {
    // Prepare
    const xlsx = await xlsxBytes([
      {
        name: 'Sales',
        rows: [
          ['Region', 'Revenue', 'Date'],
          ['North', 1200.5, new Date(Date.UTC(2024, 2, 31))],
          ['South', { formula: 'B2*2', result: 2401 }, null, 'note'],
          [],
          [{ richText: [{ text: 'Rich ' }, { text: 'text' }] }, { text: 'Site', hyperlink: 'https://example.com' }],
        ],
      },
      { name: 'Empty', rows: [] },
      { name: 'Costs', rows: [['Line\nbreak', true]] },
    ]);
    // Act
    const result = await extractText(xlsx, 'xlsx');
    // Assess
    expect(result).toMatchObject({ status: 'extracted', method: 'exceljs', sheets: 3 });
    expect(result.text).toBe(
      [
        '# Sheet: Sales',
        'Region\tRevenue\tDate',
        'North\t1200.5\t2024-03-31',
        'South\t2401\t\tnote',
        'Rich text\tSite',
        '',
        '# Sheet: Empty',
        '',
        '# Sheet: Costs',
        'Line break\tTRUE',
      ].join('\n'),
    );
  });

  it('reads CSV as written: quotes, embedded line breaks, leading zeros, a BOM and semicolons', async () => {
    // Prepare
    const comma = utf8('\uFEFFid,name,amount\n007,"Acme, Inc.",1.50\n008,"Two\nlines",\n');
    const semicolon = utf8('region;revenue\r\nNorth;1200\r\n');
    // Act
    const [a, b] = await Promise.all([extractText(comma, 'csv'), extractText(semicolon, 'csv')]);
    // Assess: the text keeps every value as written; the tables are read with papaparse
    expect(a).toMatchObject({
      status: 'extracted',
      method: 'papaparse',
      sheets: 1,
      text: '# Sheet: Sheet1\nid\tname\tamount\n007\tAcme, Inc.\t1.50\n008\tTwo lines',
    });
    expect(a.reason).toBeUndefined();
    expect(b.text).toBe('# Sheet: Sheet1\nregion\trevenue\nNorth\t1200');
  });

  it('stores legacy .doc and .xls without parsing them', async () => {
    const doc = await extractText(fakeOle2(['WordDocument']), 'doc');
    const xls = await extractText(fakeOle2(['Workbook']), 'xls');
    for (const r of [doc, xls]) expect(r).toEqual({ status: 'no_text', text: '', method: 'none', reason: LEGACY_OFFICE_REASON });
    expect(LEGACY_OFFICE_REASON).toBe(
      'Legacy .doc/.xls files are stored but their text is not extracted; save as .docx/.xlsx to analyse them',
    );
  });
});

describe('extractText: plain text', () => {
  it('decodes UTF-8, strips a BOM and normalises line endings', async () => {
    expect(await extractText(utf8('\uFEFFLine one\r\nLine two — café\r\n'), 'txt')).toEqual({
      status: 'extracted',
      method: 'utf8',
      text: 'Line one\nLine two — café',
    });
  });

  it('says an empty file has no text, and truncates long text', async () => {
    expect(await extractText(utf8('  \n '), 'txt')).toEqual({ status: 'no_text', text: '', method: 'utf8', reason: 'The text file is empty' });
    const long = await extractText(utf8('x'.repeat(2_500_000)), 'txt');
    expect(long.text).toHaveLength(2_000_000);
    expect(long.reason).toBe('The text was longer than 2,000,000 characters; only the first 2,000,000 were kept');
  });
});

describe('extractText: images (OCR, offline)', () => {
  it('reads printed text from a PNG and a JPEG', async () => {
    // Prepare
    const png = await imageWithText(['Revenue grew 12 percent in 2024', 'Customer churn fell sharply']);
    const jpg = await imageWithText(['Operating margin improved'], 'image/jpeg');
    // Act
    const a = await extractText(png, 'png');
    const b = await extractText(jpg, 'jpg');
    // Assess
    expect(a).toMatchObject({ status: 'extracted', method: 'tesseract.js' });
    expect(a.text).toContain('Revenue grew 12 percent in 2024');
    expect(a.text).toContain('Customer churn fell sharply');
    expect(b).toMatchObject({ status: 'extracted', method: 'tesseract.js' });
    expect(b.text).toContain('Operating margin improved');
  }, 60_000);

  it('says when an image has no text, and fails on an unreadable image', async () => {
    const blank = await extractText(await blankPng(), 'png');
    expect(blank).toEqual({ status: 'no_text', text: '', method: 'tesseract.js', reason: 'No text was recognised in the image' });
    const broken = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
    const result = await extractText(broken, 'png');
    expect(result).toMatchObject({ status: 'failed', method: 'tesseract.js', reason: expect.stringMatching(/^The image could not be read/) });
  }, 60_000);

  it('uses only local files: the worker script, the core and the English model come from node_modules', () => {
    expect(existsSync(resolve(ROOT, OCR_ASSETS.workerEntry))).toBe(true);
    for (const file of OCR_ASSETS.dataFiles) expect(existsSync(resolve(ROOT, file)), file).toBe(true);
  });
});

describe('extractText: budget', () => {
  it('stops an extraction that runs past its time budget, and the next one works', async () => {
    // a warm worker reads a short PDF within 30 ms, so the document is long
    const pdf = await pdfBytes(Array.from({ length: 120 }, (_, p) => [`Page ${p}: revenue grew 12% in the north while costs rose.`]));
    expect(await extractText(pdf, 'pdf', { timeBudgetMs: 30 })).toEqual({
      status: 'failed',
      text: '',
      method: 'unpdf',
      reason: 'Text extraction took longer than 0.03 s and was stopped',
    });
    expect((await extractText(await pdfBytes([['Revenue grew.']]), 'pdf')).text).toContain('Revenue grew.');
  });

  it('stops an extraction that needs more memory than allowed, without harming this process', async () => {
    // Prepare: a workbook whose rows and tables need far more than 16 MB of heap (the streaming reader holds rows, not the workbook)
    const rows = Array.from({ length: 40_000 }, (_, i) => [`Row ${i}`, i, i * 1.5, `Region ${i % 17}`, `Note ${i}`]);
    const xlsx = await xlsxBytes([{ name: 'Big', rows }]);
    // Act
    const result = await extractText(xlsx, 'xlsx', { memoryLimitMb: 16 });
    // Assess
    expect(result).toEqual({
      status: 'failed',
      text: '',
      method: 'exceljs',
      reason: 'Text extraction needed more than 16 MB of memory and was stopped',
    });
  }, 60_000);

  it('stops OCR (and its own worker) when the budget runs out, naming the budget in seconds', async () => {
    // Prepare: a page of text takes tesseract several seconds
    const png = await imageWithText(Array.from({ length: 24 }, (_, i) => `Line ${i}: revenue grew 12 percent in 2024`));
    // Act / Assess
    expect(await extractText(png, 'png', { timeBudgetMs: 1000 })).toEqual({
      status: 'failed',
      text: '',
      method: 'tesseract.js',
      reason: 'Text extraction took longer than 1 s and was stopped',
    });
    expect(DEFAULT_TIME_BUDGET_MS).toBe(20_000);
  });
});

describe('extract/index.ts stays cheap to import', () => {
  it('bundles without any parser: unpdf, mammoth, exceljs and tesseract.js live only in the worker', async () => {
    // Act
    const out = await build({
      entryPoints: [resolve(ROOT, 'functions/domain/evidence/extract/index.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      write: false,
      metafile: true,
      minify: true,
      logLevel: 'silent',
    });
    // Assess
    const inputs = Object.keys(out.metafile.inputs);
    expect(inputs.filter((f) => f.includes('node_modules'))).toEqual([]);
    expect(out.outputFiles[0]!.contents.length).toBeLessThan(10_000);
    expect(existsSync(resolve(ROOT, EXTRACT_WORKER_ENTRY))).toBe(true);
  });
});
