/**
 * The optional export sections (comparison with the baseline, sector benchmark), checked with real tools as the other export tests are: a re-assessment
 * exported with the comparison with its baseline and the sector benchmark. pdftotext reads our PDF and LibreOffice's
 * rendering of our Word document (both sections' headings, the score table, the metric's movement, no markdown);
 * the deck holds a native bar chart of the score changes (baseline and re-assessment series).
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { reassess } from '@shared/messages/reassess';
import { unpackAllExport, waitForExport } from '../helpers/export-wait';
import { http, registerAndLogin } from '../helpers/http';
import { convertToPdf } from '../helpers/soffice';

const stack = inject('stack');
const gw = stack.urls.gateway;
const work = mkdtempSync(join(tmpdir(), 'assay-reassess-export-'));
let files: { docx: string; pdf: string; pptx: string };
let token: string;

const dimension = (d: string, score: number) => ({ dimension: d, score, computed_score: null, basis: [], out_of_scope: false, note: '' });
const finding = (id: string, statement: string, value: number, period: string) => ({
  id,
  statement,
  dimension: 'Operational Efficiency',
  impact: 'high',
  metric: { name: 'On-time delivery', value, unit: '%', period },
  citations: [],
});

async function ok(method: string, path: string, body?: unknown) {
  const res = await http(gw, method, path, { token, body });
  expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300);
  return res.body;
}


function pdfText(file: string): string {
  const run = spawnSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout.replace(/\s+/g, ' ');
}

beforeAll(async () => {
  for (const tool of ['soffice', 'pdftotext']) {
    if (spawnSync('which', [tool]).status !== 0) throw new Error(`${tool} is not installed: apt-get install -y libreoffice-writer-nogui libreoffice-impress-nogui poppler-utils`);
  }
  ({ token } = await registerAndLogin(gw, 'reexport'));
  // Prepare: a baseline and its re-assessment, each with scores and a metric; a written section to export
  const orgId = (await ok('POST', '/api/organizations', { name: `Export Co ${randomUUID().slice(0, 6)}`, sector: 'technology', geography: `Tirol ${randomUUID().slice(0, 6)}` })).id;
  const baselineId = (await ok('POST', '/api/reports', { title: 'Operations 2025', organization_id: orgId, owner: 'Ann' })).id;
  await ok('POST', '/api/wizard-progress', {
    report_id: baselineId,
    wizard_data: { findings: { dimensions: [dimension('Operational Efficiency', 55), dimension('Financial Performance', 70)], findings: [finding('b1', 'On-time delivery is low because of picking delays', 78, 'FY2025')] } },
    completed_steps: [],
    current_step: 4,
  });
  const re = await ok('POST', `/api/reports/${baselineId}/reassess`, { idempotency_key: `k-${randomUUID()}` });
  await ok('POST', '/api/wizard-progress', {
    report_id: re.id,
    wizard_data: { findings: { dimensions: [dimension('Operational Efficiency', 63), dimension('Financial Performance', 66)], findings: [finding('a1', 'Picking delays still hold on-time delivery back', 86, 'FY2026')] } },
    completed_steps: [],
    current_step: 4,
  });
  const current = await ok('GET', `/api/reports/${re.id}/sections/findings`);
  await ok('PUT', `/api/reports/${re.id}/sections/findings`, { content: 'Delivery improved over the year.', citations: [], version: current.version });
  // Act: one export of the three formats, with both optional sections
  const started = await http(gw, 'POST', `/api/reports/${re.id}/exports`, { token, body: { format: 'all', sections: ['findings'], extras: ['comparison', 'benchmark'] } });
  expect(started.status, started.text).toBe(202);
  const { job } = await waitForExport(gw, token, re.id, started.body.export_id, 120_000);
  expect(job.status, job.error).toBe('done');
  expect(job.extras).toEqual(['comparison', 'benchmark']);
  files = await unpackAllExport(job.download_url, work);
}, 300_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

const t = reassess.exports;

function assertSections(text: string) {
  expect(text).toContain(t.comparisonHeading);
  expect(text).toContain(t.benchmarkHeading);
  expect(text).toMatch(/Operational Efficiency 55 63 \+8/);
  expect(text).toMatch(/On-time delivery 78% 86% \+8/);
  // the benchmark has no peers here: it says so and shows no figures
  expect(text).toContain('A benchmark needs the Final reports of at least 5');
  expect(text).not.toMatch(/\\[|*_#]|\|\s*---/);
}

describe('comparison and benchmark in the exports', () => {
  it('our PDF holds both sections', () => {
    assertSections(pdfText(files.pdf));
  });

  it('the Word document, rendered by LibreOffice, holds both sections', async () => {
    const converted = await convertToPdf(files.docx, work, 180_000);
    expect(converted.status, converted.stderr).toBe(0);
    assertSections(pdfText(converted.pdf));
  }, 200_000);

  it('the deck draws the score changes as a native bar chart and opens in LibreOffice', async () => {
    const zip = await JSZip.loadAsync(new Uint8Array(await import('node:fs').then((fs) => fs.readFileSync(files.pptx))));
    const charts = await Promise.all(Object.keys(zip.files).filter((n) => /^ppt\/charts\/chart\d+\.xml$/.test(n)).map((n) => zip.file(n)!.async('string')));
    const comparison = charts.find((xml) => xml.includes(reassess.comparison.baseline) && xml.includes(reassess.comparison.current));
    expect(comparison, 'a chart with the baseline and re-assessment series').toBeDefined();
    expect(comparison).toContain('<c:barChart>');
    const converted = await convertToPdf(files.pptx, work, 180_000);
    expect(converted.status, converted.stderr).toBe(0);
    expect(pdfText(converted.pdf)).toContain(t.comparisonHeading);
  }, 200_000);
});
