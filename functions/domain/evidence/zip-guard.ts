/**
 * Zip-bomb guard for docx/xlsx: reads only the central directory (what each entry declares) and refuses
 * archives whose extraction could exhaust memory or write outside a folder, before any parser inflates them.
 */
import yauzl from 'yauzl';

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

/** yauzl's own checks of names, as a person would read them. */
function unsafePathReason(message: string): string | undefined {
  const m = /^(absolute path|invalid relative path|invalid characters in fileName): (.*)$/.exec(message);
  if (!m) return undefined;
  return `The document contains an entry with an unsafe path (${m[2]}), so it was not opened`;
}

function unsafeName(name: string): boolean {
  return name.startsWith('/') || name.startsWith('\\') || /^[a-zA-Z]:/.test(name) || name.split(/[/\\]/).includes('..');
}

function openBuffer(buffer: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, decodeStrings: true, validateEntrySizes: true, strictFileNames: false }, (err, zip) =>
      err ? reject(err) : resolve(zip),
    );
  });
}

/** Inspects a ZIP archive's central directory against `limits`. Never inflates any entry. */
export async function checkZipArchive(bytes: Uint8Array, limits: ZipLimits = ZIP_LIMITS): Promise<ZipGuardResult> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let zip: yauzl.ZipFile;
  try {
    zip = await openBuffer(buffer);
  } catch (error) {
    return { ok: false, reason: `The document is not a readable ZIP archive (${(error as Error).message})` };
  }
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    return { ok: false, reason: `The document has ${zip.entryCount} parts, more than the ${limits.maxEntries} allowed` };
  }
  return new Promise<ZipGuardResult>((resolve) => {
    let total = 0;
    let settled = false;
    const finish = (result: ZipGuardResult) => {
      if (settled) return;
      settled = true;
      zip.close();
      resolve(result);
    };
    zip.on('error', (error: Error) => {
      finish({ ok: false, reason: unsafePathReason(error.message) ?? `The document is a damaged ZIP archive (${error.message})` });
    });
    zip.on('end', () => finish({ ok: true }));
    zip.on('entry', (entry: yauzl.Entry) => {
      if (unsafeName(entry.fileName)) {
        return finish({ ok: false, reason: `The document contains an entry with an unsafe path (${entry.fileName}), so it was not opened` });
      }
      total += entry.uncompressedSize;
      if (total > limits.maxTotalUncompressedBytes) {
        return finish({
          ok: false,
          reason: `The document would expand to more than ${mb(limits.maxTotalUncompressedBytes)}, so it was not opened`,
        });
      }
      const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
      if (entry.uncompressedSize > limits.ratioCheckAboveBytes && ratio > limits.maxCompressionRatio) {
        return finish({
          ok: false,
          reason: `The document looks like a zip bomb: one part expands ${Math.round(ratio)} times to ${mb(entry.uncompressedSize)}`,
        });
      }
      zip.readEntry();
    });
    zip.readEntry();
  });
}

/**
 * Inflates every entry and counts the bytes that actually come out, stopping at the limit. The central
 * directory can lie (an entry declaring 1 KB may inflate to gigabytes), and the parsers' own memory limits
 * do not cover the ArrayBuffers they inflate into; so before a parser sees an archive, this proves what it
 * really holds. Memory stays flat: each entry is streamed and discarded.
 */
export async function checkInflatedSize(bytes: Uint8Array, limits: ZipLimits = ZIP_LIMITS): Promise<ZipGuardResult> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let zip: yauzl.ZipFile;
  try {
    zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      // sizes are checked by our own count below, not by trusting the archive
      yauzl.fromBuffer(buffer, { lazyEntries: true, decodeStrings: true, validateEntrySizes: false, strictFileNames: false }, (err, z) => (err ? reject(err) : resolve(z))),
    );
  } catch (error) {
    return { ok: false, reason: `The document is not a readable ZIP archive (${(error as Error).message})` };
  }
  return new Promise<ZipGuardResult>((resolve) => {
    let total = 0;
    let settled = false;
    const finish = (result: ZipGuardResult) => {
      if (settled) return;
      settled = true;
      zip.close();
      resolve(result);
    };
    const tooLarge = () => finish({ ok: false, reason: `The document expands to more than ${mb(limits.maxTotalUncompressedBytes)}, so it was not opened` });
    zip.on('error', (error: Error) => finish({ ok: false, reason: `The document is a damaged ZIP archive (${error.message})` }));
    zip.on('end', () => finish({ ok: true }));
    zip.on('entry', (entry: yauzl.Entry) => {
      if (settled) return;
      if (entry.fileName.endsWith('/')) return zip.readEntry();
      zip.openReadStream(entry, (err, stream) => {
        if (err || !stream) return finish({ ok: false, reason: `The document is a damaged ZIP archive (${err?.message ?? 'unreadable entry'})` });
        let entryBytes = 0;
        stream.on('data', (chunk: Buffer) => {
          entryBytes += chunk.length;
          total += chunk.length;
          const ratio = entryBytes / Math.max(1, entry.compressedSize);
          if (total > limits.maxTotalUncompressedBytes) {
            stream.destroy();
            tooLarge();
          } else if (entryBytes > limits.ratioCheckAboveBytes && ratio > limits.maxCompressionRatio) {
            stream.destroy();
            finish({ ok: false, reason: `The document looks like a zip bomb: one part expands more than ${Math.round(ratio)} times` });
          }
        });
        stream.on('error', (e: Error) => finish({ ok: false, reason: `The document is a damaged ZIP archive (${e.message})` }));
        stream.on('end', () => {
          if (!settled) zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
}
