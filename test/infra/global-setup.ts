import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureAssets } from './setup-assets';

/**
 * Build the function bundles (and the SPA if needed) once, before any infra test file reads them.
 *
 * Every `new App()` without an outdir synthesizes into a fresh `cdk.out*` directory under the temp dir (about 140 MB
 * with the staged assets) and never removes it. The workers inherit TMPDIR from here, so all of those land in one
 * directory of this run, removed when the run ends.
 */
export default async function setup(): Promise<() => void> {
  const runDir = mkdtempSync(join(tmpdir(), 'assay-infra-'));
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = runDir;
  await ensureAssets();
  return () => {
    rmSync(runDir, { recursive: true, force: true });
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
  };
}
