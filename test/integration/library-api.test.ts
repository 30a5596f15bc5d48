/**
 * The client evidence library through the gateway: evidence belongs to the client, reports refer to
 * it; references survive a report's deletion; duplicates are found on upload and can be replaced by the existing
 * item; deleting a used item names the reports and citations that break; a confidential client's library is
 * hidden from outsiders; evidence kept in reports' partitions before the library is migrated and reads the same.
 */
import { randomUUID } from 'node:crypto';
import { ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { BANDS, contentHash, signature } from '../../functions/domain/evidence/duplicates';
import { uuidv7 } from '../../functions/lib/uuidv7';
import { s3Client, tableClient } from '../helpers/emulator-clients';
import { http, registerAndLogin } from '../helpers/http';
import { runMigration } from '../helpers/migrations';

const stack = inject('stack');
const gw = stack.urls.gateway;
const s3 = s3Client(stack);
const db = tableClient(stack);
let token: string;

const api = <T = any>(method: string, path: string, body?: unknown) => http<T>(gw, method, path, { token, body });

async function newClient(name: string) {
  const org = await api('POST', '/api/organizations', { name: `${name} ${randomUUID().slice(0, 6)}`, sector: 'retail' });
  return org.body.id as string;
}
async function newReport(orgId: string, title: string) {
  return (await api('POST', '/api/reports', { title, organization_id: orgId, owner: 'Ann' })).body.id as string;
}
async function upload(ref: string, name: string, text: string) {
  const form = new FormData();
  form.set('file', new Blob([new TextEncoder().encode(text)]), name);
  form.set('report_id', ref);
  const res = await fetch(`${gw}/api/files/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: (await res.json()) as any };
}
async function objectsUnder(prefix: string) {
  const out = await s3.send(new ListObjectsV2Command({ Bucket: stack.bucketName, Prefix: prefix }));
  return (out.Contents ?? []).map((o) => o.Key!);
}
const titles = (res: { body: { items: { title: string }[] } }) => res.body.items.map((i) => i.title).sort();
/** A client's duplicate index as stored: its entries' sort keys and the ids each holds. */
async function duplicateIndex(org: string) {
  const out = await db.send(new QueryCommand({ TableName: stack.tableName, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)', ExpressionAttributeValues: { ':pk': `ORG#${org}`, ':sk': 'DUP' } }));
  return (out.Items ?? []).map((i) => ({ sk: String(i.SK), ids: [...((i.ids as Set<string> | undefined) ?? [])].sort() }));
}
const migrate = (script: string) => runMigration(stack, script);

const NOTES = 'Revenue grew 12% to 480 million in fiscal 2025 while EBITDA margin improved to 18%. Customer churn rose to 9% in the SME segment after the price increase. The warehouse in Leeds ran at 96% of its capacity for most of the year.';

beforeAll(async () => {
  token = (await registerAndLogin(gw, 'library')).token;
});

describe("a client's evidence library", () => {
  it('lists the items of all the client\'s reports with the reports that use them; a take adds a reference, never a copy', async () => {
    // Prepare: two reports of one client, one item uploaded to the first
    const org = await newClient('Library Org');
    const first = await newReport(org, 'Assessment 2025');
    const second = await newReport(org, 'Assessment 2026');
    const item = (await api('POST', `/api/reports/${first}/evidence/interview`, { title: 'CFO interview', content: NOTES, source: 'CFO' })).body.evidence;
    // Act
    const taken = await api('POST', `/api/reports/${second}/evidence/references`, { evidence_ids: [item.id] });
    const again = await api('POST', `/api/reports/${second}/evidence/references`, { evidence_ids: [item.id] });
    const library = await api('GET', `/api/organizations/${org}/evidence`);
    // Assess: one library item, used by both reports, read by the second as its own
    expect(taken.status).toBe(200);
    expect(taken.body).toMatchObject({ success: true, added: 1, items: [{ id: item.id, title: 'CFO interview', report_id: second }] });
    expect(again.body.added).toBe(0);
    expect(library.body.items).toHaveLength(1);
    expect(library.body.items[0].used_by.map((u: { title: string }) => u.title).sort()).toEqual(['Assessment 2025', 'Assessment 2026']);
    const read = await api('GET', `/api/reports/${second}/evidence/${item.id}`);
    expect(read.body.textContent).toBe(NOTES);
    // an edit of the item is seen through every report (it is one item)
    expect((await api('PATCH', `/api/reports/${second}/evidence/${item.id}`, { title: 'CFO interview (March)', version: 1 })).status).toBe(200);
    expect((await api('GET', `/api/reports/${first}/evidence/${item.id}`)).body.title).toBe('CFO interview (March)');
    const stored = await db.send(new QueryCommand({ TableName: stack.tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `REPORT#${second}` } }));
    const ref = stored.Items!.find((i) => String(i.SK).startsWith('EVREF#'))!;
    expect(ref.text).toBeUndefined();
    expect(ref).toMatchObject({ SK: `EVREF#${item.id}`, organization_id: org });
  });

  it('keeps the items when a report is deleted: the other reports and the library still have them', async () => {
    // Prepare
    const org = await newClient('Survive Org');
    const first = await newReport(org, 'Old report');
    const second = await newReport(org, 'New report');
    const file = (await upload(first, 'kpis.txt', NOTES)).body.evidence;
    await api('POST', `/api/reports/${second}/evidence/references`, { evidence_ids: [file.id] });
    // Act
    expect((await api('DELETE', `/api/reports/${first}`)).status).toBe(200);
    // Assess
    expect(titles(await api('GET', `/api/reports/${second}/evidence`))).toEqual(['kpis.txt']);
    const library = await api('GET', `/api/organizations/${org}/evidence`);
    expect(library.body.items.map((i: { id: string; used_by: { title: string }[] }) => [i.id, i.used_by.map((u) => u.title)])).toEqual([[file.id, ['New report']]]);
    expect(await objectsUnder(`clients/${org}/evidence/${file.id}/`)).toContain(`clients/${org}/evidence/${file.id}/original`);
    // and once the last report is gone too, the client's library still holds it
    await api('DELETE', `/api/reports/${second}`);
    expect((await api('GET', `/api/organizations/${org}/evidence`)).body.items.map((i: { id: string; used_by: unknown[] }) => [i.id, i.used_by])).toEqual([[file.id, []]]);
    // a new report can take it from the library
    const third = await newReport(org, 'Third report');
    expect((await api('POST', `/api/reports/${third}/evidence/references`, { evidence_ids: [file.id] })).body.added).toBe(1);
    expect(titles(await api('GET', `/api/reports/${third}/evidence`))).toEqual(['kpis.txt']);
  });

  it('filters by type, day added, report and dimension, and refuses bad filters', async () => {
    const org = await newClient('Filter Org');
    const a = await newReport(org, 'Report A');
    const b = await newReport(org, 'Report B');
    const interview = (await api('POST', `/api/reports/${a}/evidence/interview`, { title: 'Interview A', content: NOTES })).body.evidence;
    await upload(b, 'b.txt', 'Photos of the garden, the lake and the old oak tree.');
    await api('PATCH', `/api/reports/${a}/evidence/${interview.id}`, { linkedDimensions: ['Risks & Compliance'], version: 1 });
    const today = new Date().toISOString().slice(0, 10);
    const list = (query: string) => api('GET', `/api/organizations/${org}/evidence${query}`);
    expect(titles(await list(''))).toEqual(['Interview A', 'b.txt']);
    expect(titles(await list('?type=file'))).toEqual(['b.txt']);
    expect(titles(await list(`?report=${a}`))).toEqual(['Interview A']);
    expect(titles(await list(`?dimension=${encodeURIComponent('Risks & Compliance')}`))).toEqual(['Interview A']);
    expect(titles(await list(`?from=${today}&to=${today}`))).toEqual(['Interview A', 'b.txt']);
    expect(titles(await list('?to=2000-01-01'))).toEqual([]);
    expect((await list('')).body.reports.map((r: { title: string }) => r.title)).toEqual(['Report A', 'Report B']);
    const bad = await Promise.all([list('?type=video'), list('?from=yesterday'), list('?from=2025-02-01&to=2025-01-01'), list('?dimension=Astrology')]);
    expect(bad.map((r) => r.status)).toEqual([400, 400, 400, 400]);
    expect(bad.every((r) => typeof r.body.detail === 'string')).toBe(true);
    expect((await api('GET', `/api/organizations/${randomUUID()}/evidence`)).status).toBe(404);
  });

  it('refuses to take an item of another client, or one that does not exist', async () => {
    const org = await newClient('Own Org');
    const other = await newClient('Other Org');
    const report = await newReport(org, 'Mine');
    const theirs = (await api('POST', `/api/reports/${await newReport(other, 'Theirs')}/evidence/interview`, { title: 'Their notes', content: NOTES })).body.evidence;
    expect((await api('POST', `/api/reports/${report}/evidence/references`, { evidence_ids: [theirs.id] })).status).toBe(404);
    expect((await api('POST', `/api/reports/${report}/evidence/references`, { evidence_ids: [randomUUID()] })).status).toBe(404);
    const empty = await api('POST', `/api/reports/${report}/evidence/references`, { evidence_ids: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.detail).toContain('evidence_ids');
    expect((await api('GET', `/api/reports/${report}/evidence`)).body.items).toEqual([]);
  });
});

describe('duplicates found on upload', () => {
  it('offers the existing item for the same content and for nearly the same text, and replaces the new upload with it', async () => {
    // Prepare: a client whose library holds one file (uploaded to another report)
    const org = await newClient('Dup Org');
    const first = await newReport(org, 'First');
    const second = await newReport(org, 'Second');
    const original = (await upload(first, 'annual.txt', NOTES)).body;
    expect(original.duplicate).toBeUndefined();
    // Act: the same file, then nearly the same text as notes
    const same = await upload(second, 'annual-copy.txt', NOTES);
    const near = await api('POST', `/api/reports/${second}/evidence/interview`, { title: 'Notes', content: `${NOTES} The CFO expects the same next year.` });
    const different = await api('POST', `/api/reports/${second}/evidence/interview`, { title: 'Other', content: 'Staff turnover fell to 11% after the new onboarding programme started in spring.' });
    // Assess
    expect(same.body.duplicate).toEqual({ id: original.evidence.id, title: 'annual.txt', kind: 'same_content', similarity: 1 });
    expect(near.body.duplicate).toMatchObject({ id: original.evidence.id, kind: 'similar_text' });
    expect(near.body.duplicate.similarity).toBeGreaterThanOrEqual(0.8);
    expect(different.body.duplicate).toBeUndefined();
    // the offer taken: the copy goes, the existing item is used instead
    const reuse = await api('POST', `/api/reports/${second}/evidence/references`, { evidence_ids: [original.evidence.id], replace: same.body.evidence.id });
    expect(reuse.body.added).toBe(1);
    expect(titles(await api('GET', `/api/reports/${second}/evidence`))).toEqual(['Notes', 'Other', 'annual.txt']);
    expect(titles(await api('GET', `/api/organizations/${org}/evidence`))).toEqual(['Notes', 'Other', 'annual.txt']);
    expect(await objectsUnder(`clients/${org}/evidence/${same.body.evidence.id}/`)).toEqual([]);
    // replace cannot name an item it takes
    expect((await api('POST', `/api/reports/${second}/evidence/references`, { evidence_ids: [original.evidence.id], replace: original.evidence.id })).status).toBe(400);
  });

  it('lists each item in the client\'s duplicate index, out of the library\'s sight; once the original is deleted a re-upload is not flagged', async () => {
    // Prepare: one file in a client's library
    const org = await newClient('Dup Delete Org');
    const report = await newReport(org, 'Report');
    const original = (await upload(report, 'annual.txt', NOTES)).body.evidence;
    const listed = await duplicateIndex(org);
    // Assess: its content hash and each of its bands hold its id; the library and its counts show the item alone
    expect(listed.filter((e) => e.sk.startsWith('DUPHASH#'))).toEqual([{ sk: `DUPHASH#${contentHash(new TextEncoder().encode(NOTES))}`, ids: [original.id] }]);
    expect(listed.filter((e) => e.sk.startsWith('DUPBAND#'))).toHaveLength(BANDS);
    expect(listed.every((e) => e.ids.join() === original.id)).toBe(true);
    const library = await api('GET', `/api/organizations/${org}/evidence`);
    expect(library.body.items.map((i: { id: string }) => i.id)).toEqual([original.id]);
    expect(library.body.reports.map((r: { report_id: string }) => r.report_id)).toEqual([report]);
    // Act: the original deleted (its last use: the library item goes), then the same file and nearly the same text again
    expect((await api('DELETE', `/api/reports/${report}/evidence/${original.id}`)).status).toBe(200);
    const indexAfterDelete = await duplicateIndex(org);
    const again = await upload(report, 'annual.txt', NOTES);
    const near = await api('POST', `/api/reports/${report}/evidence/interview`, { title: 'Notes', content: `${NOTES} The CFO expects the same next year.` });
    // Assess: nothing of the original is left in the index, so neither is flagged as its duplicate
    expect(indexAfterDelete).toEqual([]);
    expect(again.status).toBe(200);
    expect(again.body.duplicate).toBeUndefined();
    // (the re-upload itself is in the library now: the notes duplicate it, not the deleted original)
    expect(near.body.duplicate).toMatchObject({ id: again.body.evidence.id, kind: 'similar_text' });
    // deleted from the library page (the other way to delete), the item leaves no index entry of its own either
    expect((await api('DELETE', `/api/organizations/${org}/evidence/${again.body.evidence.id}`)).status).toBe(200);
    expect((await duplicateIndex(org)).flatMap((e) => e.ids)).not.toContain(again.body.evidence.id);
    expect((await duplicateIndex(org)).every((e) => e.ids.join() === near.body.evidence.id)).toBe(true);
    expect((await upload(report, 'annual-3.txt', NOTES)).body.duplicate).toMatchObject({ id: near.body.evidence.id, kind: 'similar_text' });
  });

  it('lists evidence added under a wizard placeholder once setup claims it into the client\'s library', async () => {
    // Prepare: a file uploaded before the report existed (a placeholder has no library: nothing to compare or list)
    const org = await newClient('Dup Claim Org');
    const report = await newReport(org, 'Report');
    const placeholder = `temp-${randomUUID()}`;
    const early = await upload(placeholder, 'early.txt', NOTES);
    expect(early.status).toBe(200);
    expect(await duplicateIndex(org)).toEqual([]);
    // Act: claimed by the new report, then the same file uploaded to it again
    expect((await api('POST', `/api/reports/${report}/evidence/claim`, { placeholder_id: placeholder })).body.moved).toBe(1);
    const again = await upload(report, 'early-again.txt', NOTES);
    // Assess
    expect(again.body.duplicate).toEqual({ id: early.body.evidence.id, title: 'early.txt', kind: 'same_content', similarity: 1 });
  });

  it('finds a library item written before the duplicate index once the migration has listed it (and a second run lists nothing)', async () => {
    // Prepare: a library item in the shape before the index (fingerprints, no dup_bands, no index entries), used by no report
    const org = await newClient('Dup Legacy Org');
    const report = await newReport(org, 'Report');
    const text = `${NOTES} Inventory turns slowed to 5.1 as the Leeds warehouse filled up.`;
    const id = uuidv7(Date.now() - 60_000);
    const at = new Date(Date.now() - 60_000).toISOString();
    await db.send(
      new PutCommand({
        TableName: stack.tableName,
        Item: {
          PK: `ORG#${org}`, SK: `EVIDENCE#${id}`, entity: 'Evidence', id, report_id: report, organization_id: org, type: 'file', title: 'old-kpis.txt', source: 'old-kpis.txt', content: '',
          tags: [], linkedDimensions: [], relevanceScore: 0.5, status: 'analyzed', fileSize: text.length, fileType: 'text/plain', aiInsights: [], business_dimensions: [],
          text_chars: text.length, text, content_hash: contentHash(new TextEncoder().encode(text)), text_signature: signature(text), created_at: at, updated_at: at, created_by: 'x', version: 1,
        },
      }),
    );
    // an upload before the migration does not see it (the index is all the check reads); it goes again
    const before = await upload(report, 'kpis-before.txt', text);
    expect(before.body.duplicate).toBeUndefined();
    expect((await api('DELETE', `/api/reports/${report}/evidence/${before.body.evidence.id}`)).status).toBe(200);
    // Act: the migrations, as npm start runs them
    const first = await migrate('scripts/migrate-duplicate-index.ts');
    const second = await migrate('scripts/migrate-duplicate-index.ts');
    const same = await upload(report, 'kpis-again.txt', text);
    const near = await api('POST', `/api/reports/${report}/evidence/interview`, { title: 'KPI notes', content: `${text} Stock counts are weekly.` });
    // Assess
    expect(first.stdout).toContain(`client ${org}: 1 library items listed`);
    expect(second.stdout).not.toContain(`client ${org}`);
    expect(same.body.duplicate).toEqual({ id, title: 'old-kpis.txt', kind: 'same_content', similarity: 1 });
    expect(near.body.duplicate).toMatchObject({ id, title: 'old-kpis.txt', kind: 'similar_text' });
    const item = await db.send(new GetCommand({ TableName: stack.tableName, Key: { PK: `ORG#${org}`, SK: `EVIDENCE#${id}` } }));
    expect(item.Item!.dup_bands).toHaveLength(BANDS);
    expect((await duplicateIndex(org)).find((e) => e.sk === `DUPHASH#${contentHash(new TextEncoder().encode(text))}`)!.ids).toEqual([id, same.body.evidence.id].sort());
    // the library lists its three items, and nothing of the index
    expect(titles(await api('GET', `/api/organizations/${org}/evidence`))).toEqual(['KPI notes', 'kpis-again.txt', 'old-kpis.txt']);
  });
});

describe('deleting a library item that reports use', () => {
  it('lists the reports and the citations that would break, then deletes it and leaves the citations marked broken', async () => {
    // Prepare: an item used by two reports, cited in one
    const org = await newClient('Delete Org');
    const cited = await newReport(org, 'Cited report');
    const plain = await newReport(org, 'Plain report');
    const item = (await api('POST', `/api/reports/${cited}/evidence/interview`, { title: 'Churn notes', content: NOTES })).body.evidence;
    await api('POST', `/api/reports/${plain}/evidence/references`, { evidence_ids: [item.id] });
    const quote = 'Customer churn rose to 9%';
    const start = NOTES.indexOf(quote);
    const saved = await api('PUT', `/api/reports/${cited}/sections/conclusion`, {
      content: 'Churn is rising [@c1].',
      citations: [{ id: 'c1', evidence_id: item.id, start, end: start + quote.length, quote }],
      version: 0,
    });
    expect(saved.status).toBe(200);
    // Act
    const usage = await api('GET', `/api/organizations/${org}/evidence/${item.id}/usage`);
    const deleted = await api('DELETE', `/api/organizations/${org}/evidence/${item.id}`);
    // Assess
    expect(usage.body.reports.map((r: { title: string; places: { citation_id: string }[] }) => [r.title, r.places.map((p) => p.citation_id)])).toEqual([
      ['Cited report', ['c1']],
      ['Plain report', []],
    ]);
    expect(deleted.body).toEqual({ success: true, reports: 2 });
    expect((await api('GET', `/api/organizations/${org}/evidence`)).body.items).toEqual([]);
    expect((await api('GET', `/api/reports/${plain}/evidence`)).body.items).toEqual([]);
    const section = await api('GET', `/api/reports/${cited}/sections/conclusion`);
    expect(section.body.citations[0]).toMatchObject({ id: 'c1', broken: true, source_title: 'Churn notes' });
    expect((await api('GET', `/api/organizations/${org}/evidence/${item.id}/usage`)).status).toBe(404);
    expect((await api('DELETE', `/api/organizations/${org}/evidence/${item.id}`)).status).toBe(404);
  });

  it("deleting it from one report takes it out of that report only while another report uses it", async () => {
    const org = await newClient('Unlink Org');
    const a = await newReport(org, 'A');
    const b = await newReport(org, 'B');
    const item = (await upload(a, 'shared.txt', NOTES)).body.evidence;
    await api('POST', `/api/reports/${b}/evidence/references`, { evidence_ids: [item.id] });
    expect((await api('DELETE', `/api/reports/${a}/evidence/${item.id}`)).status).toBe(200);
    expect((await api('GET', `/api/reports/${a}/evidence`)).body.items).toEqual([]);
    expect(titles(await api('GET', `/api/reports/${b}/evidence`))).toEqual(['shared.txt']);
    expect(await objectsUnder(`clients/${org}/evidence/${item.id}/`)).not.toEqual([]);
    // the last use deleted: the item goes with its files, as before the library
    expect((await api('DELETE', `/api/reports/${b}/evidence/${item.id}`)).status).toBe(200);
    expect((await api('GET', `/api/organizations/${org}/evidence`)).body.items).toEqual([]);
    expect(await objectsUnder(`clients/${org}/evidence/${item.id}/`)).toEqual([]);
  });
});

describe('a confidential client\'s library', () => {
  it('is hidden from someone outside its team (404), as if it did not exist', async () => {
    const org = await newClient('Secret Org');
    const report = await newReport(org, 'Secret report');
    const item = (await api('POST', `/api/reports/${report}/evidence/interview`, { title: 'Secret notes', content: NOTES })).body.evidence;
    expect((await api('PUT', `/api/organizations/${org}/confidential`, { confidential: true })).status).toBe(200);
    const outsider = await registerAndLogin(gw, 'outsider');
    const as = (method: string, path: string, body?: unknown) => http(gw, method, path, { token: outsider.token, body });
    const answers = await Promise.all([
      as('GET', `/api/organizations/${org}/evidence`),
      as('GET', `/api/organizations/${org}/evidence/${item.id}/usage`),
      as('DELETE', `/api/organizations/${org}/evidence/${item.id}`),
      as('POST', `/api/reports/${report}/evidence/references`, { evidence_ids: [item.id] }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404]);
    expect((await api('GET', `/api/organizations/${org}/evidence`)).body.items).toHaveLength(1);
  });
});

describe('migration of evidence kept in reports before the library', () => {
  it('moves old-shape items into the client library with references, and readers see the same evidence; a second run changes nothing', async () => {
    // Prepare: a report with two items in the old shape (one with its text in S3 and an original file), counted
    const org = await newClient('Legacy Org');
    const report = await newReport(org, 'Legacy report');
    const longText = Array.from({ length: 1500 }, (_, i) => `Paragraph ${i}: the depot network served ${i} stores.`).join('\n');
    const now = Date.now();
    const ids = [uuidv7(now), uuidv7(now + 1)];
    const base = { entity: 'Evidence', report_id: report, source: '', content: '', tags: ['legacy'], linkedDimensions: ['Operational Efficiency'], relevanceScore: 0.5, status: 'analyzed', aiInsights: [], business_dimensions: [], created_by: 'x', version: 1 };
    await s3.send(new PutObjectCommand({ Bucket: stack.bucketName, Key: `reports/${report}/evidence/${ids[0]}/original`, Body: longText, ContentType: 'text/plain' }));
    await s3.send(new PutObjectCommand({ Bucket: stack.bucketName, Key: `reports/${report}/evidence/${ids[0]}/text.txt`, Body: longText, ContentType: 'text/plain' }));
    const items = [
      { ...base, PK: `REPORT#${report}`, SK: `EVIDENCE#${ids[0]}`, id: ids[0], type: 'file', title: 'depots.txt', fileSize: longText.length, fileType: 'text/plain', text_chars: longText.length, object_key: `reports/${report}/evidence/${ids[0]}/original`, text_key: `reports/${report}/evidence/${ids[0]}/text.txt`, created_at: new Date(now).toISOString(), updated_at: new Date(now).toISOString() },
      { ...base, PK: `REPORT#${report}`, SK: `EVIDENCE#${ids[1]}`, id: ids[1], type: 'interview', title: 'Old interview', fileSize: null, fileType: null, text_chars: NOTES.length, text: NOTES, created_at: new Date(now + 1).toISOString(), updated_at: new Date(now + 1).toISOString() },
    ];
    for (const Item of items) await db.send(new PutCommand({ TableName: stack.tableName, Item }));
    await db.send(new PutCommand({ TableName: stack.tableName, Item: { PK: `REPORT#${report}`, SK: 'EVIDENCECOUNT', entity: 'EvidenceCount', evidence_count: 2 } }));
    // Act: the migration script, as npm start runs it
    const run = () => migrate('scripts/migrate-evidence-library.ts');
    const first = await run();
    const second = await run();
    // Assess: the report reads the same evidence, texts and all
    expect(first.stdout).toContain('2 evidence items');
    expect(second.stdout).toContain('0 evidence items');
    const list = await api('GET', `/api/reports/${report}/evidence`);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.items.map((i: { id: string; title: string; tags: string[]; report_id: string }) => [i.id, i.title, i.tags, i.report_id])).toEqual([
      [ids[0], 'depots.txt', ['legacy'], report],
      [ids[1], 'Old interview', ['legacy'], report],
    ]);
    expect((await api('GET', `/api/reports/${report}/evidence/${ids[0]}`)).body.textContent).toBe(longText);
    expect((await api('GET', `/api/reports/${report}/evidence/${ids[1]}`)).body.textContent).toBe(NOTES);
    expect((await api('GET', `/api/reports/${report}/evidence?q=${encodeURIComponent('served 1499 stores')}`)).body.items.map((i: { id: string }) => i.id)).toEqual([ids[0]]);
    // in the new shape: library items under the client, references in the report, files under the client
    const library = await api('GET', `/api/organizations/${org}/evidence`);
    expect(library.body.items.map((i: { id: string; used_by: { report_id: string }[] }) => [i.id, i.used_by.map((u) => u.report_id)])).toEqual([
      [ids[0], [report]],
      [ids[1], [report]],
    ]);
    const old = await db.send(new GetCommand({ TableName: stack.tableName, Key: { PK: `REPORT#${report}`, SK: `EVIDENCE#${ids[1]}` } }));
    expect(old.Item).toBeUndefined();
    const moved = await db.send(new GetCommand({ TableName: stack.tableName, Key: { PK: `ORG#${org}`, SK: `EVIDENCE#${ids[1]}` } }));
    expect(moved.Item).toMatchObject({ organization_id: org, text: NOTES });
    expect(moved.Item!.content_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await objectsUnder(`reports/${report}/evidence/`)).toEqual([]);
    expect((await objectsUnder(`clients/${org}/evidence/${ids[0]}/`)).sort()).toEqual([`clients/${org}/evidence/${ids[0]}/original`, `clients/${org}/evidence/${ids[0]}/text.txt`]);
    // the count still holds: deleting one and adding one work as before
    expect((await api('DELETE', `/api/reports/${report}/evidence/${ids[1]}`)).status).toBe(200);
    expect(titles(await api('GET', `/api/reports/${report}/evidence`))).toEqual(['depots.txt']);
    // and a duplicate of migrated evidence is found
    expect((await upload(report, 'depots-again.txt', longText)).body.duplicate).toMatchObject({ id: ids[0], kind: 'same_content' });
  });
});

describe("a client's deletion and its library", () => {
  it('is refused while the client has reports (the library untouched); once they are gone, the items and their files go with the client', async () => {
    // Prepare: a client whose report has an uploaded file and interview notes (both in the client's library)
    const org = await newClient('Leaving Org');
    const report = await newReport(org, 'Last assessment');
    const file = (await upload(report, 'kpis.txt', NOTES)).body.evidence;
    const notes = (await api('POST', `/api/reports/${report}/evidence/interview`, { title: 'CFO interview', content: NOTES, source: 'CFO' })).body.evidence;
    const libraryItems = async () =>
      (await db.send(new QueryCommand({ TableName: stack.tableName, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)', ExpressionAttributeValues: { ':pk': `ORG#${org}`, ':sk': 'EVIDENCE#' } }))).Items ?? [];
    expect((await libraryItems()).map((i) => i.id).sort()).toEqual([file.id, notes.id].sort());
    expect((await duplicateIndex(org)).length).toBeGreaterThan(BANDS);
    expect(await objectsUnder(`clients/${org}/evidence/${file.id}/`)).toContain(`clients/${org}/evidence/${file.id}/original`);

    // Act: delete the client while its report exists
    const refused = await api('DELETE', `/api/organizations/${org}`);
    // Assess: 409, and the library is untouched
    expect(refused.status, refused.text).toBe(409);
    expect(await libraryItems()).toHaveLength(2);
    expect(await objectsUnder(`clients/${org}/evidence/${file.id}/`)).not.toEqual([]);

    // Act: the report goes (its references with it, the client's items stay), then the client
    expect((await api('DELETE', `/api/reports/${report}`)).status).toBe(200);
    expect(titles(await api('GET', `/api/organizations/${org}/evidence`))).toEqual(['CFO interview', 'kpis.txt']);
    const deleted = await api('DELETE', `/api/organizations/${org}`);

    // Assess: the client, its library items, its duplicate index, its library's change counter and every file under it are gone
    expect(deleted.status, deleted.text).toBe(200);
    expect(await libraryItems()).toEqual([]);
    expect(await duplicateIndex(org)).toEqual([]);
    expect((await db.send(new GetCommand({ TableName: stack.tableName, Key: { PK: `ORG#${org}`, SK: 'LIBRARYCHANGES' } }))).Item).toBeUndefined();
    expect(await objectsUnder(`clients/${org}/`)).toEqual([]);
    expect((await api('GET', `/api/organizations/${org}`)).status).toBe(404);
  });
});
