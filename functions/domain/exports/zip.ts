/**
 * "Export All Formats": the Word, PDF and PowerPoint files in one zip, each named from the report's title and
 * date. DOCX and PPTX are zips already and are stored as they are; the PDF is deflated.
 */
import JSZip from 'jszip';

export interface ZipEntry {
  name: string;
  bytes: Uint8Array;
}

export async function renderZip(entries: readonly ZipEntry[], at: Date): Promise<Uint8Array> {
  const zip = new JSZip();
  const used = new Set<string>();
  for (const e of entries) {
    // names are unique within the archive (a title and date give the same base name to all three)
    let name = e.name;
    for (let i = 2; used.has(name.toLowerCase()); i++) name = e.name.replace(/(\.[a-z]+)$/, ` (${i})$1`);
    used.add(name.toLowerCase());
    const compress = !/\.(docx|pptx|xlsx|zip|png|jpe?g)$/i.test(name);
    zip.file(name, e.bytes, { date: at, binary: true, compression: compress ? 'DEFLATE' : 'STORE' });
  }
  return zip.generateAsync({ type: 'uint8array', compression: 'STORE', platform: 'UNIX' });
}
