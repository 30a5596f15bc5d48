/**
 * The export's optional "Sources of figures" appendix, read back with pdftotext from our PDF: each figure with
 * where it stands, its support and its source (the cited passage; "No source" for a typed one); an export
 * without the option has no appendix.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { figureSourcesTexts as f } from '@shared/messages/ledger';
import { waitForExport } from '../helpers/export-wait';
import { http, registerAndLogin } from '../helpers/http';

const stack = inject('stack');
const gw = stack.urls.gateway;
const work = mkdtempSync(join(tmpdir(), 'assay-figure-sources-'));
let token: string;
let reportId: string;

async function ok(method: string, path: string, body?: unknown) {
  const res = await http(gw, method, path, { token, body });
  expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300);
  return res.body;
}

/** Exports the findings to PDF (with `extras`) and answers the PDF's text. */
async function pdfOf(extras: string[]): Promise<string> {
  const started = await http(gw, 'POST', `/api/reports/${reportId}/exports`, { token, body: { format: 'pdf', sections: ['findings'], extras } });
  expect(started.status, started.text).toBe(202);
  const { job } = await waitForExport(gw, token, reportId, started.body.export_id, 120_000);
  expect(job.status, job.error).toBe('done');
  const file = join(work, `${randomUUID()}.pdf`);
  writeFileSync(file, new Uint8Array(await (await fetch(job.download_url)).arrayBuffer()));
  const run = spawnSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout.replace(/\s+/g, ' ');
}

beforeAll(async () => {
  if (spawnSync('which', ['pdftotext']).status !== 0) throw new Error('pdftotext is not installed: apt-get install -y poppler-utils');
  ({ token } = await registerAndLogin(gw, 'sources'));
  const orgId = (await ok('POST', '/api/organizations', { name: `Sources Co ${randomUUID().slice(0, 6)}` })).id;
  reportId = (await ok('POST', '/api/reports', { title: 'Margins', organization_id: orgId, owner: 'Ann' })).id;
  const interview = await ok('POST', `/api/reports/${reportId}/evidence/interview`, { title: 'Finance director', content: 'The finance director said the EBITDA margin fell to 11% in FY2024, after two years of price cuts.' });
  const evidenceId = interview.evidence.id as string;
  const text = (await ok('GET', `/api/reports/${reportId}/evidence/${evidenceId}`)).textContent as string;
  const quote = 'the EBITDA margin fell to 11% in FY2024';
  const start = text.indexOf(quote);
  const current = await ok('GET', `/api/reports/${reportId}/sections/findings`);
  await ok('PUT', `/api/reports/${reportId}/sections/findings`, {
    content: 'EBITDA margin fell to 11% in FY2024 [@fd1]. Headcount grew to 240 people.',
    citations: [{ id: 'fd1', evidence_id: evidenceId, start, end: start + quote.length, quote }],
    version: current.version,
  });
}, 120_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the sources of figures in an export', () => {
  it('lists each figure with its support and source when asked for, and not otherwise', async () => {
    // Act
    const withSources = await pdfOf(['figures']);
    const without = await pdfOf([]);

    // Assess
    expect(withSources).toContain(f.heading);
    // a table cell's words wrap inside the cell ("Unsupport ed"): the rows are compared without spaces
    const rows = withSources.replace(/\s+/g, '');
    expect(rows).toContain('11%Findings&Analysis:EBITDAmarginfellto11%inFY2024.Cited“theEBITDAmarginfellto11%inFY2024”');
    expect(rows).toContain(`240Findings&Analysis:Headcountgrewto240people.Unsupported${f.unsupported.replace(/\s+/g, '')}`);
    expect(without).not.toContain(f.heading);
  }, 300_000);
});
