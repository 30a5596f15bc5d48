/**
 * LibreOffice run by a test without blocking its event loop. A long synchronous run (spawnSync) would leave the
 * test's idle keep-alive connections to its stack unserved: the server closes them after its keep-alive time, and the
 * next request, sent before the closing is read, goes out on a dead socket ("other side closed").
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** `soffice` with these arguments: its exit status and errors (a non-zero status or a time-out is returned, not thrown). */
export async function soffice(args: readonly string[], timeoutMs: number): Promise<{ status: number | null; stderr: string; error?: Error }> {
  try {
    const { stderr } = await promisify(execFile)('soffice', [...args], { encoding: 'utf8', timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 });
    return { status: 0, stderr };
  } catch (error) {
    const failed = error as Error & { code?: number | string; stderr?: string };
    return { status: typeof failed.code === 'number' ? failed.code : null, stderr: failed.stderr ?? '', error: failed };
  }
}

/** A file converted to PDF by LibreOffice, with a profile of its own (parallel runs never share one), under `work`. */
export async function convertToPdf(file: string, work: string, timeoutMs: number): Promise<{ status: number | null; stderr: string; pdf: string }> {
  const profile = join(work, `lo-profile-${randomUUID()}`);
  const out = join(work, `out-${randomUUID()}`);
  const run = await soffice([`-env:UserInstallation=file://${profile}`, '--headless', '--norestore', '--convert-to', 'pdf', '--outdir', out, file], timeoutMs);
  return { status: run.status, stderr: `${run.stderr}${run.error?.message ?? ''}`, pdf: join(out, file.split('/').at(-1)!.replace(/\.(docx|pptx)$/, '.pdf')) };
}
