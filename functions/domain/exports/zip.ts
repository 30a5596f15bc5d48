/**
 * "Export All Formats": the Word, PDF and PowerPoint files in one zip, each named from the report's title and
 * date. DOCX and PPTX are zips already and are stored as they are; the PDF is deflated.
 */
import { zipSync, type Zippable } from 'fflate';

export interface ZipEntry {
  name: string;
  bytes: Uint8Array;
}

/** A Unix regular file, rw-rw-r--, in the external attributes' high half (os 3: Unix) */
const UNIX_FILE = 0o100664 << 16;

export async function renderZip(entries: readonly ZipEntry[], at: Date): Promise<Uint8Array> {
  const files: Zippable = {};
  const used = new Set<string>();
  for (const e of entries) {
    // names are unique within the archive (a title and date give the same base name to all three)
    let name = e.name;
    for (let i = 2; used.has(name.toLowerCase()); i++) name = e.name.replace(/(\.[a-z]+)$/, ` (${i})$1`);
    used.add(name.toLowerCase());
    const compress = !/\.(docx|pptx|xlsx|zip|png|jpe?g)$/i.test(name);
    files[name] = [e.bytes, { level: compress ? 6 : 0, mtime: at, os: 3, attrs: UNIX_FILE }];
  }
  return zipSync(files);
}
