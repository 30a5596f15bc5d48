/**
 * Exports and the brand through the gateway: a composed report (evidence, drafted steps with citations,
 * visuals) exported as each format and "all"; the job queued then done, in the background (the harness plays
 * Lambda for the worker); the presigned link downloads the file under a safe name; bad requests told why.
 */
import { randomUUID } from 'node:crypto';
import JSZip from 'jszip';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { details, messages } from '@shared/messages';
import { http, registerAndLogin } from '../helpers/http';
import { logoPng, LOGO_SVG } from '../helpers/export-fixtures';
import { waitForExport } from '../helpers/export-wait';
import { composedReport, type ComposedReport } from '../helpers/report-setup';

const stack = inject('stack');
const gw = stack.urls.gateway;
let token: string;
let username: string;
let report: ComposedReport;
const api = <T = any>(method: string, path: string, body?: unknown) => http<T>(gw, method, path, { token, body });
const exportsOf = (id: string) => `/api/reports/${id}/exports`;
const ALL_WRITTEN = () => report.sections.map((s) => s.key);

async function exportAndWait(format: string, sections: string[] = ALL_WRITTEN()) {
  const started = await api('POST', exportsOf(report.reportId), { format, sections });
  expect(started.status, started.text).toBe(202);
  const { seen, job } = await waitForExport(gw, token, report.reportId, started.body.export_id);
  return { started, seen, job };
}

async function download(url: string) {
  const res = await fetch(url);
  return { status: res.status, disposition: res.headers.get('content-disposition') ?? '', type: res.headers.get('content-type') ?? '', bytes: new Uint8Array(await res.arrayBuffer()) };
}

async function uploadLogo(reportId: string, name: string, bytes: Uint8Array) {
  const presign = await api('POST', `/api/reports/${reportId}/brand/logo/presign`, { file_name: name, file_size: bytes.length });
  expect(presign.status, presign.text).toBe(200);
  const form = new FormData();
  for (const [k, v] of Object.entries(presign.body.upload.fields as Record<string, string>)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)]));
  const s3 = await fetch(presign.body.upload.url, { method: 'POST', body: form });
  expect(s3.status).toBeLessThan(300);
  return api('POST', `/api/reports/${reportId}/brand/logo/${presign.body.file_id}`);
}

beforeAll(async () => {
  const s = await registerAndLogin(gw, 'exports');
  token = s.token;
  username = s.user.username;
  report = await composedReport(gw, token);
}, 120_000);

describe('exports through the gateway', () => {
  it('answers 202 at once with a queued job, which the worker takes to done; the link downloads the Word file', async () => {
    // Act
    const { started, seen, job } = await exportAndWait('docx');
    // Assess: queued at once, done in the background, the versions it was made from recorded
    expect(started.body).toEqual({ success: true, export_id: expect.stringMatching(/^[0-9a-f-]{36}$/), status: 'queued' });
    expect(started.headers.get('location')).toBe(`${exportsOf(report.reportId)}/${started.body.export_id}`);
    expect(seen.at(-1)).toBe('done');
    expect(job).toMatchObject({ format: 'docx', status: 'done', progress: 100, stage: 'done', error: null, created_by: username, report_version: 1 });
    expect(job.sections).toEqual(ALL_WRITTEN());
    for (const s of report.sections) expect(job.section_versions[s.key]).toBe(s.version);
    expect(job.file_name).toMatch(/^Nordlicht Operating Review [0-9a-f]{6} \d{4}-\d{2}-\d{2}\.docx$/);
    expect(job.download_expires_in).toBe(300);
    const file = await download(job.download_url);
    expect(file.status).toBe(200);
    expect(file.disposition).toContain(`filename*=UTF-8''${encodeURIComponent(job.file_name)}`);
    expect(file.type).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(file.bytes.length).toBe(job.size);
    const zip = await JSZip.loadAsync(file.bytes);
    expect(zip.file('word/document.xml')).not.toBeNull();
    expect(zip.file('word/footnotes.xml')).not.toBeNull();
    expect(Object.keys(zip.files).filter((f) => f.startsWith('word/media/')).length).toBeGreaterThanOrEqual(report.visuals.length);
  });

  it('exports a PDF and a PowerPoint deck with native charts, and all three in a zip', async () => {
    const pdf = await exportAndWait('pdf');
    const pdfFile = await download(pdf.job.download_url);
    expect(new TextDecoder().decode(pdfFile.bytes.slice(0, 5))).toBe('%PDF-');
    expect(pdf.job.file_name).toMatch(/\.pdf$/);

    const pptx = await exportAndWait('pptx');
    const deck = await JSZip.loadAsync((await download(pptx.job.download_url)).bytes);
    expect(Object.keys(deck.files).filter((f) => /^ppt\/charts\/chart\d+\.xml$/.test(f))).toHaveLength(3); // bar, line, pie
    expect(Object.keys(deck.files).some((f) => f.startsWith('ppt/notesSlides/'))).toBe(true);

    const all = await exportAndWait('all');
    const file = await download(all.job.download_url);
    expect(file.type).toBe('application/zip');
    expect(all.job.file_name).toMatch(/\.zip$/);
    const names = Object.keys((await JSZip.loadAsync(file.bytes)).files).sort();
    const base = all.job.file_name.replace(/\.zip$/, '');
    expect(names).toEqual([`${base}.docx`, `${base}.pdf`, `${base}.pptx`]);
  });

  it('exports only the sections asked for, in report order, and lists earlier exports newest first', async () => {
    const { job } = await exportAndWait('pdf', ['conclusion', 'executive-summary', 'executive-summary']);
    expect(job.sections).toEqual(['executive-summary', 'conclusion']);
    const list = await api('GET', `${exportsOf(report.reportId)}?limit=2`);
    expect(list.status).toBe(200);
    expect(list.body.items).toHaveLength(2);
    expect(list.body.items[0]).toMatchObject({ id: job.id, format: 'pdf', sections: ['executive-summary', 'conclusion'], created_by: username, status: 'done', size: job.size });
    expect(list.body.items[0].download_url).toBeUndefined();
    const next = await api('GET', `${exportsOf(report.reportId)}?limit=2&cursor=${encodeURIComponent(list.body.next_cursor)}`);
    expect(next.body.items[0].created_at <= list.body.items[1].created_at).toBe(true);
  });

  it("refuses no sections with the spec's own words, and sections with nothing written", async () => {
    const none = await api('POST', exportsOf(report.reportId), { format: 'pdf', sections: [] });
    expect(none.status).toBe(400);
    expect(none.body.detail).toBe('Please select at least one section to export.');
    expect(none.body.detail).toBe(messages.exports.noSections);
    const missing = await api('POST', exportsOf(report.reportId), { format: 'pdf' });
    expect(missing.body.detail).toBe('Please select at least one section to export.');

    const empty = (await api('POST', '/api/reports', { title: 'Empty', organization_id: report.organizationId, owner: 'Ann' })).body.id;
    const nothing = await api('POST', exportsOf(empty), { format: 'docx', sections: ['introduction', 'conclusion'] });
    expect(nothing.status).toBe(400);
    expect(nothing.body.detail).toBe(details.exportSectionsEmpty(['Introduction', 'Conclusion']));
  });

  it('says what is wrong: unknown format or section, unknown report or export, no token', async () => {
    const format = await api('POST', exportsOf(report.reportId), { format: 'odt', sections: ['introduction'] });
    expect(format.status).toBe(400);
    expect(format.body.detail).toBe('format must be one of: docx, pdf, pptx, all');
    const section = await api('POST', exportsOf(report.reportId), { format: 'pdf', sections: ['preface'] });
    expect(section.body.detail).toMatch(/section must be one of/);
    const many = await api('POST', exportsOf(report.reportId), { format: 'pdf', sections: Array(10).fill('introduction') });
    expect(many.status).toBe(400);
    expect((await api('POST', exportsOf(randomUUID()), { format: 'pdf', sections: ['introduction'] })).status).toBe(404);
    const unknown = await api('GET', `${exportsOf(report.reportId)}/${randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe('Export not found');
    expect((await api('GET', exportsOf(randomUUID()))).status).toBe(404);
    expect((await api('GET', `${exportsOf(report.reportId)}?cursor=nonsense`)).body.detail).toBe(details.invalidCursor);
    expect((await http(gw, 'POST', exportsOf(report.reportId), { body: { format: 'pdf', sections: ['introduction'] } })).status).toBe(401);
    expect((await http(gw, 'GET', exportsOf(report.reportId))).status).toBe(401);
  });

  it('holds 20 parallel starts to the per-user rate and the report’s running exports: never a 5xx, every refusal says why', async () => {
    // Prepare: a user of its own (the rate is per user)
    const other = (await registerAndLogin(gw, 'exports-race')).token;
    // Act
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => http(gw, 'POST', exportsOf(report.reportId), { token: other, body: { format: 'pptx', sections: ['executive-summary'] } })),
    );
    // Assess
    const accepted = answers.filter((a) => a.status === 202);
    expect(accepted.length).toBeGreaterThan(0);
    expect(accepted.length).toBeLessThanOrEqual(10);
    for (const a of answers.filter((x) => x.status !== 202)) {
      expect(a.status).toBe(429);
      expect([details.exportsTooFast(10), details.exportsBusy(3)]).toContain(a.body.detail);
    }
    for (const a of accepted) expect((await waitForExport(gw, other, report.reportId, a.body.export_id)).job.status).toBe('done');
  }, 120_000);

  it('plays Lambda only for the declared worker, and only for signed calls', async () => {
    const unsigned = await fetch(`${gw}/2015-03-31/functions/assay-worker-exportReport/invocations`, { method: 'POST', body: '{}', headers: { 'x-amz-invocation-type': 'Event' } });
    expect(unsigned.status).toBe(403);
    const unknown = await fetch(`${gw}/2015-03-31/functions/assay-worker-nothing/invocations`, { method: 'POST', body: '{}' });
    expect(unknown.status).toBe(404);
  });
});

describe('the brand of step 10', () => {
  it('reads the report’s brand, keeps it on the organization, with a logo checked by its bytes', async () => {
    // Prepare: a PNG logo through the presigned upload
    const logo = await uploadLogo(report.reportId, 'nordlicht.png', await logoPng());
    expect(logo.status, logo.text).toBe(200);
    expect(logo.body).toMatchObject({ content_type: 'image/png', width: 120, height: 60, logo_key: expect.stringMatching(new RegExp(`^reports/${report.reportId}/brand/logo-[0-9a-f-]{36}\\.png$`)) });
    expect((await fetch(logo.body.url)).status).toBe(200);
    // Act
    const saved = await api('PUT', `/api/reports/${report.reportId}/brand`, { primaryColor: '#7A1F3D', secondaryColor: '', logo_key: logo.body.logo_key });
    // Assess
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.brand).toEqual({ primaryColor: '#7a1f3d', secondaryColor: '', logo_key: logo.body.logo_key });
    const org = await api('GET', `/api/organizations/${report.organizationId}`);
    expect(org.body.brand_settings).toMatchObject({ primaryColor: '#7a1f3d', logo_key: logo.body.logo_key });
    expect(org.body.brand_settings.secondaryColor).toBeUndefined();
    // step 10's own data wins for this report
    const brand = await api('GET', `/api/reports/${report.reportId}/brand`);
    expect(brand.body.brand.primaryColor).toBe('#0b5394');
    // a new report of the organization starts from its brand; saving copies the logo to it
    const next = (await api('POST', '/api/reports', { title: 'Next', organization_id: report.organizationId, owner: 'Ann' })).body.id;
    const fresh = await api('GET', `/api/reports/${next}/brand`);
    expect(fresh.body).toMatchObject({ organization_id: report.organizationId, brand: { primaryColor: '#7a1f3d', logo_key: logo.body.logo_key } });
    expect(fresh.body.logo_url).toMatch(/^http/);
    const adopted = await api('PUT', `/api/reports/${next}/brand`, { primaryColor: '#7a1f3d', logo_key: logo.body.logo_key });
    expect(adopted.body.brand.logo_key).toMatch(new RegExp(`^reports/${next}/brand/`));
  });

  it('sanitizes an SVG logo, and refuses wrong types, lies, large files and foreign keys', async () => {
    const hostile = LOGO_SVG.replace('<rect', '<script>alert(1)</script><rect onclick="alert(2)"').replace('</svg>', '<image href="http://evil.example/x.png" width="1" height="1"/></svg>');
    const svg = await uploadLogo(report.reportId, 'logo.svg', new TextEncoder().encode(hostile));
    expect(svg.status, svg.text).toBe(200);
    expect(svg.body).toMatchObject({ content_type: 'image/svg+xml', width: 160, height: 64 });
    const stored = await (await fetch(svg.body.url)).text();
    expect(stored).toContain('<rect');
    expect(stored).not.toMatch(/script|onclick|evil\.example|<image/i);

    const text = await uploadLogo(report.reportId, 'logo.png', new TextEncoder().encode('not an image'));
    expect(text.status).toBe(415);
    expect(text.body.detail).toBe(details.logoType);
    const lie = await uploadLogo(report.reportId, 'logo.jpg', await logoPng());
    expect(lie.status).toBe(415);
    expect(lie.body.detail).toBe(details.logoMismatch('logo.jpg', 'a PNG image'));
    const pdf = await api('POST', `/api/reports/${report.reportId}/brand/logo/presign`, { file_name: 'logo.pdf', file_size: 100 });
    expect(pdf.status).toBe(415);
    const big = await api('POST', `/api/reports/${report.reportId}/brand/logo/presign`, { file_name: 'logo.png', file_size: 3 * 1024 * 1024 });
    expect(big.status).toBe(413);
    expect(big.body.detail).toBe(details.logoTooLarge(2 * 1024 * 1024));
    const foreign = await api('PUT', `/api/reports/${report.reportId}/brand`, { primaryColor: '#123456', logo_key: `reports/${randomUUID()}/brand/logo-${randomUUID()}.png` });
    expect(foreign.status).toBe(400);
    expect(foreign.body.detail).toBe(details.logoKeyForeign);
    const evidence = await api('PUT', `/api/reports/${report.reportId}/brand`, { primaryColor: '#123456', logo_key: `reports/${report.reportId}/evidence/x/original` });
    expect(evidence.status).toBe(400);
    const colour = await api('PUT', `/api/reports/${report.reportId}/brand`, { primaryColor: 'red' });
    expect(colour.body.detail).toBe('primaryColor must be a colour like #1e293b');
    // an upload is processed once
    const again = await api('POST', `/api/reports/${report.reportId}/brand/logo/${randomUUID()}`);
    expect(again.status).toBe(404);
  });
});
