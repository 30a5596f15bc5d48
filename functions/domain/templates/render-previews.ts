/**
 * Previews of a checked template, rendered on the server with LibreOffice where it is installed (the
 * local harness; Lambda has neither it nor poppler): the template converted to PDF by `soffice`, its first pages
 * drawn as small PNGs by `pdftoppm`. A deck is drawn as the export would use it: one slide on each of its title,
 * title-and-content and section layouts (the template's own sample slides are not what an export shows). A Word
 * template is drawn as it is (its cover, then its first page).
 *
 * Guarded: only a template that passed check-template.ts is rendered (the caller's duty, and the only caller);
 * the tools are found on PATH once, else nothing runs; each run has a time limit and LibreOffice a profile of
 * its own in a temporary folder removed afterwards, whatever happens; a preview is kept only if it is a PNG
 * (magic bytes) within PREVIEW_MAX_BYTES. Nothing here fails the upload: no tools, a timeout or a failure give
 * no previews, and the template's own thumbnail (docProps/thumbnail.jpeg) is shown instead.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import PptxGenJS from 'pptxgenjs';
import type { TemplateKind } from '@shared/schemas/templates';
import { logger } from '../../lib/logger';
import { finishDeck, type ExportTemplate, type LayoutName } from '../exports';

/** At most this many previews per template. */
const PREVIEW_PAGES = 3;
/** A preview's width in pixels (the step shows them about 112 px wide; twice that for sharp screens). */
export const PREVIEW_WIDTH = 240;
/** The largest preview kept. */
export const PREVIEW_MAX_BYTES = 200 * 1024;
/** The time LibreOffice and pdftoppm have, together (the upload route answers within API Gateway's 29 s). */
const PREVIEW_TIMEOUT_MS = 20_000;

export interface PreviewTools {
  soffice: string;
  pdftoppm: string;
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

let found: PreviewTools | null | undefined;

/** `soffice` and `pdftoppm` on PATH, or null where either is missing (as on Lambda). Looked up once. */
export function previewTools(): PreviewTools | null {
  if (found !== undefined) return found;
  const on = (name: string) =>
    (process.env.PATH ?? '')
      .split(delimiter)
      .filter(Boolean)
      .map((d) => join(d, name))
      .find((p) => existsSync(p));
  const soffice = on('soffice');
  const pdftoppm = on('pdftoppm');
  found = soffice && pdftoppm ? { soffice, pdftoppm } : null;
  return found;
}

/**
 * Runs a tool in a process group of its own, so a time-out kills all of it (`soffice` is a script that starts
 * `soffice.bin`; killing the script alone would leave LibreOffice running).
 */
function run(file: string, args: string[], timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { detached: true, stdio: 'ignore' });
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // gone already
      }
    }, Math.max(1, timeoutMs));
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`${file.split('/').at(-1)} failed: ${error.message}`));
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`${file.split('/').at(-1)} failed: ${signal ? `killed (${signal}, time limit)` : `exit ${code}`}`));
    });
  });
}

/** A deck of three slides, one on each of the template's title, title-and-content and section layouts. */
async function layoutDeck(template: ExportTemplate): Promise<Uint8Array> {
  const pptx = new PptxGenJS();
  pptx.layout = 'LAYOUT_WIDE';
  pptx.defineSlideMaster({
    title: 'Preview',
    objects: [
      { placeholder: { options: { name: 'title', type: 'title', x: 0.6, y: 0.6, w: 12, h: 1 }, text: '' } },
      { placeholder: { options: { name: 'body', type: 'body', x: 0.6, y: 1.8, w: 12, h: 4.5 }, text: '' } },
    ],
  });
  const layouts: LayoutName[] = ['title', 'title-and-content', 'section'];
  const sample = { title: 'Title', body: ['Text', 'Text'] };
  for (const layout of layouts) {
    const slide = pptx.addSlide({ masterName: 'Preview' });
    slide.addText(sample.title, { placeholder: 'title' });
    if (layout === 'title-and-content') slide.addText(sample.body.map((text) => ({ text, options: { bullet: true, breakLine: true } })), { placeholder: 'body' });
  }
  const generated = new Uint8Array((await pptx.write({ outputType: 'nodebuffer', compression: false })) as Buffer);
  return finishDeck(generated, layouts.map((layout) => ({ layout })), template);
}

/**
 * Up to PREVIEW_PAGES small PNGs of a checked template; none where the tools are missing or anything fails.
 * `tools` and `timeoutMs` are for tests (tools that are not there, a time too short).
 */
export async function renderPreviews(template: ExportTemplate & { kind: TemplateKind }, opts: { tools?: PreviewTools | null; timeoutMs?: number } = {}): Promise<Uint8Array[]> {
  const tools = opts.tools === undefined ? previewTools() : opts.tools;
  if (!tools) return [];
  const deadline = Date.now() + (opts.timeoutMs ?? PREVIEW_TIMEOUT_MS);
  const dir = await mkdtemp(join(tmpdir(), 'assay-template-preview-'));
  try {
    const source = join(dir, `template.${template.kind}`);
    await writeFile(source, template.kind === 'pptx' ? await layoutDeck(template) : template.bytes);
    await run(tools.soffice, [`-env:UserInstallation=file://${join(dir, 'profile')}`, '--headless', '--norestore', '--convert-to', 'pdf', '--outdir', dir, source], deadline - Date.now());
    await run(tools.pdftoppm, ['-png', '-f', '1', '-l', String(PREVIEW_PAGES), '-scale-to-x', String(PREVIEW_WIDTH), '-scale-to-y', '-1', join(dir, 'template.pdf'), join(dir, 'page')], deadline - Date.now());
    const pages = (await readdir(dir)).filter((f) => /^page-\d+\.png$/.test(f)).sort((a, b) => Number(/\d+/.exec(a)![0]) - Number(/\d+/.exec(b)![0]));
    const out: Uint8Array[] = [];
    for (const page of pages.slice(0, PREVIEW_PAGES)) {
      const png = new Uint8Array(await readFile(join(dir, page)));
      if (png.length <= PREVIEW_MAX_BYTES && PNG.every((b, i) => png[i] === b)) out.push(png);
    }
    return out;
  } catch (error) {
    logger.warn('template previews not rendered', { kind: template.kind, error: error instanceof Error ? error.message.slice(0, 200) : String(error) });
    return [];
  } finally {
    await rm(dir, { recursive: true, force: true }).catch(() => undefined);
  }
}
