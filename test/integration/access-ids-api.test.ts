/**
 * Ids checked wherever they arrive, one attack each, through the gateway, each reading the table
 * and the bucket afterwards to prove the refused request changed nothing:
 * - the claim of a report's evidence as if it were a placeholder (a removed member): 400, nothing moves; a claim
 *   that moves items is in the report's activity;
 * - a placeholder's evidence is its creator's: anyone else gets the answer of a placeholder with nothing in it;
 * - setup naming a confidential client answers exactly as for a missing one;
 * - a deleted client's audit log: 404 to everyone but administrators;
 * - deleting a client: its leads (or an administrator), never an editor;
 * - the firm-wide audit log names a confidential client to an administrator outside its team only as "a
 *   confidential client" (CSV likewise), and the migration names the client of entries written before.
 * The multipart upload's attacks (an outsider's, a viewer's, the duplicate offer) are in the route walk's file,
 * test/integration/access-api.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { details } from '@shared/messages';
import type { AuditEntry } from '@shared/schemas/audit';
import { LOCAL_ADMIN_EMAIL } from '../../infra/local/stack';
import { s3Client, tableClient } from '../helpers/emulator-clients';
import { adminSession, http, registerAndLogin } from '../helpers/http';
import { runMigration } from '../helpers/migrations';

const stack = inject('stack');
const gw = stack.urls.gateway;
const db = tableClient(stack);
const s3 = s3Client(stack);

type Session = Awaited<ReturnType<typeof registerAndLogin>>;
let lead: Session;
let outsider: Session;
let admin: Awaited<ReturnType<typeof adminSession>>;

const NOTES = 'Revenue grew 12% to 480 million in fiscal 2025 while EBITDA margin improved to 18%. Customer churn rose to 9% in the SME segment.';

async function newClient(session: { token: string }, name: string, opts: { confidential?: boolean } = {}): Promise<{ orgId: string; reportId: string; name: string; title: string }> {
  const unique = `${name} ${randomUUID().slice(0, 6)}`;
  const org = await http(gw, 'POST', '/api/organizations', { token: session.token, body: { name: unique } });
  expect(org.status, org.text).toBe(200);
  const title = `${unique} assessment`;
  const report = await http(gw, 'POST', '/api/reports', { token: session.token, body: { title, organization_id: org.body.id, owner: 'Ann' } });
  expect(report.status, report.text).toBe(200);
  if (opts.confidential) expect((await http(gw, 'PUT', `/api/organizations/${org.body.id}/confidential`, { token: session.token, body: { confidential: true } })).status).toBe(200);
  return { orgId: org.body.id as string, reportId: report.body.id as string, name: unique, title };
}

async function addMember(orgId: string, username: string, role: string) {
  const res = await http(gw, 'POST', `/api/organizations/${orgId}/team`, { token: lead.token, body: { username, role } });
  expect(res.status, res.text).toBe(200);
}

async function upload(token: string, ref: string, name: string, text: string) {
  const form = new FormData();
  form.set('file', new Blob([new TextEncoder().encode(text)]), name);
  form.set('report_id', ref);
  form.set('storage_type', 'local');
  const res = await fetch(`${gw}/api/files/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: (await res.json()) as any };
}

/** Every item of a partition (its keys and versions), in key order. */
async function partition(pk: string): Promise<Record<string, unknown>[]> {
  const out = await db.send(new QueryCommand({ TableName: stack.tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true }));
  return (out.Items ?? []).map((i) => ({ SK: i.SK, version: i.version, evidence_count: i.evidence_count, created_by: i.created_by }));
}

async function objectsUnder(prefix: string): Promise<string[]> {
  const out = await s3.send(new ListObjectsV2Command({ Bucket: stack.bucketName, Prefix: prefix }));
  return (out.Contents ?? []).map((o) => o.Key!).sort();
}

/** What the table and the bucket hold of a client and one of its reports. */
async function stored(c: { orgId: string; reportId: string }) {
  return {
    client: await partition(`ORG#${c.orgId}`),
    report: await partition(`REPORT#${c.reportId}`),
    files: [...(await objectsUnder(`clients/${c.orgId}/`)), ...(await objectsUnder(`reports/${c.reportId}/`))],
  };
}

beforeAll(async () => {
  [lead, outsider, admin] = await Promise.all([registerAndLogin(gw, 'idlead'), registerAndLogin(gw, 'idout'), adminSession(gw, LOCAL_ADMIN_EMAIL)]);
});

describe('the claim moves only a placeholder\'s evidence', () => {
  it('refuses a report id as placeholder_id with 400 (a removed member cannot move a confidential report\'s items), and nothing moves', async () => {
    // Prepare: a member adds evidence to the confidential report, then is removed from its team
    const secret = await newClient(lead, 'Claim secret', { confidential: true });
    const member = await registerAndLogin(gw, 'idmember');
    await addMember(secret.orgId, member.user.username, 'editor');
    const added = await http(gw, 'POST', `/api/reports/${secret.reportId}/evidence/interview`, { token: member.token, body: { title: 'Member notes', content: NOTES } });
    expect(added.status, added.text).toBe(200);
    expect((await http(gw, 'DELETE', `/api/organizations/${secret.orgId}/team/${member.user.username}`, { token: lead.token })).status).toBe(200);
    const own = await newClient(member, 'Claim own');
    const [before, ownBefore] = await Promise.all([stored(secret), stored(own)]);
    // Act
    const claim = await http(gw, 'POST', `/api/reports/${own.reportId}/evidence/claim`, { token: member.token, body: { placeholder_id: secret.reportId } });
    // Assess
    expect(claim.status).toBe(400);
    expect(claim.body.detail).toBe('placeholder_id must be a temp-<uuid> placeholder, not a report id');
    expect(await stored(secret)).toEqual(before);
    expect(await stored(own)).toEqual(ownBefore);
    expect((await http(gw, 'GET', `/api/reports/${secret.reportId}/evidence`, { token: lead.token })).body.items.map((i: { title: string }) => i.title)).toEqual(['Member notes']);
    // the setup, which claims too, refuses it the same way
    const setup = await http(gw, 'POST', '/api/wizard/setup', { token: member.token, body: { idempotency_key: `k-${randomUUID()}`, placeholder_id: secret.reportId, setup: { organizationName: 'X', reportTitle: 'Y', reportOwner: 'Z' } } });
    expect(setup.status).toBe(400);
    expect(setup.body.detail).toContain('placeholder_id must be a temp-<uuid> placeholder, not a report id');
  });

  it('records a claim that moves items in the report\'s activity', async () => {
    const own = await newClient(outsider, 'Claim activity');
    const placeholder = `temp-${randomUUID()}`;
    await http(gw, 'POST', `/api/reports/${placeholder}/evidence/interview`, { token: outsider.token, body: { title: 'Early notes', content: NOTES } });
    const claim = await http(gw, 'POST', `/api/reports/${own.reportId}/evidence/claim`, { token: outsider.token, body: { placeholder_id: placeholder } });
    expect(claim.body).toEqual({ success: true, moved: 1 });
    // a claim of nothing records nothing
    expect((await http(gw, 'POST', `/api/reports/${own.reportId}/evidence/claim`, { token: outsider.token, body: { placeholder_id: placeholder } })).body.moved).toBe(0);
    const activity = await http(gw, 'GET', `/api/reports/${own.reportId}/activity`, { token: outsider.token });
    expect(activity.body.items.filter((e: { action: string }) => e.action === 'evidence.claim')).toEqual([
      expect.objectContaining({ user: outsider.user.username, action: 'evidence.claim', detail: '1 evidence item', target_title: own.title }),
    ]);
  });
});

describe('a placeholder\'s evidence belongs to its creator', () => {
  it('answers anyone else as a placeholder with nothing in it: list, read, delete, claim and add are refused, and nothing changes', async () => {
    // Prepare: the creator files a file and notes under their placeholder; another user learns its id
    const placeholder = `temp-${randomUUID()}`;
    const file = await upload(lead.token, placeholder, 'early.txt', NOTES);
    expect(file.status).toBe(200);
    const other = await newClient(outsider, 'Placeholder other');
    const before = await partition(`PENDING#${placeholder}`);
    const files = await objectsUnder(`pending/${placeholder}/`);
    expect(before.find((i) => i.SK === 'OWNER')).toMatchObject({ created_by: lead.user.username });
    const empty = `temp-${randomUUID()}`;
    const as = (method: string, path: string, body?: unknown) => http(gw, method, path, { token: outsider.token, body });
    // Act
    const list = await as('GET', `/api/reports/${placeholder}/evidence`);
    const read = await as('GET', `/api/reports/${placeholder}/evidence/${file.body.file_id}`);
    const readEmpty = await as('GET', `/api/reports/${empty}/evidence/${file.body.file_id}`);
    const del = await as('DELETE', `/api/reports/${placeholder}/evidence/${file.body.file_id}`);
    const delEmpty = await as('DELETE', `/api/reports/${empty}/evidence/${file.body.file_id}`);
    const patch = await as('PATCH', `/api/reports/${placeholder}/evidence/${file.body.file_id}`, { title: 'Mine now', version: 1 });
    const claim = await as('POST', `/api/reports/${other.reportId}/evidence/claim`, { placeholder_id: placeholder });
    const add = await as('POST', `/api/reports/${placeholder}/evidence/interview`, { title: 'Planted', content: NOTES });
    const addFile = await upload(outsider.token, placeholder, 'planted.txt', NOTES);
    const presign = await as('POST', '/api/files/presign', { report_id: placeholder, file_name: 'planted.pdf', file_size: 1000 });
    // Assess: the item routes answer exactly as for an empty placeholder; the rest 404
    expect({ status: read.status, body: read.body }).toEqual({ status: readEmpty.status, body: readEmpty.body });
    expect({ status: del.status, body: del.body }).toEqual({ status: delEmpty.status, body: delEmpty.body });
    expect(read.status).toBe(404);
    expect(read.body.detail).toBe(details.evidenceNotFound);
    expect(patch.status).toBe(404);
    for (const res of [list, claim, add, addFile, presign]) expect(res.status, JSON.stringify(res.body)).toBe(404);
    expect(await partition(`PENDING#${placeholder}`)).toEqual(before);
    expect(await objectsUnder(`pending/${placeholder}/`)).toEqual(files);
    expect(await stored(other)).toEqual(expect.objectContaining({ files: [] }));
    // the creator still has it all, and claims it
    expect((await http(gw, 'GET', `/api/reports/${placeholder}/evidence`, { token: lead.token })).body.items.map((i: { title: string }) => i.title)).toEqual(['early.txt']);
    const mine = await newClient(lead, 'Placeholder mine');
    expect((await http(gw, 'POST', `/api/reports/${mine.reportId}/evidence/claim`, { token: lead.token, body: { placeholder_id: placeholder } })).body.moved).toBe(1);
    // claimed, it stays its creator's
    expect((await as('GET', `/api/reports/${placeholder}/evidence`)).status).toBe(404);
  });

  it('lets the first of two users filing under a fresh placeholder at once have it; the other gets 404', async () => {
    const placeholder = `temp-${randomUUID()}`;
    const [a, b] = await Promise.all([
      http(gw, 'POST', `/api/reports/${placeholder}/evidence/interview`, { token: lead.token, body: { title: 'A', content: NOTES } }),
      http(gw, 'POST', `/api/reports/${placeholder}/evidence/interview`, { token: outsider.token, body: { title: 'B', content: NOTES } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 404]);
    const items = await partition(`PENDING#${placeholder}`);
    const owner = items.find((i) => i.SK === 'OWNER')!.created_by;
    expect(items.filter((i) => String(i.SK).startsWith('EVIDENCE#'))).toHaveLength(1);
    expect(owner).toBe(a.status === 200 ? lead.user.username : outsider.user.username);
  });
});

describe('setup tells a confidential client from a missing one by nothing', () => {
  it('answers a setup naming a client the caller cannot see exactly as one naming no client, and creates nothing', async () => {
    // Prepare
    const secret = await newClient(lead, 'Setup secret', { confidential: true });
    const before = await stored(secret);
    const setup = (organizationId: string, reportId?: string) => ({
      idempotency_key: `k-${randomUUID()}`,
      setup: { organizationName: 'Renamed by an outsider', reportTitle: 'Taken over', reportOwner: 'Eve', organizationId, ...(reportId ? { reportId } : {}) },
    });
    const mine = async () => (await http(gw, 'GET', '/api/reports?limit=100', { token: outsider.token })).body.counts.total as number;
    const count = await mine();
    // Act
    const hidden = await http(gw, 'POST', '/api/wizard/setup', { token: outsider.token, body: setup(secret.orgId) });
    const missing = await http(gw, 'POST', '/api/wizard/setup', { token: outsider.token, body: setup(randomUUID()) });
    const hiddenBoth = await http(gw, 'POST', '/api/wizard/setup', { token: outsider.token, body: setup(secret.orgId, secret.reportId) });
    const missingBoth = await http(gw, 'POST', '/api/wizard/setup', { token: outsider.token, body: setup(randomUUID(), randomUUID()) });
    // Assess
    expect({ status: hidden.status, body: hidden.body }).toEqual({ status: missing.status, body: missing.body });
    expect({ status: hidden.status, body: hidden.body }).toEqual({ status: 404, body: { detail: details.organizationNotFound } });
    expect({ status: hiddenBoth.status, body: hiddenBoth.body }).toEqual({ status: missingBoth.status, body: missingBoth.body });
    expect(await stored(secret)).toEqual(before);
    expect(await mine()).toBe(count);
  });
});

describe('a deleted client stays closed', () => {
  it('answers its audit log 404 to everyone but administrators, who still read it', async () => {
    // Prepare: a confidential client, with a report made and deleted, then the client deleted by its lead
    const c = await newClient(lead, 'Deleted secret', { confidential: true });
    expect((await http(gw, 'DELETE', `/api/reports/${c.reportId}`, { token: lead.token })).status).toBe(200);
    expect((await http(gw, 'DELETE', `/api/organizations/${c.orgId}`, { token: lead.token })).status).toBe(200);
    const open = await newClient(lead, 'Deleted open');
    expect((await http(gw, 'DELETE', `/api/reports/${open.reportId}`, { token: lead.token })).status).toBe(200);
    expect((await http(gw, 'DELETE', `/api/organizations/${open.orgId}`, { token: lead.token })).status).toBe(200);
    const nobody = await http(gw, 'GET', `/api/organizations/${randomUUID()}/audit`, { token: outsider.token });
    // Act + Assess: an outsider, and its own former lead, get a missing client's answer, for the open one too
    for (const who of [outsider, lead]) {
      for (const id of [c.orgId, open.orgId]) {
        const res = await http(gw, 'GET', `/api/organizations/${id}/audit`, { token: who.token });
        expect({ status: res.status, body: res.body }).toEqual({ status: nobody.status, body: nobody.body });
        expect(res.status).toBe(404);
        expect(res.text).not.toContain(c.name);
        expect((await http(gw, 'GET', `/api/organizations/${id}/team`, { token: who.token })).status).toBe(404);
      }
    }
    // an administrator reads the log, the deletion and the confidentiality among it
    const log = await http(gw, 'GET', `/api/organizations/${c.orgId}/audit`, { token: admin.token });
    expect(log.status).toBe(200);
    expect(log.body.items.map((e: AuditEntry) => e.action)).toEqual(expect.arrayContaining(['organization.delete', 'organization.confidential', 'report.delete']));
  });
});

describe('only leads delete a client', () => {
  it('refuses an editor, a reviewer and a viewer with 403 naming the rule, an outsider of a confidential client with 404, and deletes nothing', async () => {
    // Prepare: a confidential client with no report (so that a delete would go through), and its team
    const c = await newClient(lead, 'Delete secret', { confidential: true });
    expect((await http(gw, 'DELETE', `/api/reports/${c.reportId}`, { token: lead.token })).status).toBe(200);
    const team = await Promise.all(['editor', 'reviewer', 'viewer'].map(async (role) => ({ role, session: await registerAndLogin(gw, `id${role}`) })));
    for (const m of team) await addMember(c.orgId, m.session.user.username, m.role);
    const before = await partition(`ORG#${c.orgId}`);
    // Act
    const refusals = await Promise.all(team.map((m) => http(gw, 'DELETE', `/api/organizations/${c.orgId}`, { token: m.session.token })));
    const hidden = await http(gw, 'DELETE', `/api/organizations/${c.orgId}`, { token: outsider.token });
    const missing = await http(gw, 'DELETE', `/api/organizations/${randomUUID()}`, { token: outsider.token });
    // Assess
    for (const res of refusals) expect({ status: res.status, body: res.body }).toEqual({ status: 403, body: { detail: details.clientDeleteLeadOnly } });
    expect({ status: hidden.status, body: hidden.body }).toEqual({ status: missing.status, body: missing.body });
    expect(hidden.status).toBe(404);
    expect(await partition(`ORG#${c.orgId}`)).toEqual(before);
    // an administrator outside the team is an outsider of a confidential client too
    expect((await http(gw, 'DELETE', `/api/organizations/${c.orgId}`, { token: admin.token })).status).toBe(404);
    // the lead deletes it, and the log says who
    expect((await http(gw, 'DELETE', `/api/organizations/${c.orgId}`, { token: lead.token })).status).toBe(200);
    const log = await http(gw, 'GET', `/api/organizations/${c.orgId}/audit`, { token: admin.token });
    expect(log.body.items[0]).toMatchObject({ action: 'organization.delete', user: lead.user.username });
  });

  it('refuses staff off the team of an open client with 403, and lets an administrator delete it, audited', async () => {
    const c = await newClient(lead, 'Delete open');
    expect((await http(gw, 'DELETE', `/api/reports/${c.reportId}`, { token: lead.token })).status).toBe(200);
    const staff = await http(gw, 'DELETE', `/api/organizations/${c.orgId}`, { token: outsider.token });
    expect({ status: staff.status, body: staff.body }).toEqual({ status: 403, body: { detail: details.clientDeleteLeadOnly } });
    expect((await http(gw, 'GET', `/api/organizations/${c.orgId}`, { token: lead.token })).status).toBe(200);
    expect((await http(gw, 'DELETE', `/api/organizations/${c.orgId}`, { token: admin.token })).status).toBe(200);
    const log = await http(gw, 'GET', `/api/organizations/${c.orgId}/audit`, { token: admin.token });
    expect(log.body.items[0]).toMatchObject({ action: 'organization.delete', user: 'assay-admin' });
  });
});

describe('the firm-wide audit log and confidential clients', () => {
  it('shows an administrator outside the team that something happened on "a confidential client", without its name, titles or excerpts; CSV likewise', async () => {
    // Prepare: a lead of their own works on a confidential client: team, title, status, a comment
    const worker = await registerAndLogin(gw, 'idaudit');
    const c = await newClient(worker, 'Audit secret', { confidential: true });
    const retitled = `${c.name} renamed plan`;
    expect((await http(gw, 'PUT', `/api/reports/${c.reportId}`, { token: worker.token, body: { title: retitled, owner: 'Ann', version: 1 } })).status).toBe(200);
    expect((await http(gw, 'PUT', `/api/reports/${c.reportId}/status?status=In%20Review`, { token: worker.token })).status).toBe(200);
    const excerpt = `Secret margin figure ${randomUUID().slice(0, 8)}`;
    const comment = await http(gw, 'POST', `/api/reports/${c.reportId}/comments`, { token: worker.token, body: { anchor: { section: 'executive-summary' }, body: excerpt } });
    expect(comment.status, comment.text).toBe(200);
    const open = await newClient(worker, 'Audit open');
    expect((await http(gw, 'PUT', `/api/reports/${open.reportId}/status?status=In%20Review`, { token: worker.token })).status).toBe(200);
    const secrets = [c.name, c.title, retitled, excerpt, c.orgId, c.reportId];
    // Act
    const page = await http(gw, 'GET', `/api/admin/audit?user=${worker.user.username}&limit=100`, { token: admin.token });
    const csv = await http(gw, 'GET', `/api/admin/audit/csv?user=${worker.user.username}`, { token: admin.token });
    // Assess: every entry is there (what happened, who, when), none names the confidential client
    expect(page.status).toBe(200);
    for (const s of secrets) {
      expect(page.text).not.toContain(s);
      expect(csv.text).not.toContain(s);
    }
    const concealed = page.body.items.filter((e: AuditEntry) => e.target.title === details.confidentialClient);
    expect(concealed.map((e: AuditEntry) => e.action)).toEqual(expect.arrayContaining(['comment.create', 'organization.confidential', 'report.status', 'report.update']));
    for (const e of concealed) expect(e).toMatchObject({ user: worker.user.username, target: { id: '', title: 'a confidential client' }, detail: '' });
    // every other entry is the sign-in or about the open client
    const openIds = new Set([open.orgId, open.reportId]);
    for (const e of page.body.items as AuditEntry[]) if (!concealed.includes(e)) expect(e.action === 'user.signin' || openIds.has(e.target.id), JSON.stringify(e)).toBe(true);
    // the open client's entries and the sign-in are shown in full
    expect(page.body.items).toContainEqual(expect.objectContaining({ action: 'report.status', target: { kind: 'report', id: open.reportId, title: open.title }, detail: 'Draft → In Review' }));
    expect(page.body.items.some((e: AuditEntry) => e.action === 'user.signin' && e.target.title === worker.user.name)).toBe(true);
    expect(csv.text.split('\r\n').filter((l) => l.includes('"a confidential client"'))).toHaveLength(concealed.length);
    // Act: the administrator joins the team
    const added = await http(gw, 'POST', `/api/organizations/${c.orgId}/team`, { token: worker.token, body: { username: 'assay-admin', role: 'viewer' } });
    expect(added.status, added.text).toBe(200);
    const member = await http(gw, 'GET', `/api/admin/audit?user=${worker.user.username}&limit=100`, { token: admin.token });
    // Assess: now named in full
    expect(member.body.items.filter((e: AuditEntry) => e.target.title === details.confidentialClient)).toEqual([]);
    expect(member.text).toContain(excerpt);
    expect(member.body.items).toContainEqual(expect.objectContaining({ action: 'report.update', target: { kind: 'report', id: c.reportId, title: retitled } }));
  });

  it('names the client of entries written before entries carried it (the migration), safe to run again', async () => {
    // Prepare: a report's entry as written before, without its client
    const c = await newClient(lead, 'Audit legacy', { confidential: true });
    const id = randomUUID();
    const at = new Date().toISOString();
    await db.send(
      new PutCommand({
        TableName: stack.tableName,
        Item: { PK: `REPORT#${c.reportId}`, SK: `AUDIT#${at}#${id}`, GSI1PK: 'AUDIT', GSI1SK: `${at}#${id}`, entity: 'Audit', id, at, user: lead.user.username, action: 'report.update', target: { kind: 'report', id: c.reportId, title: c.title }, detail: 'legacy entry' },
      }),
    );
    const before = await http(gw, 'GET', `/api/admin/audit?user=${lead.user.username}&action=report.update&limit=100`, { token: admin.token });
    // Act
    const first = await runMigration(stack, 'scripts/migrate-audit-clients.ts');
    const again = await runMigration(stack, 'scripts/migrate-audit-clients.ts');
    // Assess: concealed before (it cannot be told), concealed after (its client is confidential), and now by its client
    expect(before.body.items.find((e: AuditEntry) => e.id === id)).toMatchObject({ target: { title: details.confidentialClient } });
    const item = (await db.send(new QueryCommand({ TableName: stack.tableName, KeyConditionExpression: 'PK = :pk AND SK = :sk', ExpressionAttributeValues: { ':pk': `REPORT#${c.reportId}`, ':sk': `AUDIT#${at}#${id}` } }))).Items![0]!;
    expect(item.organization_id).toBe(c.orgId);
    expect(first.stdout).toMatch(/[1-9]\d* audit entries of [1-9]\d* reports now name their client/);
    expect(again.stdout).toContain('0 audit entries of 0 reports now name their client');
  });
});
