/**
 * Word and PDF exports on real firm Word templates through the gateway: every template of
 * test/fixtures/firm-templates/docx/ (LibreOffice's shipped text templates converted to Word, and hand-made
 * variants: numbered headings, a header and footer with a logo, an untouched corporate template, a theme with its
 * own fonts and colours) is uploaded by an administrator, chosen on a report's Finalize & Brand step, and the
 * report exported as Word and as PDF.
 * - An untouched template's upload says the report will replace its sample text.
 * - The Word file holds no placeholder and no colour of the report's brand in any part; on the numbered template
 *   its headings carry only the template's numbering; it opens in LibreOffice, and page 1 names the report and
 *   its client (pdftotext of the converted file).
 * - The PDF is set in the template's fonts or the stand-ins its notes name (pdffonts), on the template's page
 *   size, with the template's header and footer text on its pages (pdftotext).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { tint } from '@shared/domain/brand';
import { exportsTexts } from '@shared/messages/exports';
import { templatesDetails } from '@shared/messages/templates';
import { numberedHeadingLevels } from '../../functions/domain/exports/docx';
import { chooseFont } from '../../functions/domain/exports/pdf-fonts';
import { wordLook } from '../../functions/domain/exports/word-look';
import { LOCAL_ADMIN_EMAIL } from '../../infra/local/stack';
import { waitForExport } from '../helpers/export-wait';
import { adminSession, http, registerAndLogin } from '../helpers/http';
import { composedReport, type ComposedReport } from '../helpers/report-setup';
import { uploadTemplate } from '../helpers/template-upload';
import { soffice } from '../helpers/soffice';

const stack = inject('stack');
const gw = stack.urls.gateway;
const FIXTURES = new URL('../fixtures/firm-templates/docx/', import.meta.url);
const TEMPLATES = readdirSync(FIXTURES).filter((f) => f.endsWith('.docx')).sort();
const UNTOUCHED = new Set(TEMPLATES.filter((f) => f.startsWith('lo-') || f === 'untouched-corporate.docx'));
const BRAND = { primaryColor: '#0b5394', secondaryColor: '#e69138' };
/** the report's brand as the exports draw it: its colours, the accent and the wash tinted from the primary */
const BRAND_HEX = [BRAND.primaryColor, BRAND.secondaryColor, tint(BRAND.primaryColor, 0.35), tint(BRAND.primaryColor, 0.92)].map((c) => c.slice(1).toUpperCase());
const CLIENT = 'Nordlicht Retail AB';
const CONVERT_MS = 300_000;

const work = mkdtempSync(join(tmpdir(), 'assay-firm-word-'));
let admin: Awaited<ReturnType<typeof adminSession>>;
/** Three writers, each with a composed report: a person may start 10 exports a minute; template i is exported by writer i mod 3. */
let writers: { owner: Awaited<ReturnType<typeof registerAndLogin>>; report: ComposedReport }[] = [];
const documents = new Map<string, { file: string; title: string }>();
const templateIds: string[] = [];

const run = (tool: string, args: string[]) => spawnSync(tool, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
/** The text of each Heading 1 paragraph of a Word document, in order. */
const heading1s = (documentXml: string) =>
  [...documentXml.matchAll(/<w:p\b[^>]*>([\s\S]*?)<\/w:p>/g)]
    .filter((m) => m[1]!.includes('<w:pStyle w:val="Heading1"/>'))
    .map((m) => [...m[1]!.matchAll(/<w:t\b[^>]*>([^<]*)<\/w:t>/g)].map((t) => t[1]).join('').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));

async function chooseWord({ owner, report }: (typeof writers)[number], templateId: string): Promise<void> {
  const progress = await http(gw, 'GET', `/api/wizard-progress/${report.reportId}`, { token: owner.token });
  expect(progress.status, progress.text).toBe(200);
  const finalize = progress.body.wizard_data.finalize as { templates: Record<string, string> };
  const saved = await http(gw, 'POST', '/api/wizard-progress', {
    token: owner.token,
    body: { report_id: report.reportId, wizard_data: { finalize: { ...finalize, templates: { ...finalize.templates, docx: templateId } } }, completed_steps: progress.body.completed_steps, current_step: progress.body.current_step },
  });
  expect(saved.status, saved.text).toBe(200);
}

async function exportAs(writer: (typeof writers)[number], format: 'docx' | 'pdf') {
  const { owner, report } = writer;
  const started = await http(gw, 'POST', `/api/reports/${report.reportId}/exports`, { token: owner.token, body: { format, sections: report.sections.map((s) => s.key) } });
  expect(started.status, started.text).toBe(202);
  const { job } = await waitForExport(gw, owner.token, report.reportId, started.body.export_id, 120_000);
  expect(job.status, job.error).toBe('done');
  return { job, bytes: new Uint8Array(await (await fetch(job.download_url)).arrayBuffer()) };
}


beforeAll(async () => {
  for (const tool of ['soffice', 'pdftotext', 'pdffonts', 'pdfinfo']) {
    if (spawnSync('which', [tool]).status !== 0) throw new Error(`${tool} is not installed: apt-get install -y libreoffice-writer-nogui poppler-utils`);
  }
  const owners = await Promise.all([0, 1, 2].map(() => registerAndLogin(gw, 'firm-word')));
  admin = await adminSession(gw, LOCAL_ADMIN_EMAIL);
  writers = await Promise.all(owners.map(async (owner) => ({ owner, report: await composedReport(gw, owner.token, { brand: BRAND }) })));
}, 180_000);

afterAll(async () => {
  // the firm's list of templates is shared by the suite: ours are taken out again
  for (const id of templateIds) await http(gw, 'DELETE', `/api/templates/${id}`, { token: admin.token });
  rmSync(work, { recursive: true, force: true });
});

describe('a report exported as Word and PDF on each firm Word template', () => {
  it.each(TEMPLATES)(
    '%s: Word with no placeholder or brand colour and only the template’s numbering; the PDF in its fonts, page, header and footer',
    async (name) => {
      // Prepare: the template uploaded by an administrator, chosen on Finalize & Brand
      const templateBytes = new Uint8Array(readFileSync(new URL(name, FIXTURES)));
      const uploaded = await uploadTemplate(gw, admin.token, name, templateBytes);
      expect(uploaded.status, uploaded.text).toBe(200);
      templateIds.push(uploaded.body.template.id as string);
      expect(uploaded.body.template.notes.includes(templatesDetails.templateWordSampleReplaced)).toBe(UNTOUCHED.has(name));
      const writer = writers[TEMPLATES.indexOf(name) % writers.length]!;
      await chooseWord(writer, uploaded.body.template.id as string);

      // Act
      const word = await exportAs(writer, 'docx');
      const pdf = await exportAs(writer, 'pdf');

      // Assess: the Word file holds no placeholder and no colour of the brand in any part
      const parts = unzipSync(word.bytes);
      const documentXml = strFromU8(parts['word/document.xml']!);
      expect(documentXml.replace(/<[^>]+>/g, '')).not.toContain('{{');
      for (const [path, data] of Object.entries(parts)) {
        if (!/\.(xml|rels)$/.test(path)) continue;
        const xml = strFromU8(data).toUpperCase();
        for (const hex of BRAND_HEX) expect(xml.includes(`"${hex}"`), `${path} holds ${hex}`).toBe(false);
      }
      // the headings carry only the template's numbering: none of ours where the template numbers them (with a
      // number that shows), ours where it does not
      const templateParts = unzipSync(templateBytes);
      const numbered = numberedHeadingLevels(strFromU8(templateParts['word/styles.xml']!), templateParts['word/numbering.xml'] ? strFromU8(templateParts['word/numbering.xml']) : '');
      const titles = writer.report.sections.map((s) => s.title);
      // (a template with no Title style has its cover's title in its first heading's look, unnumbered)
      const h1 = heading1s(documentXml).filter((t) => t !== writer.report.title);
      expect(h1.length).toBeGreaterThanOrEqual(titles.length);
      if (numbered.has(1)) expect(h1.slice(0, titles.length)).toEqual(titles);
      else for (const text of h1) expect(text).toMatch(/^\d+\. /);
      const file = join(work, name);
      writeFileSync(file, word.bytes);
      documents.set(name, { file, title: writer.report.title });

      // the PDF: the template's page size, its fonts or the stand-ins its notes name, its header and footer
      const look = wordLook(templateBytes);
      const pdfFile = join(work, name.replace(/\.docx$/, '.export.pdf'));
      writeFileSync(pdfFile, pdf.bytes);
      const size = /Page size:\s+([\d.]+) x ([\d.]+)/.exec(run('pdfinfo', [pdfFile]).stdout)!;
      expect(Number(size[1])).toBeCloseTo(look.page.width, 0);
      expect(Number(size[2])).toBeCloseTo(look.page.height, 0);
      const body = chooseFont(look.body.font, () => ({ regular: '', bold: '', italic: '', boldItalic: '' }));
      const head = chooseFont(look.headings[0].font, () => ({ regular: '', bold: '', italic: '', boldItalic: '' }));
      const families = new Set([body.used, head.used, 'DejaVu Sans Mono'].map((f) => f.replace(/\s+/g, '')));
      const fonts = run('pdffonts', [pdfFile]).stdout.split('\n').slice(2).filter(Boolean).map((l) => l.split(/\s+/)[0]!.replace(/^[A-Z]{6}\+/, ''));
      expect(fonts.length).toBeGreaterThan(0);
      for (const font of fonts) expect([...families].some((f) => font.startsWith(f)), `${font} is none of ${[...families].join(', ')}`).toBe(true);
      const standIns = [...new Map([body, head].filter((f) => f.standIn !== 'none').map((f) => [f.asked, f])).values()];
      expect(pdf.job.notes ?? []).toEqual(standIns.map((f) => exportsTexts.pdfFontStandIn(f.asked, f.used, f.standIn === 'metric')));
      const pages = run('pdftotext', ['-enc', 'UTF-8', pdfFile, '-']).stdout.split('\f');
      expect(pages[0]!.replace(/\s+/g, ' ').toUpperCase()).toContain(writer.report.title.toUpperCase());
      expect(pages[0]!.toUpperCase()).toContain(CLIENT.toUpperCase());
      for (const running of [look.header, look.footer]) {
        for (const line of running?.lines ?? []) {
          const words = line.replace('{PAGE}', '3').split('\t').map((w) => w.trim()).filter(Boolean);
          for (const w of words) expect(pages[2]!.replace(/\s+/g, ' '), `page 3 of ${name} lacks "${w}"`).toContain(w);
        }
      }
    },
    300_000,
  );

  it(
    'every Word file opens in LibreOffice: converted to PDF, its first page names the report and its client',
    async () => {
      // Act: one LibreOffice for all of them
      const out = join(work, 'converted');
      const converted = await soffice(
        [`-env:UserInstallation=file://${join(work, 'lo-profile')}`, '--headless', '--norestore', '--convert-to', 'pdf', '--outdir', out, ...[...documents.values()].map((d) => d.file)],
        CONVERT_MS,
      );
      // Assess
      expect(converted.status, `${converted.stderr ?? ''}${converted.error?.message ?? ''}`).toBe(0);
      expect(documents.size).toBe(TEMPLATES.length);
      for (const [name, doc] of documents) {
        const file = join(out, name.replace(/\.docx$/, '.pdf'));
        expect(existsSync(file), name).toBe(true);
        const text = run('pdftotext', ['-enc', 'UTF-8', file, '-']).stdout;
        const first = text.split('\f')[0]!.replace(/\s+/g, ' ');
        // a template's Title style may set it in capitals
        expect(first.toUpperCase(), name).toContain(doc.title.toUpperCase());
        expect(first.toUpperCase(), name).toContain(CLIENT.toUpperCase());
        expect(text, name).not.toContain('Report title');
        expect(text, name).not.toContain('Client name');
        // only the template's numbering: no heading numbered twice ("1 1. …", "2.1 2.1 …")
        expect(text, name).not.toMatch(/^(\d+(\.\d+)*\.?) \1 /m);
      }
    },
    CONVERT_MS + 30_000,
  );
});
