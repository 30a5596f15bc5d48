/**
 * Evidence file types, decided by content (magic bytes), never by the name alone. The name's extension
 * only chooses between kinds that share a container (OLE2: doc/xls; text: csv/txt) and makes refusals
 * specific ("report.pdf is not a PDF: …").
 */

import { dataRoomNotes } from '@shared/messages/evidence';

/** The kinds the spec's file chooser accepts (jpeg is read as jpg). */
export const EVIDENCE_FILE_KINDS = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'csv', 'txt', 'png', 'jpg'] as const;
export type EvidenceFileKind = (typeof EVIDENCE_FILE_KINDS)[number];

export const EVIDENCE_MIME_TYPES: Record<EvidenceFileKind, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
  txt: 'text/plain',
  png: 'image/png',
  jpg: 'image/jpeg',
};

/** Uploads through `POST /api/files/upload` (API Gateway and Lambda payload limits leave room for ~4 MB). */
export const SMALL_UPLOAD_MAX_BYTES = 4 * 1024 * 1024;
/** Uploads straight to S3 through a presigned POST. */
export const LARGE_UPLOAD_MAX_BYTES = 100 * 1024 * 1024;

/** How many leading bytes decide whether content is text. */
const TEXT_SNIFF_BYTES = 64 * 1024;

export type FileKindResult = { ok: true; kind: EvidenceFileKind; mime: string } | { ok: false; reason: string };

const NOT_ACCEPTED = `The file content is not an accepted type (${EVIDENCE_FILE_KINDS.join(', ')})`;

/** What a person calls each kind, for refusals. */
const KIND_LABEL: Record<EvidenceFileKind, string> = {
  pdf: 'a PDF',
  doc: 'a Word document',
  docx: 'a Word document',
  xls: 'an Excel workbook',
  xlsx: 'an Excel workbook',
  csv: 'a CSV file',
  txt: 'a text file',
  png: 'a PNG image',
  jpg: 'a JPEG image',
};

/** The kind a file name claims, from its extension (jpeg → jpg), or undefined. */
export function kindFromName(fileName: string): EvidenceFileKind | undefined {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0 || dot === fileName.length - 1) return undefined;
  const ext = fileName.slice(dot + 1).toLowerCase();
  if (ext === 'jpeg') return 'jpg';
  return (EVIDENCE_FILE_KINDS as readonly string[]).includes(ext) ? (ext as EvidenceFileKind) : undefined;
}

const startsWith = (bytes: Uint8Array, sig: readonly number[], at = 0) =>
  bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);

const PNG_SIG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIG = [0xff, 0xd8, 0xff];
const OLE2_SIG = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP_SIG = [0x50, 0x4b, 0x03, 0x04];
const ZIP_EMPTY_SIG = [0x50, 0x4b, 0x05, 0x06];
const PDF_SIG = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

/** Content that is (or launches) a program: never accepted, whatever its name. */
function executableDescription(bytes: Uint8Array): string | undefined {
  if (startsWith(bytes, [0x7f, 0x45, 0x4c, 0x46])) return 'looks like an executable (ELF)';
  if (startsWith(bytes, [0x4d, 0x5a])) return 'looks like an executable (Windows PE)';
  const machO = [
    [0xfe, 0xed, 0xfa, 0xce],
    [0xfe, 0xed, 0xfa, 0xcf],
    [0xce, 0xfa, 0xed, 0xfe],
    [0xcf, 0xfa, 0xed, 0xfe],
    [0xca, 0xfe, 0xba, 0xbe], // Mach-O universal binary or Java class file
  ];
  if (machO.some((sig) => startsWith(bytes, sig))) return 'looks like an executable (Mach-O or Java class)';
  if (startsWith(bytes, [0x00, 0x61, 0x73, 0x6d])) return 'looks like an executable (WebAssembly)';
  if (startsWith(bytes, [0x23, 0x21])) return 'looks like an executable script (it starts with #!)';
  return undefined;
}

function indexOfBytes(bytes: Uint8Array, needle: readonly number[], from = 0, to = bytes.length): number {
  const end = Math.min(to, bytes.length) - needle.length;
  outer: for (let i = from; i <= end; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

const utf16le = (s: string) => [...s].flatMap((c) => [c.charCodeAt(0), 0]);

/**
 * Names of the entries in a ZIP archive's central directory (ZIP64 aware), or undefined when the
 * directory cannot be read. Reads at most `limit` entries: enough to recognise an Office document.
 */
export function zipEntryNames(bytes: Uint8Array, limit = 5000): string[] | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const minEocd = 22;
  if (bytes.length < minEocd) return undefined;
  let eocd = -1;
  for (let i = bytes.length - minEocd; i >= Math.max(0, bytes.length - minEocd - 0xffff); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return undefined;
  let count = view.getUint16(eocd + 10, true);
  let offset = view.getUint32(eocd + 16, true);
  if ((count === 0xffff || offset === 0xffffffff) && eocd >= 20 && view.getUint32(eocd - 20, true) === 0x07064b50) {
    const z64 = Number(view.getBigUint64(eocd - 20 + 8, true));
    if (z64 + 56 > bytes.length || view.getUint32(z64, true) !== 0x06064b50) return undefined;
    count = Number(view.getBigUint64(z64 + 32, true));
    offset = Number(view.getBigUint64(z64 + 48, true));
  }
  const names: string[] = [];
  const decoder = new TextDecoder('utf-8');
  let p = offset;
  for (let n = 0; n < Math.min(count, limit); n++) {
    if (p + 46 > bytes.length || view.getUint32(p, true) !== 0x02014b50) return undefined;
    const nameLength = view.getUint16(p + 28, true);
    const extraLength = view.getUint16(p + 30, true);
    const commentLength = view.getUint16(p + 32, true);
    if (p + 46 + nameLength > bytes.length) return undefined;
    names.push(decoder.decode(bytes.subarray(p + 46, p + 46 + nameLength)));
    p += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/** True when the bytes decode as UTF-8 (a sequence cut at the end of the sample is allowed). */
function isUtf8(sample: Uint8Array, truncated: boolean): boolean {
  let i = 0;
  const n = sample.length;
  while (i < n) {
    const b = sample[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    if (b >= 0xc2 && b <= 0xdf) [need, min] = [1, 0x80];
    else if (b >= 0xe0 && b <= 0xef) [need, min] = [2, 0x800];
    else if (b >= 0xf0 && b <= 0xf4) [need, min] = [3, 0x10000];
    else return false;
    // a sequence cut by the end of the sample is fine when the sample is a prefix of the file
    if (i + need >= n) return truncated;
    let cp = b & (0xff >> (need + 2));
    for (let k = 1; k <= need; k++) {
      const c = sample[i + k]!;
      if ((c & 0xc0) !== 0x80) return false;
      cp = (cp << 6) | (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return false;
    i += need + 1;
  }
  return true;
}

function textProblem(bytes: Uint8Array): string | undefined {
  const truncated = bytes.length > TEXT_SNIFF_BYTES;
  const sample = truncated ? bytes.subarray(0, TEXT_SNIFF_BYTES) : bytes;
  if (sample.includes(0)) return 'is binary data';
  if (!isUtf8(sample, truncated)) return 'is not UTF-8 text';
  // control characters other than tab, newline, carriage return and form feed mark binary data
  let controls = 0;
  for (const b of sample) if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c && b !== 0x1b) controls++;
  if (controls > Math.max(8, sample.length / 100)) return 'is binary data';
  return undefined;
}

function accept(kind: EvidenceFileKind): FileKindResult {
  return { ok: true, kind, mime: EVIDENCE_MIME_TYPES[kind] };
}

/** A refusal naming the file when its name claims an accepted kind, otherwise the general one. */
function refuse(fileName: string, claimed: EvidenceFileKind | undefined, contentDescription: string): FileKindResult {
  if (claimed) return { ok: false, reason: `${fileName} is not ${KIND_LABEL[claimed]}: its content ${contentDescription}` };
  return { ok: false, reason: `${NOT_ACCEPTED}: its content ${contentDescription}` };
}

/**
 * The kind of an evidence file, from its bytes. The name's extension is consulted only to choose
 * between doc and xls (both OLE2), and between csv and txt (both text), and to word refusals.
 */
export function detectFileKind(bytes: Uint8Array, fileName: string): FileKindResult {
  const claimed = kindFromName(fileName);
  if (bytes.length === 0) return { ok: false, reason: `${fileName || 'The file'} is empty` };

  const exe = executableDescription(bytes);
  if (exe) return refuse(fileName, claimed, exe);

  if (startsWith(bytes, PNG_SIG)) return accept('png');
  if (startsWith(bytes, JPEG_SIG)) return accept('jpg');
  if (indexOfBytes(bytes, PDF_SIG, 0, 1024) >= 0) return accept('pdf');

  if (startsWith(bytes, OLE2_SIG)) {
    // Office saves a password-protected workbook (or document) as a compound file around its encrypted package
    if (claimed !== 'doc' && claimed !== 'docx' && indexOfBytes(bytes, utf16le('EncryptedPackage')) >= 0) return { ok: false, reason: dataRoomNotes.encrypted };
    if (claimed === 'doc') {
      return indexOfBytes(bytes, utf16le('WordDocument')) >= 0
        ? accept('doc')
        : refuse(fileName, claimed, 'is an Office compound file without a Word document stream');
    }
    if (claimed === 'xls') {
      return indexOfBytes(bytes, utf16le('Workbook')) >= 0 || indexOfBytes(bytes, utf16le('Book')) >= 0
        ? accept('xls')
        : refuse(fileName, claimed, 'is an Office compound file without an Excel workbook stream');
    }
    return refuse(fileName, claimed, 'is a legacy Office compound file; name it .doc or .xls, or save it as .docx or .xlsx');
  }

  if (startsWith(bytes, ZIP_SIG) || startsWith(bytes, ZIP_EMPTY_SIG)) {
    const names = zipEntryNames(bytes);
    if (!names) return refuse(fileName, claimed, 'is a damaged ZIP archive');
    const has = (name: string) => names.includes(name);
    if (has('word/document.xml')) return accept('docx');
    if (has('xl/workbook.xml')) {
      if (names.some((n) => /(^|\/)vbaProject\.bin$/i.test(n))) return { ok: false, reason: dataRoomNotes.macros(fileName || 'The workbook') };
      return accept('xlsx');
    }
    return refuse(fileName, claimed, 'is a ZIP archive that holds no Word or Excel document');
  }

  // a CSV file saved as "Unicode text" (UTF-16, with its byte-order mark), or in Windows-1252, is read as such
  if (claimed === 'csv' && (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff]))) return accept('csv');
  const problem = textProblem(bytes);
  if (claimed === 'csv' && problem === 'is not UTF-8 text') return accept('csv');
  if (problem) return refuse(fileName, claimed, problem === 'is binary data' ? 'is not a recognised document type' : problem);
  if (claimed === 'csv') return accept('csv');
  if (claimed === undefined || claimed === 'txt') return accept('txt');
  return refuse(fileName, claimed, 'is plain text');
}
