import { randomUUID } from 'node:crypto';
import { GetObjectCommand, PutObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { routeList } from '@shared/api/routes';
import { fillPath } from '@shared/api/route-types';
import { s3Client, tableClient } from '../helpers/emulator-clients';
import { http, registerAndLogin } from '../helpers/http';

const stack = inject('stack');
const gw = stack.urls.gateway;
const db = tableClient(stack);
const s3 = s3Client(stack);
let token: string;
let username: string;

const api = <T = any>(method: string, path: string, body?: unknown, as = token) => http<T>(gw, method, path, { token: as, body });

async function newOrg(overrides: Record<string, unknown> = {}) {
  const res = await api('POST', '/api/organizations', { name: `Org ${randomUUID().slice(0, 8)}`, ...overrides });
  expect(res.status).toBe(200);
  return res.body.id as string;
}
async function newReport(organization_id: string, title = `Report ${randomUUID().slice(0, 8)}`) {
  const res = await api('POST', '/api/reports', { title, organization_id, owner: 'Jane Consultant' });
  expect(res.status).toBe(200);
  return res.body.id as string;
}

beforeAll(async () => {
  const session = await registerAndLogin(gw, 'dash');
  token = session.token;
  username = session.user.username;
});

describe('every route except sign-in, register, reset, refresh and health needs a valid access token', () => {
  const guarded = routeList.filter((r) => r.auth === 'user' && !r.path.startsWith('/api/auth'));
  it.each(guarded.map((r) => [r.id, r] as const))('%s answers 401 without one', async (_id, route) => {
    const params = Object.fromEntries([...route.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, randomUUID()]));
    const path = fillPath(route.path, params);
    const res = await http(gw, route.method, path, { body: route.body ? {} : undefined });
    expect(res.status).toBe(401);
  });
});

describe('organizations', () => {
  it('creates one with the spec defaults, storing sector and FY start in one canonical form', async () => {
    // Act
    const created = await api('POST', '/api/organizations', { name: '  Northwind Traders  ' });
    const org = await api('GET', `/api/organizations/${created.body.id}`);
    // Assess
    expect(created.body).toMatchObject({ success: true, id: expect.stringMatching(/^[0-9a-f-]{36}$/), version: 1 });
    expect(org.body).toMatchObject({
      name: 'Northwind Traders',
      sector: 'other',
      fy_start: 'january',
      currency: 'USD',
      geography: '',
      brand_settings: {},
      report_count: 0,
      created_by: username,
      updated_by: username,
      version: 1,
    });
  });

  it('accepts both the dashboard and the wizard spellings', async () => {
    const a = await newOrg({ sector: 'Technology', fy_start: 'April', currency: 'gbp' });
    const b = await newOrg({ sector: 'technology', fy_start: 'april', currency: 'GBP' });
    const [ga, gb] = await Promise.all([api('GET', `/api/organizations/${a}`), api('GET', `/api/organizations/${b}`)]);
    expect([ga.body.sector, ga.body.fy_start, ga.body.currency]).toEqual(['technology', 'april', 'GBP']);
    expect([gb.body.sector, gb.body.fy_start, gb.body.currency]).toEqual(['technology', 'april', 'GBP']);
  });

  it.each([
    [{}, 'name is required'],
    [{ name: '   ' }, 'name is required'],
    [{ name: 'X', sector: 'Aerospace' }, 'sector must be one of: technology, healthcare, finance, retail, manufacturing, other'],
    [{ name: 'X', fy_start: 'March' }, 'fy_start must be one of: january, april, july, october'],
    [{ name: 'X', currency: 'JPY' }, 'currency must be one of: USD, EUR, GBP, CAD, INR'],
    [{ name: 'X', brand_settings: { primaryColor: 'blue' } }, 'brand_settings.primaryColor must be a colour like #1e293b'],
    [{ name: 'X', geography: 42 }, 'geography: Invalid input: expected string, received number'],
  ])('refuses %j with 400: %s', async (body, detail) => {
    const res = await api('POST', '/api/organizations', body);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(detail);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await api('GET', `/api/organizations/${randomUUID()}`)).status).toBe(404);
    const bad = await api('GET', '/api/organizations/not-a-uuid');
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('id must be a UUID');
  });

  it('pages through all organizations by name with a cursor, and reports the total', async () => {
    for (let i = 0; i < 3; i++) await newOrg({ name: `Pager ${i} ${randomUUID().slice(0, 4)}` });
    const seen: string[] = [];
    let cursor: string | null = null;
    let total = 0;
    do {
      const page: any = await api('GET', `/api/organizations?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.items.map((o: { name: string }) => o.name));
      cursor = page.body.next_cursor;
      total = page.body.total;
    } while (cursor);
    expect(seen.length).toBe(total);
    expect(new Set(seen).size).toBe(seen.length);
    // DynamoDB orders the sort key by its bytes: the lower-cased names in code-unit order
    const lower = seen.map((n) => n.toLowerCase());
    expect(lower).toEqual([...lower].sort());
  });

  it('refuses a forged cursor and bad limits with 400', async () => {
    expect((await api('GET', '/api/organizations?cursor=bm90LWpzb24')).body.detail).toBe('cursor is not valid; start again from the first page');
    expect((await api('GET', '/api/organizations?limit=0')).body.detail).toBe('limit must be at least 1');
    expect((await api('GET', '/api/organizations?limit=500')).status).toBe(400);
  });

  it('updates with the current version, and refuses a stale one with 409 without overwriting', async () => {
    // Prepare
    const id = await newOrg({ name: 'Versioned Co' });
    const payload = { name: 'Versioned Co', sector: 'Finance', geography: 'UK', fy_start: 'July', currency: 'EUR', brand_settings: { primaryColor: '#112233' } };
    // Act
    const first = await api('PUT', `/api/organizations/${id}`, { ...payload, version: 1 });
    const stale = await api('PUT', `/api/organizations/${id}`, { ...payload, geography: 'France', version: 1 });
    const now = await api('GET', `/api/organizations/${id}`);
    // Assess
    expect(first.body).toEqual({ success: true, version: 2 });
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toMatch(/was changed by .* after you opened it/);
    expect(now.body).toMatchObject({ geography: 'UK', sector: 'finance', fy_start: 'july', currency: 'EUR', brand_settings: { primaryColor: '#112233' }, version: 2 });
  });

  it('defaults brand_settings to {} on update, and wants a version', async () => {
    const id = await newOrg({ name: 'Brandless', brand_settings: { primaryColor: '#000000' } });
    const res = await api('PUT', `/api/organizations/${id}`, { name: 'Brandless', sector: 'Retail', geography: '', fy_start: 'January', currency: 'USD', version: 1 });
    expect(res.status).toBe(200);
    expect((await api('GET', `/api/organizations/${id}`)).body.brand_settings).toEqual({});
    const noVersion = await api('PUT', `/api/organizations/${id}`, { name: 'Brandless' });
    expect(noVersion.status).toBe(400);
    expect(noVersion.body.detail).toBe('version is required');
    expect((await api('PUT', `/api/organizations/${randomUUID()}`, { name: 'Ghost', version: 1 })).status).toBe(404);
  });

  it('refuses to delete an organization that reports use, saying why; deletes it once they are gone', async () => {
    const id = await newOrg({ name: 'Busy Org' });
    const report = await newReport(id);
    const refused = await api('DELETE', `/api/organizations/${id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe('Busy Org cannot be deleted: 1 report uses it. Delete those reports first.');
    expect((await api('DELETE', `/api/reports/${report}`)).status).toBe(200);
    expect((await api('DELETE', `/api/organizations/${id}`)).body).toEqual({ success: true });
    expect((await api('GET', `/api/organizations/${id}`)).status).toBe(404);
    expect((await api('DELETE', `/api/organizations/${id}`)).status).toBe(404);
  });
});

describe('reports', () => {
  let orgId: string;
  beforeAll(async () => {
    orgId = await newOrg({ name: 'Reports Org' });
  });

  it('creates a Draft report for an existing organization and records who did it', async () => {
    const id = await newReport(orgId, 'Operating model review');
    const report = await api('GET', `/api/reports/${id}`);
    expect(report.body).toMatchObject({ id, title: 'Operating model review', owner: 'Jane Consultant', status: 'Draft', organization_id: orgId, created_by: username, updated_by: username, version: 1 });
    expect((await api('GET', `/api/organizations/${orgId}`)).body.report_count).toBeGreaterThanOrEqual(1);
  });

  it('refuses a report for an organization that does not exist, and bad input', async () => {
    const ghost = await api('POST', '/api/reports', { title: 'T', organization_id: randomUUID(), owner: 'O' });
    expect(ghost.status).toBe(400);
    expect(ghost.body.detail).toBe('organization_id does not match any organization');
    const missing = await api('POST', '/api/reports', { organization_id: orgId });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toBe('title is required; owner is required');
    expect((await api('GET', `/api/reports/${randomUUID()}`)).status).toBe(404);
  });

  it('lists most recently updated first, with firm-wide totals and per-status counts that add up', async () => {
    const a = await newReport(orgId, 'Older');
    const b = await newReport(orgId, 'Newer');
    const page = await api('GET', '/api/reports?limit=2');
    expect(page.body.items.map((r: { id: string }) => r.id)).toEqual([b, a]);
    const { counts, total } = page.body;
    expect(total).toBe(counts.total);
    expect(counts.Draft + counts['In Review'] + counts.Final).toBe(counts.total);
    expect(page.body.next_cursor).toEqual(expect.any(String));
    const next = await api('GET', `/api/reports?limit=2&cursor=${page.body.next_cursor}`);
    expect(next.body.items.map((r: { id: string }) => r.id)).not.toContain(b);
  });

  it('cycles the status, moves the counts, filters by status, and bumps the version', async () => {
    // Prepare
    const id = await newReport(orgId, 'Cycling');
    const before = (await api('GET', '/api/reports?limit=1')).body.counts;
    // Act
    const review = await api('PUT', `/api/reports/${id}/status?status=In%20Review`);
    // nothing written: Final by the lead's override (Final's gate is the reviews' tests')
    const final = await api('PUT', `/api/reports/${id}/status?status=Final&version=2&override_reason=fixture`);
    const after = (await api('GET', '/api/reports?limit=1')).body.counts;
    const finals = await api('GET', '/api/reports?status=Final&limit=100');
    // Assess
    expect(review.body).toMatchObject({ success: true, status: 'In Review', version: 2 });
    expect(final.body).toMatchObject({ success: true, status: 'Final', version: 3 });
    expect(after.Draft).toBe(before.Draft - 1);
    expect(after.Final).toBe(before.Final + 1);
    expect(after.total).toBe(before.total);
    expect(finals.body.items.map((r: { id: string }) => r.id)).toContain(id);
    expect(finals.body.items.every((r: { status: string }) => r.status === 'Final')).toBe(true);
  });

  it('refuses a stale version with 409, an unknown status with 400 and an unknown report with 404', async () => {
    const id = await newReport(orgId);
    await api('PUT', `/api/reports/${id}/status?status=Final&override_reason=fixture`);
    const stale = await api('PUT', `/api/reports/${id}/status?status=Draft&version=1`);
    expect(stale.status).toBe(409);
    expect((await api('GET', `/api/reports/${id}`)).body.status).toBe('Final');
    const bad = await api('PUT', `/api/reports/${id}/status?status=Archived`);
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('status must be one of: Draft, In Review, Final');
    expect((await api('PUT', `/api/reports/${id}/status`)).status).toBe(400);
    expect((await api('PUT', `/api/reports/${randomUUID()}/status?status=Final`)).status).toBe(404);
  });

  it('deletes a report with everything under it: no item and no S3 object is left', async () => {
    // Prepare: a report with progress, evidence records and files (as later features store them)
    const id = await newReport(orgId, 'Doomed');
    const partition = `REPORT#${id}`;
    for (const SK of ['PROGRESS', 'EVIDENCE#e1', 'EVIDENCE#e2', 'SECTION#summary', 'SAVED#snap-1']) {
      await db.send(new PutCommand({ TableName: stack.tableName, Item: { PK: partition, SK, data: 'x' } }));
    }
    for (const key of ['evidence/e1/report.pdf', 'evidence/e2/notes.txt', 'progress/blob.json', 'saved/snap-1.json']) {
      await s3.send(new PutObjectCommand({ Bucket: stack.bucketName, Key: `reports/${id}/${key}`, Body: 'content' }));
    }
    const neighbour = await newReport(orgId, 'Neighbour');
    await s3.send(new PutObjectCommand({ Bucket: stack.bucketName, Key: `reports/${neighbour}/evidence/keep.txt`, Body: 'keep' }));
    const countsBefore = (await api('GET', '/api/reports?limit=1')).body.counts;
    const orgBefore = (await api('GET', `/api/organizations/${orgId}`)).body.report_count;
    // Act
    const res = await api('DELETE', `/api/reports/${id}`);
    // Assess
    expect(res.body).toEqual({ success: true });
    const items = await db.send(new QueryCommand({ TableName: stack.tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': partition } }));
    expect(items.Items).toEqual([]);
    const objects = await s3.send(new ListObjectsV2Command({ Bucket: stack.bucketName, Prefix: `reports/${id}/` }));
    expect(objects.Contents ?? []).toEqual([]);
    const kept = await s3.send(new GetObjectCommand({ Bucket: stack.bucketName, Key: `reports/${neighbour}/evidence/keep.txt` }));
    expect(await kept.Body?.transformToString()).toBe('keep');
    const countsAfter = (await api('GET', '/api/reports?limit=1')).body.counts;
    expect(countsAfter.total).toBe(countsBefore.total - 1);
    expect(countsAfter.Draft).toBe(countsBefore.Draft - 1);
    expect((await api('GET', `/api/organizations/${orgId}`)).body.report_count).toBe(orgBefore - 1);
    expect((await api('GET', `/api/reports/${id}`)).status).toBe(404);
    expect((await api('DELETE', `/api/reports/${id}`)).status).toBe(404);
  });

  it('reports the DynamoDB capacity a request consumed (local metering)', async () => {
    const res = await api('GET', '/api/reports?limit=5');
    expect(Number(res.headers.get('x-assay-consumed-rcu'))).toBeGreaterThan(0);
  });
});

describe('the signed-in user\'s report order', () => {
  it('is kept per user', async () => {
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    const saved = await api('PUT', '/api/me/report-order', { report_ids: [ids[2], ids[0], ids[1], ids[0]] });
    expect(saved.body).toEqual({ report_ids: [ids[2], ids[0], ids[1]] });
    expect((await api('GET', '/api/me/report-order')).body).toEqual({ report_ids: [ids[2], ids[0], ids[1]] });
    const other = await registerAndLogin(gw, 'order');
    expect((await api('GET', '/api/me/report-order', undefined, other.token)).body).toEqual({ report_ids: [] });
    const stored = await db.send(new GetCommand({ TableName: stack.tableName, Key: { PK: `USER#${username}`, SK: 'PREFS' } }));
    expect(stored.Item?.report_order).toHaveLength(3);
  });

  it('refuses ids that are not UUIDs and lists that are too long', async () => {
    expect((await api('PUT', '/api/me/report-order', { report_ids: ['nope'] })).status).toBe(400);
    const tooMany = await api('PUT', '/api/me/report-order', { report_ids: Array.from({ length: 501 }, () => randomUUID()) });
    expect(tooMany.status).toBe(400);
  });
});
