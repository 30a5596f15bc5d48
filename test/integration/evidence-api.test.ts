import { randomUUID } from 'node:crypto';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { s3Client, tableClient } from '../helpers/emulator-clients';
import { docxBytes, fakeElf, imageWithText, pdfBytes, xlsxBytes, zipBytes, fakeOle2 } from '../helpers/evidence-fixtures';
import { http, registerAndLogin } from '../helpers/http';

const stack = inject('stack');
const web = inject('fixtureWeb');
const gw = stack.urls.gateway;
const s3 = s3Client(stack);
const db = tableClient(stack);
let token: string;
let reportId: string;
/** the report's client: its evidence library keeps the items and their files */
let orgId: string;

const api = <T = any>(method: string, path: string, body?: unknown) => http<T>(gw, method, path, { token, body });

async function upload(ref: string, name: string, bytes: Uint8Array, extra: Record<string, string> = {}) {
  const form = new FormData();
  form.set('file', new Blob([bytes]), name);
  form.set('report_id', ref);
  form.set('storage_type', 'local');
  for (const [k, v] of Object.entries(extra)) form.set(k, v);
  const res = await fetch(`${gw}/api/files/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: (await res.json()) as any };
}

async function objectsUnder(prefix: string) {
  const out = await s3.send(new ListObjectsV2Command({ Bucket: stack.bucketName, Prefix: prefix }));
  return (out.Contents ?? []).map((o) => o.Key!);
}

const FINANCE = [
  'Revenue grew 12% to 480 million in fiscal 2025 while EBITDA margin improved to 18%.',
  'Operating cash flow covered capital expenditure twice over, and net debt fell to 1.1 times EBITDA.',
  'Customer churn rose to 9% in the SME segment after the price increase.',
];

beforeAll(async () => {
  const session = await registerAndLogin(gw, 'evidence');
  token = session.token;
  const org = await api('POST', '/api/organizations', { name: `Evidence Org ${randomUUID().slice(0, 6)}`, sector: 'retail' });
  orgId = org.body.id;
  reportId = (await api('POST', '/api/reports', { title: 'Evidence report', organization_id: org.body.id, owner: 'Ann' })).body.id;
});

describe('POST /api/files/upload: each accepted format is stored, extracted and analysed', () => {
  it.each([
    ['a PDF', 'annual.pdf', () => pdfBytes([FINANCE.slice(0, 2), FINANCE.slice(2)]), 'application/pdf', 'EBITDA margin improved'],
    ['a Word document', 'memo.docx', () => docxBytes(FINANCE), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'net debt fell'],
    ['an Excel workbook', 'kpis.xlsx', () => xlsxBytes([{ name: 'KPIs', rows: [['Metric', 'Value'], ['Revenue growth', '12%'], ['Customer churn', '9%']] }]), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'Customer churn'],
    ['a CSV file', 'kpis.csv', async () => new TextEncoder().encode('metric,value\nrevenue growth,12%\ncustomer churn,9%\n'), 'text/csv', 'customer churn'],
    ['a text file', 'notes.txt', async () => new TextEncoder().encode(FINANCE.join('\n')), 'text/plain', 'Operating cash flow'],
  ])('%s', async (_label, name, make, mime, expected) => {
    // Act
    const res = await upload(reportId, name, await make());
    // Assess
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, file_id: expect.any(String), processing_status: 'analyzed' });
    expect(res.body.text_extracted).toBeGreaterThan(20);
    expect(res.body.ai_analysis.relevance_score).toBeGreaterThan(0);
    expect(res.body.evidence).toMatchObject({ type: 'file', title: name, fileType: mime, status: 'analyzed' });
    const one = await api('GET', `/api/reports/${reportId}/evidence/${res.body.file_id}`);
    expect(one.body.textContent).toContain(expected);
    for (const insight of one.body.aiInsights) expect(one.body.textContent.slice(insight.start, insight.end)).toBe(insight.text);
    expect(await objectsUnder(`clients/${orgId}/evidence/${res.body.file_id}/`)).toContain(`clients/${orgId}/evidence/${res.body.file_id}/original`);
  });

  it('reads text from an image with offline OCR', async () => {
    const res = await upload(reportId, 'slide.png', await imageWithText(['REVENUE UP 12 PERCENT']));
    expect(res.status).toBe(200);
    expect(res.body.processing_status).toBe('analyzed');
    const one = await api('GET', `/api/reports/${reportId}/evidence/${res.body.file_id}`);
    expect(one.body.textContent.toUpperCase()).toContain('REVENUE');
  });

  it('stores a legacy .doc and says plainly that no text was extracted', async () => {
    const res = await upload(reportId, 'old.doc', fakeOle2(['WordDocument']));
    expect(res.status).toBe(200);
    expect(res.body.processing_status).toBe('no_text');
    expect(res.body.evidence.reason).toMatch(/Legacy \.doc\/\.xls files are stored but their text is not extracted/);
  });

  it('refuses a renamed executable with 415 and stores nothing', async () => {
    const res = await upload(reportId, 'invoice.pdf', fakeElf());
    expect(res.status).toBe(415);
    expect(res.body.detail).toMatch(/not a PDF.*executable/);
  });

  it('refuses a file over 4 MB on this path with 413, pointing to the large-file path', async () => {
    const big = new Uint8Array(4 * 1024 * 1024 + 10).fill(65);
    const res = await upload(reportId, 'big.txt', big);
    expect(res.status).toBe(413);
    expect(res.body.detail).toMatch(/larger than 4 MB|too large/);
  });

  it('refuses a zip bomb disguised as a Word document with 413', async () => {
    const bomb = await zipBytes([
      { name: '[Content_Types].xml', data: '<Types/>' },
      { name: 'word/document.xml', data: new Uint8Array(150 * 1024 * 1024) },
    ], 9);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const res = await upload(reportId, 'bomb.docx', bomb);
    expect(res.status).toBe(413);
    expect(res.body.detail).toMatch(/uncompress|expand|ratio|MB/i);
  });

  it('answers 400 without a file or with a bad report id, 404 for an unknown report, 415 for a non-multipart body', async () => {
    const form = new FormData();
    form.set('report_id', reportId);
    const noFile = await fetch(`${gw}/api/files/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(noFile.status).toBe(400);
    expect(((await noFile.json()) as any).detail).toBe('The form has no file; send it in the field named "file"');
    expect((await upload('not-a-report', 'a.txt', new TextEncoder().encode('hello there'))).status).toBe(400);
    expect((await upload(randomUUID(), 'a.txt', new TextEncoder().encode('hello there'))).status).toBe(404);
    const json = await api('POST', '/api/files/upload', { report_id: reportId });
    expect(json.status).toBe(415);
    expect(json.body.detail).toBe('Content-Type must be multipart/form-data');
  });
});

describe('large files: presigned POST to S3, then processing', () => {
  it('uploads straight to S3 under a content-length-range policy, then extracts and analyses', async () => {
    // Prepare
    const bytes = await pdfBytes([FINANCE, FINANCE]);
    const presign = await api('POST', '/api/files/presign', { report_id: reportId, file_name: 'board-pack.pdf', file_size: bytes.length });
    expect(presign.status).toBe(200);
    const policy = JSON.parse(Buffer.from(presign.body.upload.fields.Policy, 'base64').toString());
    expect(policy.conditions).toContainEqual(['content-length-range', 1, 100 * 1024 * 1024]);
    // Act: the browser's part
    const form = new FormData();
    for (const [k, v] of Object.entries(presign.body.upload.fields as Record<string, string>)) form.set(k, v);
    form.set('file', new Blob([bytes]), 'board-pack.pdf');
    const put = await fetch(presign.body.upload.url, { method: 'POST', body: form });
    expect(put.status).toBeLessThan(300);
    const processed = await api('POST', `/api/files/${presign.body.file_id}/process`, { report_id: reportId });
    // Assess
    expect(processed.status).toBe(200);
    expect(processed.body).toMatchObject({ file_id: presign.body.file_id, processing_status: 'analyzed', evidence: { title: 'board-pack.pdf' } });
    expect((await api('POST', `/api/files/${presign.body.file_id}/process`, { report_id: reportId })).status).toBe(404);
    // single use: the staging object is gone; posting the same form again cannot replace the evidence
    expect(await objectsUnder(`uploads/${presign.body.file_id}`)).toEqual([]);
    const original = await objectsUnder(`clients/${orgId}/evidence/${presign.body.file_id}/original`);
    expect(original).toHaveLength(1);
    const replay = new FormData();
    for (const [k, v] of Object.entries(presign.body.upload.fields as Record<string, string>)) replay.set(k, v);
    replay.set('file', new Blob([fakeElf()]), 'board-pack.pdf');
    await fetch(presign.body.upload.url, { method: 'POST', body: replay });
    expect((await api('POST', `/api/files/${presign.body.file_id}/process`, { report_id: reportId })).status).toBe(404);
    const evidence = await api('GET', `/api/reports/${reportId}/evidence/${presign.body.file_id}`);
    expect(evidence.body.textContent).toContain('EBITDA margin improved');
  });

  it('processes an upload once when two calls race for it', async () => {
    // Prepare
    const bytes = await pdfBytes([FINANCE]);
    const presign = await api('POST', '/api/files/presign', { report_id: reportId, file_name: 'race.pdf', file_size: bytes.length });
    const form = new FormData();
    for (const [k, v] of Object.entries(presign.body.upload.fields as Record<string, string>)) form.set(k, v);
    form.set('file', new Blob([bytes]), 'race.pdf');
    await fetch(presign.body.upload.url, { method: 'POST', body: form });
    // Act
    const answers = await Promise.all([1, 2, 3].map(() => api('POST', `/api/files/${presign.body.file_id}/process`, { report_id: reportId })));
    // Assess: one processes it; the others are told it is being processed (409) or already gone (404)
    const codes = answers.map((a) => a.status).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.every((c) => [200, 404, 409].includes(c))).toBe(true);
    const list = await api('GET', `/api/reports/${reportId}/evidence?q=race.pdf`);
    expect(list.body.items.filter((i: any) => i.title === 'race.pdf')).toHaveLength(1);
  });

  it('refuses to presign more than 100 MB (413) or a type it does not accept (415)', async () => {
    const big = await api('POST', '/api/files/presign', { report_id: reportId, file_name: 'huge.pdf', file_size: 100 * 1024 * 1024 + 1 });
    expect(big.status).toBe(413);
    const exe = await api('POST', '/api/files/presign', { report_id: reportId, file_name: 'setup.exe', file_size: 1000 });
    expect(exe.status).toBe(415);
  });

  it('refuses to process an upload that never arrived, and a renamed executable that did (and deletes it)', async () => {
    const presign = await api('POST', '/api/files/presign', { report_id: reportId, file_name: 'fake.pdf', file_size: 4096 });
    expect((await api('POST', `/api/files/${presign.body.file_id}/process`, { report_id: reportId })).status).toBe(404);
    const again = await api('POST', '/api/files/presign', { report_id: reportId, file_name: 'fake.pdf', file_size: 4096 });
    const form = new FormData();
    for (const [k, v] of Object.entries(again.body.upload.fields as Record<string, string>)) form.set(k, v);
    form.set('file', new Blob([fakeElf()]), 'fake.pdf');
    await fetch(again.body.upload.url, { method: 'POST', body: form });
    const res = await api('POST', `/api/files/${again.body.file_id}/process`, { report_id: reportId });
    expect(res.status).toBe(415);
    expect(await objectsUnder(`clients/${orgId}/evidence/${again.body.file_id}/`)).toEqual([]);
    expect(await objectsUnder(`uploads/${again.body.file_id}`)).toEqual([]);
  });
});

describe('URL and interview evidence', () => {
  it('fetches a page, keeps its readable text and analyses it', async () => {
    const res = await api('POST', `/api/reports/${reportId}/evidence/url`, { url: `${web}/article`, title: 'Trade press', tags: 'margins, churn , ,press' });
    expect(res.status).toBe(200);
    expect(res.body.evidence).toMatchObject({ type: 'url', title: 'Trade press', tags: ['margins', 'churn', 'press'], status: 'analyzed' });
    const one = await api('GET', `/api/reports/${reportId}/evidence/${res.body.evidence.id}`);
    expect(one.body.textContent).toContain('Gross margin fell by 3.2 percentage points');
    expect(one.body.textContent).not.toContain('Home | About | Contact');
    expect(one.body.aiInsights.length).toBeGreaterThanOrEqual(3);
  });

  it('reads a PDF behind a URL', async () => {
    const res = await api('POST', `/api/reports/${reportId}/evidence/url`, { url: `${web}/report.pdf`, title: 'Annual report' });
    expect(res.status).toBe(200);
    expect(res.body.evidence.fileType).toBe('application/pdf');
    expect(res.body.evidence.text_chars).toBeGreaterThan(20);
  });

  it.each([
    ['loopback', 'http://127.0.0.1/'],
    ['localhost by name', 'http://localhost/'],
    ['a port other than 80 and 443', 'http://example.com:9/'],
    ['a private network', 'http://10.0.0.5/'],
    ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data/'],
    ['IPv6 loopback', 'http://[::1]/'],
    ['a hex-encoded loopback', 'http://0x7f000001/'],
    ['a redirect to the metadata address', `${web}/to-metadata`],
    ['a non-http scheme', 'file:///etc/passwd'],
  ])('refuses %s with 400 and says why', async (_label, url) => {
    const res = await api('POST', `/api/reports/${reportId}/evidence/url`, { url, title: 'Nope' });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/not allowed|Only http and https|not a valid URL|Only ports 80 and 443/);
    // never the address a name resolved to
    expect(res.body.detail).not.toMatch(/127\.0\.0\.1|::1/);
  });

  it('says what is wrong with pages it cannot use', async () => {
    expect((await api('POST', `/api/reports/${reportId}/evidence/url`, { url: `${web}/huge`, title: 'Huge' })).status).toBe(422);
    expect((await api('POST', `/api/reports/${reportId}/evidence/url`, { url: `${web}/missing`, title: 'Gone' })).status).toBe(422);
    const missing = await api('POST', `/api/reports/${reportId}/evidence/url`, { url: `${web}/article` });
    expect(missing.body.detail).toBe('title is required');
  });

  it('analyses interview notes, with the spec\'s default relevance when nothing better is known', async () => {
    const notes = 'The COO said warehouse productivity rose 8% after the new shift pattern. Staff turnover in the depots is still 22%, and overtime costs doubled in peak season.';
    const res = await api('POST', `/api/reports/${reportId}/evidence/interview`, { title: 'COO interview', content: notes, source: 'COO' });
    expect(res.status).toBe(200);
    expect(res.body.evidence).toMatchObject({ type: 'interview', content: notes, status: 'analyzed' });
    const placeholder = `temp-${randomUUID()}`;
    const plain = await api('POST', `/api/reports/${placeholder}/evidence/interview`, { title: 'Short', content: 'Fine.' });
    expect(plain.body.evidence.relevanceScore).toBe(0.9);
    const invalid = await api('POST', `/api/reports/${reportId}/evidence/interview`, { title: 'x' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.detail).toBe('content is required');
  });
});

describe('the evidence library of a report', () => {
  it('lists, searches titles, tags and extracted text, and filters by type', async () => {
    const all = await api('GET', `/api/reports/${reportId}/evidence`);
    expect(all.body.items.length).toBeGreaterThanOrEqual(5);
    expect(all.body.items.every((i: { textContent?: string }) => i.textContent === undefined)).toBe(true);
    const byText = await api('GET', `/api/reports/${reportId}/evidence?q=${encodeURIComponent('net debt fell')}`);
    expect(byText.body.items.map((i: { title: string }) => i.title)).toContain('memo.docx');
    expect(byText.body.items.find((i: { title: string }) => i.title === 'memo.docx').match).toContain('net debt fell');
    const byTag = await api('GET', `/api/reports/${reportId}/evidence?q=press`);
    expect(byTag.body.items.map((i: { title: string }) => i.title)).toEqual(['Trade press']);
    const interviews = await api('GET', `/api/reports/${reportId}/evidence?type=interview`);
    expect(interviews.body.items.every((i: { type: string }) => i.type === 'interview')).toBe(true);
    expect((await api('GET', `/api/reports/${randomUUID()}/evidence`)).status).toBe(404);
  });

  it('updates title, tags and linked dimensions with the version, and refuses a stale one', async () => {
    const created = await api('POST', `/api/reports/${reportId}/evidence/interview`, { title: 'To edit', content: 'Revenue grew and margins improved in the quarter.' });
    const id = created.body.evidence.id;
    const ok = await api('PATCH', `/api/reports/${reportId}/evidence/${id}`, { title: 'Edited', tags: 'a, b', linkedDimensions: ['Risks & Compliance'], version: 1 });
    expect(ok.body).toEqual({ success: true, version: 2 });
    const stale = await api('PATCH', `/api/reports/${reportId}/evidence/${id}`, { title: 'Lost', version: 1 });
    expect(stale.status).toBe(409);
    const one = await api('GET', `/api/reports/${reportId}/evidence/${id}`);
    expect(one.body).toMatchObject({ title: 'Edited', tags: ['a', 'b'], linkedDimensions: ['Risks & Compliance'], version: 2 });
    const bad = await api('PATCH', `/api/reports/${reportId}/evidence/${id}`, { linkedDimensions: ['Astrology'], version: 2 });
    expect(bad.status).toBe(400);
  });

  it('deletes an item with its files, leaving no S3 object', async () => {
    const res = await upload(reportId, 'delete-me.txt', new TextEncoder().encode(FINANCE.join(' ')));
    const id = res.body.file_id;
    expect(await objectsUnder(`clients/${orgId}/evidence/${id}/`)).not.toEqual([]);
    expect((await api('DELETE', `/api/reports/${reportId}/evidence/${id}`)).body).toEqual({ success: true });
    expect(await objectsUnder(`clients/${orgId}/evidence/${id}/`)).toEqual([]);
    expect((await api('GET', `/api/reports/${reportId}/evidence/${id}`)).status).toBe(404);
    expect((await api('DELETE', `/api/reports/${reportId}/evidence/${id}`)).status).toBe(404);
  });

  it('keeps long extracted text in S3, not in the item', async () => {
    const long = Array.from({ length: 1500 }, (_, i) => `Paragraph ${i}: revenue, margin and customer churn were discussed at length with the board.`).join('\n');
    const res = await upload(reportId, 'long.txt', new TextEncoder().encode(long));
    expect(await objectsUnder(`clients/${orgId}/evidence/${res.body.file_id}/`)).toContain(`clients/${orgId}/evidence/${res.body.file_id}/text.txt`);
    const one = await api('GET', `/api/reports/${reportId}/evidence/${res.body.file_id}`);
    expect(one.body.textContent.length).toBe(long.length);
  });
});

describe('evidence added before the report exists', () => {
  it('is kept under the placeholder and moves to the report when setup claims it', async () => {
    // Prepare: the wizard's placeholder, a file and notes added under it
    const placeholder = `temp-${randomUUID()}`;
    const file = await upload(placeholder, 'early.txt', new TextEncoder().encode(FINANCE.join(' ')));
    expect(file.status).toBe(200);
    await api('POST', `/api/reports/${placeholder}/evidence/interview`, { title: 'Early notes', content: 'Revenue grew strongly in the north.' });
    expect((await api('GET', `/api/reports/${placeholder}/evidence`)).body.items).toHaveLength(2);
    expect(await objectsUnder(`pending/${placeholder}/`)).not.toEqual([]);
    const org = await api('POST', '/api/organizations', { name: 'Claim Org' });
    const report = (await api('POST', '/api/reports', { title: 'Claimed', organization_id: org.body.id, owner: 'Ann' })).body.id;
    // Act
    const claimed = await api('POST', `/api/reports/${report}/evidence/claim`, { placeholder_id: placeholder });
    // Assess
    expect(claimed.body).toEqual({ success: true, moved: 2 });
    const moved = await api('GET', `/api/reports/${report}/evidence`);
    expect(moved.body.items.map((i: { title: string }) => i.title).sort()).toEqual(['Early notes', 'early.txt']);
    expect((await api('GET', `/api/reports/${placeholder}/evidence`)).body.items).toEqual([]);
    expect(await objectsUnder(`pending/${placeholder}/`)).toEqual([]);
    expect(await objectsUnder(`clients/${org.body.id}/evidence/${file.body.file_id}/`)).toContain(`clients/${org.body.id}/evidence/${file.body.file_id}/original`);
    // what stays of the placeholder is whose it is (so nobody else can take it over)
    const pending = await db.send(new QueryCommand({ TableName: stack.tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `PENDING#${placeholder}` } }));
    expect(pending.Items!.map((i) => [i.SK, i.created_by])).toEqual([['OWNER', expect.any(String)]]);
    // and deleting the report takes its files and its references with it; the client's library keeps the items
    await api('DELETE', `/api/reports/${report}`);
    expect(await objectsUnder(`reports/${report}/`)).toEqual([]);
    expect(await objectsUnder(`clients/${org.body.id}/evidence/${file.body.file_id}/`)).not.toEqual([]);
  });

  it('moves only the claiming user\'s placeholder evidence: another user\'s placeholder answers 404 and keeps its items', async () => {
    const placeholder = `temp-${randomUUID()}`;
    const other = await registerAndLogin(gw, 'other');
    await http(gw, 'POST', `/api/reports/${placeholder}/evidence/interview`, { token: other.token, body: { title: 'Theirs', content: 'Margins improved.' } });
    const org = await api('POST', '/api/organizations', { name: 'Claim Org 2' });
    const report = (await api('POST', '/api/reports', { title: 'Claimed 2', organization_id: org.body.id, owner: 'Ann' })).body.id;
    const claim = await api('POST', `/api/reports/${report}/evidence/claim`, { placeholder_id: placeholder });
    expect(claim.status).toBe(404);
    expect((await api('GET', `/api/reports/${report}/evidence`)).body.items).toEqual([]);
    expect((await http(gw, 'GET', `/api/reports/${placeholder}/evidence`, { token: other.token })).body.items.map((i: { title: string }) => i.title)).toEqual(['Theirs']);
  });
});

describe('the evidence list pages', () => {
  it('pages oldest first with a cursor, searches page by page, and refuses a forged cursor', async () => {
    // Prepare: five interviews in a report of their own
    const org = await api('POST', '/api/organizations', { name: `Pages Org ${randomUUID().slice(0, 6)}` });
    const report = (await api('POST', '/api/reports', { title: 'Pages', organization_id: org.body.id, owner: 'Ann' })).body.id;
    for (let i = 0; i < 5; i++) {
      await api('POST', `/api/reports/${report}/evidence/interview`, { title: `Interview ${i}`, content: `Notes ${i}: ${i % 2 ? 'warehouse costs rose sharply' : 'customers stayed loyal'}.` });
    }
    // Act
    const titles: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: any = await api('GET', `/api/reports/${report}/evidence?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      titles.push(...page.body.items.map((i: any) => i.title));
      cursor = page.body.next_cursor;
      pages++;
    } while (cursor);
    const firstHit = await api('GET', `/api/reports/${report}/evidence?q=warehouse&limit=1`);
    const secondHit = await api('GET', `/api/reports/${report}/evidence?q=warehouse&limit=1&cursor=${firstHit.body.next_cursor}`);
    const forged = await api('GET', `/api/reports/${report}/evidence?cursor=${Buffer.from('REPORT#other').toString('base64url')}`);
    const tooMany = await api('GET', `/api/reports/${report}/evidence?limit=5000`);
    // Assess
    expect(pages).toBe(3);
    expect(titles).toEqual(['Interview 0', 'Interview 1', 'Interview 2', 'Interview 3', 'Interview 4']);
    expect(firstHit.body.items.map((i: any) => i.title)).toEqual(['Interview 1']);
    expect(secondHit.body.items.map((i: any) => i.title)).toEqual(['Interview 3']);
    expect(forged.status).toBe(400);
    expect(tooMany.status).toBe(400);
  });
});
