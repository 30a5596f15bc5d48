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
 *
 * LibreOffice fetches nothing. It loads a linked picture (an `http:` address or a `file:` path) while it converts,
 * and none of its settings stops that for OOXML (BlockUntrustedRefererLinks lets a document with no referer
 * through), so what is relied on is, in order:
 * 1. the package itself: LibreOffice is started only on a package in which nothing reaches outside it (no
 *    relationship to an outside target, `file:` included, no DTD, no fetching field: the exports'
 *    isSelfContained), checked on the very bytes it converts (a deck after our slides were moved onto the
 *    template), else there are no previews;
 * 2. no network: where the system allows an unprivileged network namespace (`unshare --net --map-root-user`,
 *    probed once), LibreOffice runs in one, with no interface up, so no address can be reached at all;
 * 3. its profile (PREVIEW_PROFILE): every protocol through a proxy at a closed local port with no exceptions,
 *    macros off, links never updated, untrusted referers blocked.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import PptxGenJS from 'pptxgenjs';
import type { TemplateKind } from '@shared/schemas/templates';
import { logger } from '../../lib/logger';
import { finishDeck, isSelfContained, packageParts, type ExportTemplate, type LayoutName } from '../exports';

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
  /** what LibreOffice is started through to have no network (`unshare --net --map-root-user`), where it works */
  isolation?: readonly string[];
}

/**
 * LibreOffice's profile settings for a preview (its registrymodifications.xcu): HTTP, HTTPS and FTP through a
 * proxy at a closed local port with no exceptions; macros never run; links of Writer and Calc never updated;
 * links from untrusted documents blocked.
 */
const PREVIEW_SETTINGS: Record<string, Record<string, string | number | boolean>> = {
  '/org.openoffice.Inet/Settings': {
    ooInetProxyType: 2,
    ooInetNoProxy: '',
    ooInetHTTPProxyName: '127.0.0.1',
    ooInetHTTPProxyPort: 9,
    ooInetHTTPSProxyName: '127.0.0.1',
    ooInetHTTPSProxyPort: 9,
    ooInetFTPProxyName: '127.0.0.1',
    ooInetFTPProxyPort: 9,
  },
  '/org.openoffice.Office.Common/Security/Scripting': { BlockUntrustedRefererLinks: true, DisableMacrosExecution: true, MacroSecurityLevel: 3 },
  '/org.openoffice.Office.Writer/Content/Update': { Link: 0 },
  '/org.openoffice.Office.Calc/Content/Update': { Link: 0 },
};
export const PREVIEW_PROFILE = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">',
  ...Object.entries(PREVIEW_SETTINGS).flatMap(([path, props]) =>
    Object.entries(props).map(([name, value]) => `<item oor:path="${path}"><prop oor:name="${name}" oor:op="fuse"><value>${String(value)}</value></prop></item>`),
  ),
  '</oor:items>',
].join('\n');

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

let found: PreviewTools | null | undefined;

/**
 * `soffice` and `pdftoppm` on PATH, or null where either is missing (as on Lambda); and `unshare` where it can
 * give a process a network namespace of its own here (tried once: containers and some distributions refuse
 * unprivileged user namespaces). Looked up once.
 */
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
  const unshare = on('unshare');
  const isolation = unshare ? [unshare, '--net', '--map-root-user'] : undefined;
  const isolates = isolation && spawnSync(isolation[0]!, [...isolation.slice(1), 'true'], { stdio: 'ignore', timeout: 5_000 }).status === 0;
  found = soffice && pdftoppm ? { soffice, pdftoppm, ...(isolates ? { isolation } : {}) } : null;
  return found;
}

/**
 * Runs a tool in a process group of its own, so a time-out kills all of it (`soffice` is a script that starts
 * `soffice.bin`; killing the script alone would leave LibreOffice running).
 */
function run(file: string, args: string[], timeoutMs: number, through: readonly string[] = []): Promise<void> {
  return new Promise((resolve, reject) => {
    const [command, ...rest] = [...through, file, ...args];
    const child = spawn(command!, rest, { detached: true, stdio: 'ignore' });
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
    const bytes = template.kind === 'pptx' ? await layoutDeck(template) : template.bytes;
    // LibreOffice opens only a package in which nothing reaches outside it
    if (!isSelfContained(packageParts(bytes))) {
      logger.warn('template previews not rendered: the package links to something outside it', { kind: template.kind });
      return [];
    }
    const source = join(dir, `template.${template.kind}`);
    await writeFile(source, bytes);
    const profile = join(dir, 'profile');
    await mkdir(join(profile, 'user'), { recursive: true });
    await writeFile(join(profile, 'user', 'registrymodifications.xcu'), PREVIEW_PROFILE);
    await run(tools.soffice, [`-env:UserInstallation=file://${profile}`, '--headless', '--norestore', '--convert-to', 'pdf', '--outdir', dir, source], deadline - Date.now(), tools.isolation);
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
