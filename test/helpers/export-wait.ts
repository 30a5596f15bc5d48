/** Waiting for an export job through the API (vitest only: vi.waitFor polls the condition). */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import JSZip from 'jszip';
import { vi } from 'vitest';
import { http } from './http';

/** Waits (vi.waitFor) until an export is done or failed; returns every status seen, in order, and the last answer. */
export async function waitForExport(base: string, token: string, reportId: string, exportId: string, timeoutMs = 60_000) {
  const seen: string[] = [];
  const job = await vi.waitFor(
    async () => {
      const res = await http(base, 'GET', `/api/reports/${reportId}/exports/${exportId}`, { token });
      if (res.status !== 200) throw new Error(`export status failed: ${res.status} ${res.text}`);
      if (seen.at(-1) !== res.body.status) seen.push(res.body.status);
      if (res.body.status !== 'done' && res.body.status !== 'failed') throw new Error(`export ${exportId} is ${res.body.status} (${res.body.progress}%)`);
      return res.body;
    },
    { timeout: timeoutMs, interval: 50 },
  );
  return { seen, job };
}

/** Unpacks an "all" export (one zip holding the DOCX, PDF and PPTX) into `dir`; returns the three files' paths. */
export async function unpackAllExport(downloadUrl: string, dir: string): Promise<{ docx: string; pdf: string; pptx: string }> {
  const zip = await JSZip.loadAsync(new Uint8Array(await (await fetch(downloadUrl)).arrayBuffer()));
  const write = async (ext: string) => {
    const name = Object.keys(zip.files).find((n) => n.endsWith(`.${ext}`));
    if (!name) throw new Error(`the export holds no .${ext}`);
    const path = join(dir, `report.${ext}`);
    writeFileSync(path, await zip.file(name)!.async('uint8array'));
    return path;
  };
  return { docx: await write('docx'), pdf: await write('pdf'), pptx: await write('pptx') };
}
