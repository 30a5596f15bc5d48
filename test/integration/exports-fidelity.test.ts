/**
 * Fidelity of the exported files, checked with real tools: LibreOffice (headless) converts the Word document
 * and the deck to PDF without error, and pdftotext (poppler) reads our PDF and LibreOffice's rendering of our
 * Word document: every exported section's heading, every citation's source, and no markdown syntax. The deck
 * holds native chart parts for its bar, line and pie visuals; the Word document one footnote per citation.
 * LibreOffice is slow to start: generous timeouts, one profile directory per conversion.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import { visit } from 'unist-util-visit';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parseReportMarkdown } from '@shared/domain/report/markdown';
import { unpackAllExport, waitForExport } from '../helpers/export-wait';
import { http, registerAndLogin } from '../helpers/http';
import { composedReport, type ComposedReport } from '../helpers/report-setup';
import { parseXml } from '../helpers/xml';
import { convertToPdf } from '../helpers/soffice';

const stack = inject('stack');
const gw = stack.urls.gateway;
const work = mkdtempSync(join(tmpdir(), 'assay-fidelity-'));
const CONVERT_MS = 180_000;
let report: ComposedReport;
let files: { docx: string; pdf: string; pptx: string };


/** pdftotext, white space collapsed (lines wrap anywhere). */
function pdfText(file: string): string {
  const run = spawnSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout.replace(/\s+/g, ' ');
}

const flat = (s: string) => s.replace(/\s+/g, ' ').trim();

function citationMarks(): number {
  let n = 0;
  for (const s of report.sections) visit(parseReportMarkdown(s.content), 'citation', () => void n++);
  return n;
}

function sourceTitles(): string[] {
  return [...new Set(report.sections.flatMap((s) => s.citations.map((c) => c.source_title!)))];
}

function assertReadable(text: string) {
  for (const s of report.sections) expect(text, s.title).toContain(flat(s.title));
  const titles = sourceTitles();
  expect(titles.length).toBeGreaterThan(0);
  for (const title of titles) expect(text, title).toContain(flat(title));
  expect(text).not.toContain('**');
  expect(text).not.toContain('[@');
  expect(text).not.toContain('![');
}

beforeAll(async () => {
  for (const tool of ['soffice', 'pdftotext']) {
    if (spawnSync('which', [tool]).status !== 0) throw new Error(`${tool} is not installed: apt-get install -y libreoffice-writer-nogui libreoffice-impress-nogui poppler-utils`);
  }
  const { token } = await registerAndLogin(gw, 'fidelity');
  report = await composedReport(gw, token);
  const started = await http(gw, 'POST', `/api/reports/${report.reportId}/exports`, { token, body: { format: 'all', sections: report.sections.map((s) => s.key) } });
  expect(started.status, started.text).toBe(202);
  const { job } = await waitForExport(gw, token, report.reportId, started.body.export_id);
  expect(job.status, job.error).toBe('done');
  files = await unpackAllExport(job.download_url, work);
}, 180_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the exported files, read by LibreOffice and poppler', () => {
  it('our PDF: every section heading, every citation’s source, no markdown', () => {
    const text = pdfText(files.pdf);
    assertReadable(text);
    for (const s of report.sections) expect(text).toMatch(new RegExp(`\\d+\\. ${flat(s.title).replace(/[.*+?^${}()|[\]\\&]/g, '\\$&')}`));
  });

  it(
    'the Word document converts to PDF headlessly, reads completely, and has one footnote per citation',
    async () => {
      const converted = await convertToPdf(files.docx, work, CONVERT_MS);
      expect(converted.status, converted.stderr).toBe(0);
      expect(existsSync(converted.pdf), converted.stderr).toBe(true);
      assertReadable(pdfText(converted.pdf));

      const zip = await JSZip.loadAsync(readFileSync(files.docx));
      const { doc, errors } = parseXml(await zip.file('word/footnotes.xml')!.async('string'), 'text/xml');
      expect(errors).toEqual([]);
      // Word's separator notes have ids -1 and 0; the citations' notes are numbered from 1
      const notes = Array.from(doc.getElementsByTagName('w:footnote')).filter((f) => Number(f.getAttribute('w:id')) > 0);
      expect(notes).toHaveLength(citationMarks());
      for (const title of sourceTitles()) expect(notes.some((n) => (n.textContent ?? '').includes(title))).toBe(true);
    },
    CONVERT_MS + 30_000,
  );

  it(
    'the deck converts to PDF headlessly and holds a native chart for each bar, line and pie visual',
    async () => {
      const converted = await convertToPdf(files.pptx, work, CONVERT_MS);
      expect(converted.status, converted.stderr).toBe(0);
      expect(existsSync(converted.pdf), converted.stderr).toBe(true);
      const text = pdfText(converted.pdf);
      expect(text).toContain(flat(report.title));
      expect(text).not.toContain('**');
      expect(text).not.toContain('[@');

      const zip = await JSZip.loadAsync(readFileSync(files.pptx));
      const charts = Object.keys(zip.files).filter((n) => /^ppt\/charts\/chart\d+\.xml$/.test(n));
      expect(charts).toHaveLength(report.visuals.filter((v) => ['bar', 'line', 'pie'].includes(v.type)).length);
      const kinds = await Promise.all(charts.map(async (c) => /<c:(barChart|lineChart|pieChart)>/.exec(await zip.file(c)!.async('string'))?.[1]));
      expect(kinds.sort()).toEqual(['barChart', 'lineChart', 'pieChart']);
    },
    CONVERT_MS + 30_000,
  );
});
