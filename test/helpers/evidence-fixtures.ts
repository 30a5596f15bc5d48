/**
 * Evidence files built in memory for the tests and benchmarks: PDFs (pdfkit), Word (docx), Excel (exceljs),
 * images with text (jimp, pure JavaScript, with its bundled bitmap fonts), ZIP archives (jszip) and fake
 * executables. Nothing binary is kept in the repository.
 */
import { Document, Packer, Paragraph, TextRun } from 'docx';
import ExcelJS from 'exceljs';
import { Jimp, loadFont } from 'jimp';
import { SANS_32_BLACK } from 'jimp/fonts';
import JSZip from 'jszip';
import PDFDocument from 'pdfkit';

/** A PDF with one page per entry; each page's paragraphs are separate text blocks. */
export function pdfBytes(pages: string[][], opts: { userPassword?: string } = {}): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      autoFirstPage: false,
      compress: true,
      info: { Title: 'Fixture', CreationDate: new Date(Date.UTC(2025, 0, 1)) },
      ...(opts.userPassword ? { userPassword: opts.userPassword, ownerPassword: `${opts.userPassword}-owner` } : {}),
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
    for (const paragraphs of pages) {
      doc.addPage({ size: 'A4', margin: 56 });
      for (const p of paragraphs) doc.fontSize(11).text(p, { paragraphGap: 8 });
    }
    doc.end();
  });
}

export async function docxBytes(paragraphs: string[]): Promise<Uint8Array> {
  const document = new Document({
    sections: [{ children: paragraphs.map((p) => new Paragraph({ children: [new TextRun(p)] })) }],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}

export type SheetRows = { name: string; rows: ExcelJS.CellValue[][] }[];

export async function xlsxBytes(sheets: SheetRows): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date(Date.UTC(2025, 0, 1));
  for (const sheet of sheets) {
    const ws = workbook.addWorksheet(sheet.name);
    for (const row of sheet.rows) ws.addRow(row);
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** A white image with black text lines (Open Sans 32 px), as PNG or JPEG. */
export async function imageWithText(lines: string[], mime: 'image/png' | 'image/jpeg' = 'image/png'): Promise<Uint8Array> {
  const image = new Jimp({ width: 1000, height: 60 + lines.length * 60, color: 0xffffffff });
  const font = await loadFont(SANS_32_BLACK);
  lines.forEach((text, i) => image.print({ font, x: 30, y: 30 + i * 60, text }));
  return new Uint8Array(mime === 'image/png' ? await image.getBuffer('image/png') : await image.getBuffer('image/jpeg', { quality: 90 }));
}

export async function blankPng(width = 200, height = 100): Promise<Uint8Array> {
  return new Uint8Array(await new Jimp({ width, height, color: 0xffffffff }).getBuffer('image/png'));
}

export async function zipBytes(entries: { name: string; data: Uint8Array | string }[], level = 6): Promise<Uint8Array> {
  const zip = new JSZip();
  for (const e of entries) zip.file(e.name, e.data, { createFolders: false });
  return new Uint8Array(await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level } }));
}

/** The first bytes of a 64-bit Linux executable, padded out. */
export function fakeElf(size = 4096): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]);
  return bytes;
}

/** The first bytes of a Windows PE executable ("MZ" … "This program cannot be run in DOS mode"). */
export function fakePe(size = 4096): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set([0x4d, 0x5a, 0x90, 0x00]);
  bytes.set(new TextEncoder().encode('This program cannot be run in DOS mode.'), 0x4e);
  return bytes;
}

/** The 8-byte OLE2 compound-file signature followed by `streams` as UTF-16LE directory names. */
export function fakeOle2(streams: string[]): Uint8Array {
  const sig = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
  const names = streams.flatMap((s) => [...s].flatMap((c) => [c.charCodeAt(0), 0]).concat([0, 0]));
  const bytes = new Uint8Array(1024);
  bytes.set(sig);
  bytes.set(names, 512);
  return bytes;
}

// ── realistic business prose, deterministic ─────────────────────────────────────────────────────────

const OPENERS = ['In the last fiscal year', 'During the third quarter', 'Across the European region', 'Since the restructuring', 'Compared with the prior year', 'In the core retail segment', 'Within the online channel', 'At the two largest plants'];
const SUBJECTS = ['revenue', 'gross margin', 'customer churn', 'staff attrition', 'inventory turnover', 'market share', 'the net promoter score', 'operating cash flow', 'warehouse throughput', 'regulatory findings', 'average order value', 'employee engagement'];
const VERBS = ['rose', 'fell', 'improved', 'declined', 'held steady', 'recovered', 'accelerated', 'weakened'];
const CAUSES = ['after the pricing review', 'as two low-cost competitors entered the market', 'because of warehouse automation', 'following the leadership changes', 'while GDPR compliance work continued', 'as demand in the premium segment grew', 'despite supplier delays', 'thanks to a new training programme'];
const CLOSERS = ['Management expects the trend to continue.', 'The board has asked for a detailed plan.', 'This remains a priority for the coming year.', 'The finance team is tracking it monthly.', 'Customers noticed the change quickly.', 'Peers reported similar movements.'];

/** A deterministic pseudo-random generator (mulberry32). */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` paragraphs of plausible assessment prose, the same for the same seed. */
export function businessParagraphs(count: number, seed = 1): string[] {
  const rnd = seeded(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  return Array.from({ length: count }, () =>
    Array.from({ length: 3 + Math.floor(rnd() * 3) }, () => {
      const pct = (rnd() * 30 + 1).toFixed(1);
      return `${pick(OPENERS)}, ${pick(SUBJECTS)} ${pick(VERBS)} by ${pct}% ${pick(CAUSES)}. ${pick(CLOSERS)}`;
    }).join(' '),
  );
}
