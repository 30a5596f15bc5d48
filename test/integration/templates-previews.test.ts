/**
 * Template previews rendered on the server (functions/domain/templates/render-previews.ts), with the
 * real LibreOffice and poppler of the local harness: a deck's title, title-and-content and section layouts and
 * a Word template's first pages as small PNGs; and the fallback where the tools are missing (as on Lambda), fail,
 * or run out of time: no previews, no error, and no temporary files left behind.
 *
 * Previews fetch nothing: a template whose pictures link to a local HTTP server and to `file:` paths (a red
 * picture, /etc/hostname) is drawn, after the check, with neither picture and no request to the server, where
 * LibreOffice alone, on the same package as uploaded, fetches and draws both; a Word package with a link left in
 * is never handed to LibreOffice (a deck's slides are moved onto its layouts by the exports, which copy no outside
 * link); and LibreOffice with the previews' profile reaches no address even when it is handed one.
 */
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkTemplate } from '../../functions/domain/templates/check-template';
import { PREVIEW_MAX_BYTES, PREVIEW_PROFILE, PREVIEW_WIDTH, previewTools, renderPreviews } from '../../functions/domain/templates/render-previews';
import { startLinkTrap, trapPixels, type LinkTrap } from '../helpers/link-trap';
import { deckTemplate, linkedDeckTemplate, linkedWordTemplate, wordTemplate } from '../helpers/office-templates';

const execFileAsync = promisify(execFile);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const widthOf = (png: Uint8Array) => Buffer.from(png).readUInt32BE(16);
const leftovers = () => new Set(readdirSync(tmpdir()).filter((f) => f.startsWith('assay-template-preview-')));

// the previews' temporary files go to a directory of this file's own: another run on the machine (a second
// `npm test`, the browser tests' template uploads) makes previews in the shared one meanwhile
const ownTmp = mkdtempSync(join(tmpdir(), 'assay-previews-test-'));
beforeAll(() => {
  vi.stubEnv('TMPDIR', ownTmp);
});
afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(ownTmp, { recursive: true, force: true });
});

async function checked(kind: 'docx' | 'pptx') {
  const c = kind === 'pptx' ? await checkTemplate('Northwind deck.potx', await deckTemplate()) : await checkTemplate('Northwind report.dotx', await wordTemplate());
  return { kind: c.kind, bytes: c.bytes, layouts: c.layouts };
}

describe('template previews with LibreOffice', () => {
  it('the harness has soffice and pdftoppm on PATH, and LibreOffice runs without a network where the system allows it', () => {
    expect(previewTools()).toMatchObject({ soffice: expect.stringMatching(/soffice$/), pdftoppm: expect.stringMatching(/pdftoppm$/) });
    const namespaces = spawnSync('unshare', ['--net', '--map-root-user', 'true'], { stdio: 'ignore' }).status === 0;
    expect(previewTools()?.isolation ?? null).toEqual(namespaces ? [expect.stringMatching(/unshare$/), '--net', '--map-root-user'] : null);
  });

  it('draws a deck’s three layouts and a Word template’s pages as small PNGs, and leaves no temporary files', async () => {
    // Prepare
    const before = leftovers();
    // Act
    const [deck, word] = [await renderPreviews(await checked('pptx'), { timeoutMs: 150_000 }), await renderPreviews(await checked('docx'), { timeoutMs: 150_000 })];
    // Assess
    expect(deck).toHaveLength(3);
    expect(word.length).toBeGreaterThanOrEqual(1);
    for (const png of [...deck, ...word]) {
      expect(Buffer.from(png.subarray(0, 8)).equals(PNG)).toBe(true);
      expect(png.length).toBeLessThanOrEqual(PREVIEW_MAX_BYTES);
      expect(widthOf(png)).toBe(PREVIEW_WIDTH);
    }
    // the content layout is not the title's (the test template draws its title and section layouts alike)
    expect(Buffer.from(deck[1]!).equals(Buffer.from(deck[0]!))).toBe(false);
    expect([...leftovers()].filter((d) => !before.has(d))).toEqual([]);
  }, 320_000);

  it('falls back to none, without an error, where the tools are missing, fail or run out of time', async () => {
    const before = leftovers();
    const deck = await checked('pptx');
    expect(await renderPreviews(deck, { tools: null })).toEqual([]);
    expect(await renderPreviews(deck, { tools: { soffice: '/nonexistent/soffice', pdftoppm: '/nonexistent/pdftoppm' } })).toEqual([]);
    expect(await renderPreviews(deck, { timeoutMs: 50 })).toEqual([]);
    expect([...leftovers()].filter((d) => !before.has(d))).toEqual([]);
  }, 60_000);
});

describe('previews fetch nothing', () => {
  let trap: LinkTrap;
  const work = mkdtempSync(join(tmpdir(), 'assay-preview-links-'));
  const pictures = () => [trap.pictureUrl, trap.fileUrl, 'file:///etc/hostname'];

  /** The first page of `file` as LibreOffice converts it with the profile `settings` (none: its defaults), as a PNG. */
  async function convert(file: string, settings?: string): Promise<Uint8Array> {
    const profile = join(work, `profile-${Date.now()}-${Math.random().toString(36).slice(2)}`);
    if (settings) {
      await mkdir(join(profile, 'user'), { recursive: true });
      writeFileSync(join(profile, 'user', 'registrymodifications.xcu'), settings);
    }
    const out = join(profile, 'out');
    // not spawnSync: the trap's server runs in this process and must answer while LibreOffice converts
    await execFileAsync('soffice', [`-env:UserInstallation=file://${profile}`, '--headless', '--norestore', '--convert-to', 'pdf', '--outdir', out, file], { timeout: 150_000 });
    const pdf = join(out, file.split('/').at(-1)!.replace(/\.\w+$/, '.pdf'));
    const page = spawnSync('pdftoppm', ['-png', '-f', '1', '-l', '1', '-scale-to-x', '480', '-scale-to-y', '-1', pdf, join(out, 'page')], { encoding: 'utf8' });
    expect(page.status, page.stderr).toBe(0);
    return new Uint8Array(readFileSync(join(out, readdirSync(out).find((f) => f.endsWith('.png'))!)));
  }

  beforeAll(async () => {
    trap = await startLinkTrap();
  });
  afterAll(async () => {
    await trap.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('the uploaded package, as it is, makes LibreOffice fetch and draw both pictures (what the check is for)', async () => {
    // Prepare
    const raw = join(work, 'linked.docx');
    writeFileSync(raw, await linkedWordTemplate({ pictures: pictures() }));
    trap.requests.length = 0;
    // Act
    const page = await convert(raw);
    // Assess
    expect(trap.requests.some((r) => r.includes('GET /linked.png'))).toBe(true);
    const seen = await trapPixels(page);
    expect(seen.green).toBeGreaterThan(100);
    expect(seen.red).toBeGreaterThan(100);
  }, 180_000);

  it('after the check, a Word template’s and a deck’s previews show neither picture, and the server gets no request', async () => {
    // Prepare
    trap.requests.length = 0;
    const word = await checkTemplate('Linked report.dotx', await linkedWordTemplate({ pictures: pictures(), attachedTemplate: trap.pictureUrl.replace('linked.png', 'remote.dotm') }));
    const deck = await checkTemplate('Linked deck.potx', await linkedDeckTemplate({ pictures: pictures() }));
    // Act
    const previews = [
      ...(await renderPreviews({ kind: 'docx', bytes: word.bytes, layouts: word.layouts }, { timeoutMs: 150_000 })),
      ...(await renderPreviews({ kind: 'pptx', bytes: deck.bytes, layouts: deck.layouts }, { timeoutMs: 150_000 })),
    ];
    // Assess: drawn (the Word template's first page, the deck's three layouts), with neither picture in any
    expect(previews.length).toBeGreaterThanOrEqual(4);
    for (const png of previews) expect(await trapPixels(png)).toEqual({ green: 0, red: 0 });
    expect(trap.requests).toEqual([]);
  }, 320_000);

  it('handed a package with its links left in: a Word template is not given to LibreOffice, a deck is drawn on its layouts without them; no request', async () => {
    // Prepare
    trap.requests.length = 0;
    const raw = await linkedWordTemplate({ pictures: pictures() });
    const deck = await linkedDeckTemplate({ pictures: pictures() });
    const layouts = (await checkTemplate('deck.potx', deck)).layouts;
    // Act
    const word = await renderPreviews({ kind: 'docx', bytes: raw, layouts: [] }, { timeoutMs: 150_000 });
    const slides = await renderPreviews({ kind: 'pptx', bytes: deck, layouts }, { timeoutMs: 150_000 });
    // Assess: the deck's slides are moved onto the template's layouts by the exports, which copy no outside link
    expect(word).toEqual([]);
    expect(slides).toHaveLength(3);
    for (const png of slides) expect(await trapPixels(png)).toEqual({ green: 0, red: 0 });
    expect(trap.requests).toEqual([]);
  }, 150_000);

  it('LibreOffice with the previews’ profile reaches no address even on a package that links to one', async () => {
    // Prepare
    const raw = join(work, 'linked-http.docx');
    writeFileSync(raw, await linkedWordTemplate({ pictures: [trap.pictureUrl] }));
    trap.requests.length = 0;
    // Act
    const page = await convert(raw, PREVIEW_PROFILE);
    // Assess: no request (every protocol goes to a proxy at a closed port), nothing drawn
    expect(trap.requests).toEqual([]);
    expect((await trapPixels(page)).green).toBe(0);
  }, 180_000);
});
