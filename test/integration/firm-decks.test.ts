/**
 * PowerPoint exports on real firm templates through the gateway: every template of
 * test/fixtures/firm-templates/pptx/ (LibreOffice's shipped templates converted to PowerPoint, and hand-edited
 * variants: French layout names, a cover master with artwork, 4:3) is uploaded by an administrator, chosen on a
 * report's Finalize & Brand step, and the report exported as PowerPoint. Each deck
 * - keeps the template's slide size and puts every slide on one of its layouts, the cover on its title slide;
 * - passes the geometry check on every slide (test/helpers/deck-geometry.ts: no text overflowing its box, nothing
 *   off the slide, no two texts drawn over each other), in the template's fonts and in DejaVu Sans (as LibreOffice
 *   draws a font it does not have);
 * - holds no colour of the report's brand in any part, and every colour on its slides and charts is a theme
 *   colour reference;
 * - opens in LibreOffice: converted to PDF, a page per slide, its title read (pdftotext).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { tint } from '@shared/domain/brand';
import { LOCAL_ADMIN_EMAIL } from '../../infra/local/stack';
import { deckGeometry } from '../helpers/deck-geometry';
import { waitForExport } from '../helpers/export-wait';
import { adminSession, http, registerAndLogin } from '../helpers/http';
import { composedReport, type ComposedReport } from '../helpers/report-setup';
import { uploadTemplate } from '../helpers/template-upload';
import { soffice } from '../helpers/soffice';

const stack = inject('stack');
const gw = stack.urls.gateway;
const FIXTURES = new URL('../fixtures/firm-templates/pptx/', import.meta.url);
const TEMPLATES = readdirSync(FIXTURES).filter((f) => /\.(pptx|potx)$/.test(f)).sort();
const BRAND = { primaryColor: '#0b5394', secondaryColor: '#e69138' };
/** the report's brand as the exports draw it: its colours, the accent and the wash tinted from the primary */
const BRAND_HEX = [BRAND.primaryColor, BRAND.secondaryColor, tint(BRAND.primaryColor, 0.35), tint(BRAND.primaryColor, 0.92)].map((c) => c.slice(1).toUpperCase());
const CONVERT_MS = 300_000;

const work = mkdtempSync(join(tmpdir(), 'assay-firm-decks-'));
let admin: Awaited<ReturnType<typeof adminSession>>;
/**
 * Two writers, each with a composed report of their own: a person may start 10 exports a minute, and the decks are
 * more than that; template i is exported by writer i mod 2.
 */
let writers: { owner: Awaited<ReturnType<typeof registerAndLogin>>; report: ComposedReport }[] = [];
const decks = new Map<string, { file: string; slides: number; title: string }>();

const parts = (bytes: Uint8Array) => unzipSync(bytes);
const textOf = (p: Record<string, Uint8Array>, path: string) => (p[path] ? strFromU8(p[path]) : '');
const layoutNames = (p: Record<string, Uint8Array>) =>
  new Map(Object.keys(p).filter((x) => /^ppt\/slideLayouts\/slideLayout\d+\.xml$/.test(x)).map((x) => [x, /<p:cSld\b[^>]*\sname="([^"]*)"/.exec(textOf(p, x))?.[1] ?? '']));

/** Chooses a deck template on the report's Finalize & Brand step (the rest of the step as it is). */
async function chooseDeck({ owner, report }: (typeof writers)[number], templateId: string): Promise<void> {
  const progress = await http(gw, 'GET', `/api/wizard-progress/${report.reportId}`, { token: owner.token });
  expect(progress.status, progress.text).toBe(200);
  const finalize = progress.body.wizard_data.finalize as { templates: Record<string, string> };
  const saved = await http(gw, 'POST', '/api/wizard-progress', {
    token: owner.token,
    body: { report_id: report.reportId, wizard_data: { finalize: { ...finalize, templates: { ...finalize.templates, pptx: templateId } } }, completed_steps: progress.body.completed_steps, current_step: progress.body.current_step },
  });
  expect(saved.status, saved.text).toBe(200);
}


beforeAll(async () => {
  for (const tool of ['soffice', 'pdftotext']) {
    if (spawnSync('which', [tool]).status !== 0) throw new Error(`${tool} is not installed: apt-get install -y libreoffice-impress-nogui poppler-utils`);
  }
  const owners = await Promise.all([registerAndLogin(gw, 'firm-decks'), registerAndLogin(gw, 'firm-decks')]);
  admin = await adminSession(gw, LOCAL_ADMIN_EMAIL);
  writers = await Promise.all(owners.map(async (owner) => ({ owner, report: await composedReport(gw, owner.token, { brand: BRAND }) })));
}, 180_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('a report exported as PowerPoint on each firm template', () => {
  it.each(TEMPLATES)(
    '%s: on its layouts and slide size, every slide passes the geometry check, no colour of the brand',
    async (name) => {
      // Prepare: the template uploaded by an administrator, chosen on Finalize & Brand
      const templateBytes = new Uint8Array(readFileSync(new URL(name, FIXTURES)));
      const uploaded = await uploadTemplate(gw, admin.token, name, templateBytes);
      expect(uploaded.status, uploaded.text).toBe(200);
      const writer = writers[TEMPLATES.indexOf(name) % writers.length]!;
      const { owner, report } = writer;
      await chooseDeck(writer, uploaded.body.template.id as string);
      // Act
      const started = await http(gw, 'POST', `/api/reports/${report.reportId}/exports`, { token: owner.token, body: { format: 'pptx', sections: report.sections.map((s) => s.key) } });
      expect(started.status, started.text).toBe(202);
      const { job } = await waitForExport(gw, owner.token, report.reportId, started.body.export_id, 120_000);
      expect(job.status, job.error).toBe('done');
      const bytes = new Uint8Array(await (await fetch(job.download_url)).arrayBuffer());

      // Assess: the template's slide size and layouts, the cover on a title slide
      const deck = parts(bytes);
      const template = parts(templateBytes);
      const sizeOf = (p: Record<string, Uint8Array>) => /<p:sldSz\b[^>]*\/>/.exec(textOf(p, 'ppt/presentation.xml'))?.[0].replace(/\stype="[^"]*"/, '');
      expect(sizeOf(deck)).toBe(sizeOf(template));
      const layouts = layoutNames(deck);
      expect([...layouts.values()]).toEqual([...layoutNames(template).values()]);
      const slides = Object.keys(deck).filter((p) => /^ppt\/slides\/slide[^/]*\.xml$/.test(p));
      expect(slides.length).toBeGreaterThan(20);
      const layoutOf = (slide: string) => /Type="[^"]*\/slideLayout" Target="\/([^"]+)"/.exec(textOf(deck, slide.replace('slides/', 'slides/_rels/') + '.rels'))![1]!;
      for (const slide of slides) expect(layouts.has(layoutOf(slide)), `${slide} → ${layoutOf(slide)}`).toBe(true);
      const firstSlide = /<p:sldId [^>]*r:id="([^"]+)"/.exec(textOf(deck, 'ppt/presentation.xml'))![1]!;
      const cover = new RegExp(`Id="${firstSlide}"[^>]*Target="/?([^"]+)"`).exec(textOf(deck, 'ppt/_rels/presentation.xml.rels'))![1]!;
      expect(layouts.get(layoutOf(cover))).toMatch(/^(Title Slide|Titre)$/);

      // every slide passes the geometry check, in the template's fonts and as LibreOffice draws a font it lacks
      for (const fonts of ['named', 'fallback'] as const) {
        const g = deckGeometry(bytes, { fonts });
        expect(g.slides).toBe(slides.length);
        expect(g.findings, `${name} (${fonts} fonts)`).toEqual([]);
        expect(g.minFontScale).toBeGreaterThanOrEqual(0.6);
      }

      // no colour of the brand anywhere; every colour on our slides and charts refers to the theme
      for (const [path, data] of Object.entries(deck)) {
        if (!/\.(xml|rels)$/.test(path)) continue;
        const xml = strFromU8(data).toUpperCase();
        for (const hex of BRAND_HEX) expect(xml.includes(`"${hex}"`), `${path} holds ${hex}`).toBe(false);
        if (/^ppt\/(slides\/slide|charts\/chart)[^/]*\.xml$/.test(path)) expect(xml.includes('<A:SRGBCLR'), `${path} draws a colour that is not the theme's`).toBe(false);
      }
      const file = join(work, name.replace(/\.potx$/, '.pptx'));
      writeFileSync(file, bytes);
      decks.set(name, { file, slides: slides.length, title: report.title });
    },
    180_000,
  );

  it(
    'every deck opens in LibreOffice: converted to PDF, a page per slide, the report’s title read',
    async () => {
      // Act: one LibreOffice for all of them
      const out = join(work, 'pdf');
      const run = await soffice(
        [`-env:UserInstallation=file://${join(work, 'lo-profile')}`, '--headless', '--norestore', '--convert-to', 'pdf', '--outdir', out, ...[...decks.values()].map((d) => d.file)],
        CONVERT_MS,
      );
      // Assess
      expect(run.status, `${run.stderr ?? ''}${run.error?.message ?? ''}`).toBe(0);
      expect(decks.size).toBe(TEMPLATES.length);
      for (const [name, deck] of decks) {
        const pdf = join(out, deck.file.split('/').at(-1)!.replace(/\.pptx$/, '.pdf'));
        expect(existsSync(pdf), name).toBe(true);
        // pdftotext ends every page with a form feed
        const text = spawnSync('pdftotext', ['-enc', 'UTF-8', pdf, '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).stdout;
        expect(text.split('\f').length - 1, name).toBe(deck.slides);
        expect(text.replace(/\s+/g, ' '), name).toContain(deck.title);
      }
    },
    CONVERT_MS + 30_000,
  );
});
