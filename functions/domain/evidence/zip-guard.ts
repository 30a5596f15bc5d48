/**
 * Zip-bomb guard for docx/xlsx (and templates): first reads only the central directory (what each entry
 * declares) and refuses archives whose extraction could exhaust memory or write outside a folder; then inflates
 * every entry the directory names and counts what really comes out, stopping at the limit. Both before any
 * parser opens the archive.
 *
 * The directory is read here, strictly (signatures, bounds, ZIP64 records and fields, one disk): a parser
 * inflates what the central directory names, so an archive is judged by those entries (fflate's streaming Unzip
 * follows the local headers instead, and its unzipSync checks no signature or bound of the directory).
 * Inflating is fflate's, as a stream fed in small slices, so no more than one slice's output is held at a time.
 * fflate checks a DEFLATE stream's code tables less strictly than zlib: a corrupt stream may inflate to noise
 * here rather than fail; its bytes are counted all the same, and the parser, which stops at the error, refuses it.
 */
import { Inflate, strFromU8 } from 'fflate';

export const ZIP_LIMITS = {
  maxEntries: 2_000,
  maxTotalUncompressedBytes: 200 * 1024 * 1024,
  /** the compression ratio limit applies to entries larger than this */
  ratioCheckAboveBytes: 10 * 1024 * 1024,
  maxCompressionRatio: 100,
} as const;

/** Limits of the guard (evidence uses ZIP_LIMITS; templates have their own, shared/schemas/templates.ts). */
export type ZipLimits = { readonly [K in keyof typeof ZIP_LIMITS]: number };

export type ZipGuardResult = { ok: true } | { ok: false; reason: string };

const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

// ── the central directory ─────────────────────────────────────────────────────────────────────────────

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL_HEADER = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const EOCD_SIZE = 22;
const ZIP64_LOCATOR_SIZE = 20;
const MAX_COMMENT = 0xffff;
const FLAG_ENCRYPTED = 0x1;
const FLAG_STRONG_ENCRYPTION = 0x40;
const FLAG_UTF8 = 0x800;
const ZIP64_EXTRA = 0x0001;
const UNICODE_PATH_EXTRA = 0x7075;

interface Directory {
  entryCount: number;
  offset: number;
}

interface CentralEntry {
  /** the name as a path: backslashes read as slashes */
  fileName: string;
  flags: number;
  compressionMethod: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

/** Little-endian fields of the archive's bytes. */
class Reader {
  readonly bytes: Uint8Array;
  private readonly view: DataView;
  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  /** throws when [at, at + length) is not inside the archive */
  need(at: number, length: number): void {
    if (at < 0 || at + length > this.bytes.length) throw new Error('unexpected EOF');
  }
  u16(at: number): number {
    return this.view.getUint16(at, true);
  }
  u32(at: number): number {
    return this.view.getUint32(at, true);
  }
  u64(at: number): number {
    return this.u32(at) + this.u32(at + 4) * 0x1_0000_0000;
  }
}

/** The end of central directory record (ZIP64 where the archive has one): how many entries, and where they start. */
function readDirectory(r: Reader): Directory {
  const size = r.bytes.length;
  const lowest = Math.max(0, size - (ZIP64_LOCATOR_SIZE + EOCD_SIZE + MAX_COMMENT));
  for (let i = size - EOCD_SIZE; i >= lowest; i--) {
    if (r.u32(i) !== EOCD) continue;
    const commentLength = r.u16(i + 20);
    if (commentLength !== size - i - EOCD_SIZE) throw new Error(`invalid comment length: expected ${size - i - EOCD_SIZE}, found ${commentLength}`);
    if (i - ZIP64_LOCATOR_SIZE >= lowest && r.u32(i - ZIP64_LOCATOR_SIZE) === ZIP64_LOCATOR) {
      const at = r.u64(i - ZIP64_LOCATOR_SIZE + 8);
      r.need(at, 56);
      if (r.u32(at) !== ZIP64_EOCD) throw new Error('invalid zip64 end of central directory record signature');
      if (r.u32(at + 16) !== 0) throw new Error('multi-disk zip files are not supported');
      return { entryCount: r.u64(at + 32), offset: r.u64(at + 48) };
    }
    if (r.u16(i + 4) !== 0) throw new Error('multi-disk zip files are not supported');
    return { entryCount: r.u16(i + 10), offset: r.u32(i + 16) };
  }
  throw new Error('end of central directory record signature not found: not a zip file, or a truncated one');
}

interface ExtraField {
  id: number;
  at: number;
  length: number;
}

function extraFields(r: Reader, from: number, to: number): ExtraField[] {
  const fields: ExtraField[] = [];
  for (let i = from; i < to - 3; ) {
    const length = r.u16(i + 2);
    if (i + 4 + length > to) throw new Error('extra field length exceeds extra field buffer size');
    fields.push({ id: r.u16(i), at: i + 4, length });
    i += 4 + length;
  }
  return fields;
}

/** What a parser would refuse as a name: an absolute path, a drive letter, a step out of the folder. */
function nameProblem(fileName: string): string | undefined {
  if (/^[a-zA-Z]:/.test(fileName) || fileName.startsWith('/')) return `absolute path: ${fileName}`;
  if (fileName.split('/').includes('..')) return `invalid relative path: ${fileName}`;
  return undefined;
}

/**
 * The entries of the central directory in order, each read only when asked for; throws at the first entry
 * that is damaged or has an unsafe name. `validateEntrySizes`: a stored (not compressed) entry's two sizes agree.
 */
function* centralEntries(r: Reader, dir: Directory, validateEntrySizes: boolean): Generator<CentralEntry> {
  let at = dir.offset;
  for (let n = 0; n < dir.entryCount; n++) {
    r.need(at, 46);
    const signature = r.u32(at);
    if (signature !== CENTRAL_HEADER) throw new Error(`invalid central directory file header signature: 0x${signature.toString(16)}`);
    const flags = r.u16(at + 8);
    if (flags & FLAG_STRONG_ENCRYPTION) throw new Error('strong encryption is not supported');
    const nameLength = r.u16(at + 28);
    const extraLength = r.u16(at + 30);
    const commentLength = r.u16(at + 32);
    r.need(at + 46, nameLength + extraLength + commentLength);
    const rawName = r.bytes.subarray(at + 46, at + 46 + nameLength);
    const extras = extraFields(r, at + 46 + nameLength, at + 46 + nameLength + extraLength);
    // a UTF-8 name in an Info-ZIP Unicode Path field stands for the header's; both must be safe
    const unicode = extras.find((f) => f.id === UNICODE_PATH_EXTRA && f.length >= 6 && r.bytes[f.at] === 1);
    const headerName = strFromU8(rawName, !(flags & FLAG_UTF8)).replace(/\\/g, '/');
    const fileName = unicode ? strFromU8(r.bytes.subarray(unicode.at + 5, unicode.at + unicode.length)).replace(/\\/g, '/') : headerName;
    const problem = nameProblem(fileName) ?? nameProblem(headerName);
    if (problem) throw new Error(problem);
    const entry: CentralEntry = {
      fileName,
      flags,
      compressionMethod: r.u16(at + 10),
      compressedSize: r.u32(at + 20),
      uncompressedSize: r.u32(at + 24),
      localHeaderOffset: r.u32(at + 42),
    };
    const zip64 = extras.find((f) => f.id === ZIP64_EXTRA);
    if (zip64) {
      let i = zip64.at;
      const end = zip64.at + zip64.length;
      const wide = (field: 'uncompressedSize' | 'compressedSize' | 'localHeaderOffset', what: string) => {
        if (entry[field] !== 0xffffffff) return;
        if (i + 8 > end) throw new Error(`zip64 extended information extra field does not include ${what}`);
        entry[field] = r.u64(i);
        i += 8;
      };
      wide('uncompressedSize', 'uncompressed size');
      wide('compressedSize', 'compressed size');
      wide('localHeaderOffset', 'relative header offset');
    }
    if (validateEntrySizes && entry.compressionMethod === 0) {
      const expected = entry.uncompressedSize + (flags & FLAG_ENCRYPTED ? 12 : 0);
      if (entry.compressedSize !== expected) throw new Error(`compressed/uncompressed size mismatch for stored file: ${entry.compressedSize} != ${entry.uncompressedSize}`);
    }
    at += 46 + nameLength + extraLength + commentLength;
    yield entry;
  }
}

function openArchive(bytes: Uint8Array): { reader: Reader; dir: Directory } | { reason: string } {
  const reader = new Reader(bytes);
  try {
    return { reader, dir: readDirectory(reader) };
  } catch (error) {
    return { reason: `The document is not a readable ZIP archive (${(error as Error).message})` };
  }
}

const unsafePath = (name: string) => `The document contains an entry with an unsafe path (${name}), so it was not opened`;

/** A name problem as a person would read it. */
function unsafePathReason(message: string): string | undefined {
  const m = /^(absolute path|invalid relative path): (.*)$/.exec(message);
  return m ? unsafePath(m[2]!) : undefined;
}

// ── the checks ────────────────────────────────────────────────────────────────────────────────────────

/** Inspects a ZIP archive's central directory against `limits`. Never inflates any entry. */
export async function checkZipArchive(bytes: Uint8Array, limits: ZipLimits = ZIP_LIMITS): Promise<ZipGuardResult> {
  const archive = openArchive(bytes);
  if ('reason' in archive) return { ok: false, reason: archive.reason };
  const { reader, dir } = archive;
  if (dir.entryCount > limits.maxEntries) return { ok: false, reason: `The document has ${dir.entryCount} parts, more than the ${limits.maxEntries} allowed` };
  let total = 0;
  try {
    for (const entry of centralEntries(reader, dir, true)) {
      total += entry.uncompressedSize;
      if (total > limits.maxTotalUncompressedBytes) {
        return { ok: false, reason: `The document would expand to more than ${mb(limits.maxTotalUncompressedBytes)}, so it was not opened` };
      }
      const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
      if (entry.uncompressedSize > limits.ratioCheckAboveBytes && ratio > limits.maxCompressionRatio) {
        return { ok: false, reason: `The document looks like a zip bomb: one part expands ${Math.round(ratio)} times to ${mb(entry.uncompressedSize)}` };
      }
    }
  } catch (error) {
    const message = (error as Error).message;
    return { ok: false, reason: unsafePathReason(message) ?? `The document is a damaged ZIP archive (${message})` };
  }
  return { ok: true };
}

/** Compressed bytes given to the inflater at a time: DEFLATE expands a slice 1,032 times at most (about 8 MB). */
const SLICE_BYTES = 8 * 1024;
/** Slices inflated before other work on the thread gets a turn. */
const SLICES_PER_TURN = 64;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Where an entry's data starts and how it is read (the checks a reader makes before it opens one). */
function entryData(r: Reader, entry: CentralEntry): { start: number; deflated: boolean } {
  const stored = entry.compressionMethod === 0 && !(entry.flags & FLAG_ENCRYPTED);
  if (!stored && entry.flags & FLAG_ENCRYPTED) throw new Error('entry is encrypted');
  if (!stored && entry.compressionMethod !== 8) throw new Error(`unsupported compression method: ${entry.compressionMethod}`);
  const at = entry.localHeaderOffset;
  r.need(at, 30);
  const signature = r.u32(at);
  if (signature !== LOCAL_HEADER) throw new Error(`invalid local file header signature: 0x${signature.toString(16)}`);
  const start = at + 30 + r.u16(at + 26) + r.u16(at + 28);
  if (start + entry.compressedSize > r.bytes.length) throw new Error(`file data overflows file bounds: ${start} + ${entry.compressedSize} > ${r.bytes.length}`);
  return { start, deflated: !stored };
}

/**
 * Inflates every entry and counts the bytes that actually come out, stopping at the limit. The central
 * directory can lie (an entry declaring 1 KB may inflate to gigabytes), and the parsers' own memory limits
 * do not cover the ArrayBuffers they inflate into; so before a parser sees an archive, this proves what it
 * really holds. Memory stays flat: each entry is inflated slice by slice and its output counted, not kept.
 */
export async function checkInflatedSize(bytes: Uint8Array, limits: ZipLimits = ZIP_LIMITS): Promise<ZipGuardResult> {
  const archive = openArchive(bytes);
  if ('reason' in archive) return { ok: false, reason: archive.reason };
  const { reader, dir } = archive;
  const tooLarge = { ok: false, reason: `The document expands to more than ${mb(limits.maxTotalUncompressedBytes)}, so it was not opened` } as const;
  let total = 0;
  try {
    // sizes are checked by counting what comes out, not by trusting the archive
    for (const entry of centralEntries(reader, dir, false)) {
      if (entry.fileName.endsWith('/')) continue;
      const { start, deflated } = entryData(reader, entry);
      if (!deflated) {
        total += entry.compressedSize;
        if (total > limits.maxTotalUncompressedBytes) return tooLarge;
        continue;
      }
      let entryBytes = 0;
      let verdict: ZipGuardResult | undefined;
      const inflater = new Inflate((chunk) => {
        entryBytes += chunk.length;
        total += chunk.length;
        const ratio = entryBytes / Math.max(1, entry.compressedSize);
        if (total > limits.maxTotalUncompressedBytes) verdict ??= tooLarge;
        else if (entryBytes > limits.ratioCheckAboveBytes && ratio > limits.maxCompressionRatio) {
          verdict ??= { ok: false, reason: `The document looks like a zip bomb: one part expands more than ${Math.round(ratio)} times` };
        }
      });
      const end = start + entry.compressedSize;
      for (let at = start, slices = 1; ; at += SLICE_BYTES, slices++) {
        const last = at + SLICE_BYTES >= end;
        inflater.push(bytes.subarray(at, Math.min(end, at + SLICE_BYTES)), last);
        if (verdict) return verdict;
        if (last) break;
        if (slices % SLICES_PER_TURN === 0) await nextTurn();
      }
    }
  } catch (error) {
    return { ok: false, reason: `The document is a damaged ZIP archive (${(error as Error).message})` };
  }
  return { ok: true };
}
