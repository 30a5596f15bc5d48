/**
 * The table helpers (functions/data/table-ops.ts) against DynamoDB Local: this worker's table of the local
 * stack, reached the way a function reaches it (its environment), with nothing mocked. Every test writes
 * under a partition of its own, so they share the table with the API tests without seeing their items.
 *
 * DynamoDB Local runs transactions one at a time, so it never cancels one for meeting another: that case is
 * injected by the harness (a `conflict` fault: the SDK's TransactionCanceledException with a TransactionConflict
 * reason) and checked through the API, where the operations that retry and the one that answers 409 differ.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { stubTableEnv } from '../helpers/table-env';
import { http, registerAndLogin } from '../helpers/http';

const stack = inject('stack');
const gw = stack.urls.gateway;

type Ops = typeof import('../../functions/data/table-ops');
type Cursors = typeof import('../../functions/data/cursor');
let ops: Ops;
let cursors: Cursors;

beforeAll(async () => {
  stubTableEnv(stack);
  ops = await import('../../functions/data/table-ops');
  cursors = await import('../../functions/data/cursor');
});

afterAll(() => {
  vi.unstubAllEnvs();
});

const partition = () => `TABLEOPS#${randomUUID()}`;

describe('versionedPut', () => {
  it('creates at version 1 when none is stored, and refuses a second create with the stored item', async () => {
    // Prepare
    const key = { PK: partition(), SK: 'THING' };
    // Act
    const first = await ops.versionedPut({ ...key, name: 'first' }, 0);
    const second = await ops.versionedPut({ ...key, name: 'second' }, 0);
    // Assess
    expect(first).toEqual({ ok: true });
    expect(second).toMatchObject({ ok: false, current: { name: 'first', version: 1 } });
    expect(await ops.getItem(key, { consistent: true })).toMatchObject({ name: 'first', version: 1 });
  });

  it('of parallel writers at one version, one wins and every loser gets the winner\'s item', async () => {
    // Prepare
    const key = { PK: partition(), SK: 'THING' };
    await ops.versionedPut({ ...key, writer: 'none' }, 0);
    // Act
    const outcomes = await Promise.all(Array.from({ length: 8 }, (_, i) => ops.versionedPut({ ...key, writer: `w${i}` }, 1)));
    // Assess
    const winners = outcomes.flatMap((o, i) => (o.ok ? [`w${i}`] : []));
    expect(winners).toHaveLength(1);
    for (const loser of outcomes.filter((o) => !o.ok)) expect(loser).toEqual({ ok: false, current: expect.objectContaining({ writer: winners[0], version: 2 }) });
    expect(await ops.getItem(key, { consistent: true })).toMatchObject({ writer: winners[0], version: 2 });
  });

  it('does not create an item that was expected at a version', async () => {
    // Prepare
    const key = { PK: partition(), SK: 'THING' };
    // Act
    const outcome = await ops.versionedPut({ ...key, name: 'ghost' }, 3);
    // Assess
    expect(outcome).toEqual({ ok: false, current: undefined });
    expect(await ops.getItem(key, { consistent: true })).toBeUndefined();
  });
});

describe('versionedUpdate', () => {
  it('sets the fields (reserved words too) and moves the version on; `previous` is what it replaced', async () => {
    // Prepare
    const key = { PK: partition(), SK: 'THING' };
    await ops.versionedPut({ ...key, name: 'Old', status: 'Draft', keep: 'kept' }, 0);
    // Act
    const outcome = await ops.versionedUpdate(key, { name: 'New', status: 'Final', skipped: undefined }, 1, { returnPrevious: true });
    // Assess
    expect(outcome).toMatchObject({ ok: true, previous: { name: 'Old', status: 'Draft', version: 1 } });
    const stored = await ops.getItem(key, { consistent: true });
    expect(stored).toMatchObject({ name: 'New', status: 'Final', keep: 'kept', version: 2 });
    expect(stored).not.toHaveProperty('skipped');
  });

  it('at a stale version changes nothing and answers with the current item', async () => {
    // Prepare
    const key = { PK: partition(), SK: 'THING' };
    await ops.versionedPut({ ...key, name: 'A' }, 0);
    await ops.versionedUpdate(key, { name: 'B', updated_by: 'dana' }, 1);
    // Act
    const outcome = await ops.versionedUpdate(key, { name: 'C' }, 1);
    // Assess
    expect(outcome).toEqual({ ok: false, current: expect.objectContaining({ name: 'B', updated_by: 'dana', version: 2 }) });
    expect(await ops.getItem(key, { consistent: true })).toMatchObject({ name: 'B', version: 2 });
  });

  it('never creates a missing item', async () => {
    // Prepare
    const key = { PK: partition(), SK: 'THING' };
    // Act
    const outcome = await ops.versionedUpdate(key, { name: 'ghost' }, 1);
    // Assess
    expect(outcome).toEqual({ ok: false, current: undefined });
    expect(await ops.getItem(key, { consistent: true })).toBeUndefined();
  });
});

describe('queryPage', () => {
  async function seed(pk: string, count: number) {
    for (let i = 0; i < count; i++) await ops.putItem({ PK: pk, SK: `ITEM#${String(i).padStart(3, '0')}`, n: i });
    await ops.putItem({ PK: pk, SK: 'OTHER#1', n: -1 }); // same partition, outside the list
  }

  async function allPages(q: { pk: string; limit: number; newestFirst?: boolean }) {
    const seen: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await ops.queryPage({ ...q, skPrefix: 'ITEM#', cursor });
      seen.push(...page.items.map((i) => Number(i.n)));
      cursor = page.next_cursor ?? undefined;
      pages++;
    } while (cursor && pages < 20);
    return { seen, pages };
  }

  it('follows its cursors through the whole list, newest first, each item once', async () => {
    // Prepare
    const pk = partition();
    await seed(pk, 7);
    // Act
    const { seen, pages } = await allPages({ pk, limit: 3, newestFirst: true });
    // Assess
    expect(seen).toEqual([6, 5, 4, 3, 2, 1, 0]);
    expect(pages).toBe(3);
  });

  it('oldest first as well, and a cursor is opaque (no table key in it)', async () => {
    // Prepare
    const pk = partition();
    await seed(pk, 4);
    // Act
    const first = await ops.queryPage({ pk, skPrefix: 'ITEM#', limit: 2, cursor: undefined });
    const second = await ops.queryPage({ pk, skPrefix: 'ITEM#', limit: 2, cursor: first.next_cursor ?? undefined });
    // Assess
    expect(first.items.map((i) => i.n)).toEqual([0, 1]);
    expect(second.items.map((i) => i.n)).toEqual([2, 3]);
    expect(first.next_cursor).not.toContain(pk);
    expect(JSON.parse(Buffer.from(first.next_cursor!, 'base64url').toString('utf8'))).toEqual({ sk: 'ITEM#001' });
  });

  it('refuses a cursor that does not decode, or points outside its list, before reading anything', () => {
    // Prepare
    const pk = partition();
    const outside = cursors.encodeCursor({ sk: 'OTHER#1' });
    // Act
    const garbage = () => ops.queryPage({ pk, skPrefix: 'ITEM#', limit: 2, cursor: 'not a cursor' });
    const foreign = () => ops.queryPage({ pk, skPrefix: 'ITEM#', limit: 2, cursor: outside });
    // Assess
    expect(garbage).toThrow(cursors.InvalidCursorError);
    expect(foreign).toThrow(cursors.InvalidCursorError);
  });

  it('reads an index with its own cursor, and keeps the rows put aside out of the items', async () => {
    // Prepare: a list on the ByKind index, with a totals row sorting first (as the dashboard's lists hold)
    const kind = partition();
    await ops.putItem({ PK: 'TABLEOPS#TOTALS', SK: kind, GSI1PK: kind, GSI1SK: '#TOTAL', total: 5, totals: true });
    for (let i = 0; i < 5; i++) await ops.putItem({ PK: `${kind}#${i}`, SK: 'META', GSI1PK: kind, GSI1SK: `N#${i}`, id: String(i) });
    const resume = {
      fields: ['id'] as const,
      startKey: ({ id }: { id: string }) => ({ PK: `${kind}#${id}`, SK: 'META', GSI1PK: kind, GSI1SK: `N#${id}` }),
      after: (last: Record<string, unknown>) => ({ id: String(last.id) }),
    };
    const aside = (row: Record<string, unknown>) => row.totals === true;
    // Act
    const first = await ops.queryPage({ index: 'ByKind', pk: kind, limit: 3, cursor: undefined, resume, aside });
    const second = await ops.queryPage({ index: 'ByKind', pk: kind, limit: 3, cursor: first.next_cursor ?? undefined, resume, aside });
    const third = await ops.queryPage({ index: 'ByKind', pk: kind, limit: 3, cursor: second.next_cursor ?? undefined, resume, aside });
    // Assess
    expect(first.aside).toEqual([expect.objectContaining({ total: 5 })]);
    expect(first.items.map((i) => i.id)).toEqual(['0', '1']);
    expect(second.items.map((i) => i.id)).toEqual(['2', '3', '4']);
    expect(second.aside).toEqual([]);
    // a full page cannot know it was the last (DynamoDB stops at the limit): the next one is empty and ends the list
    expect(JSON.parse(Buffer.from(second.next_cursor!, 'base64url').toString('utf8'))).toEqual({ id: '4' });
    expect(third).toEqual({ items: [], aside: [], next_cursor: null });
  });
});

describe('transact', () => {
  it('writes all items, or none: a failed condition names the item that failed', async () => {
    // Prepare
    const pk = partition();
    await ops.putItem({ PK: pk, SK: 'TAKEN' });
    // Act
    const outcome = await ops.transact([ops.newItemPut({ PK: pk, SK: 'FREE' }), ops.newItemPut({ PK: pk, SK: 'TAKEN' })]);
    // Assess
    expect(outcome).toMatchObject({ ok: false, reason: 'condition', failed: [1] });
    expect(outcome.ok || outcome.error.name).toBe('TransactionCanceledException');
    expect(await ops.getItem({ PK: pk, SK: 'FREE' }, { consistent: true })).toBeUndefined();
  });

  it('answers ok when every condition holds', async () => {
    // Prepare
    const pk = partition();
    // Act
    const outcome = await ops.transact([ops.newItemPut({ PK: pk, SK: 'A' }), ops.versionedPutItem({ PK: pk, SK: 'B', name: 'b' }, 0)]);
    // Assess
    expect(outcome).toEqual({ ok: true });
    expect(await ops.getItem({ PK: pk, SK: 'B' }, { consistent: true })).toMatchObject({ name: 'b', version: 1 });
  });

  it('a versioned item at a stale version fails as a condition, at its position', async () => {
    // Prepare
    const pk = partition();
    await ops.versionedPut({ PK: pk, SK: 'DOC', name: 'v1' }, 0);
    await ops.versionedPut({ PK: pk, SK: 'DOC', name: 'v2' }, 1);
    // Act
    const outcome = await ops.transact([ops.newItemPut({ PK: pk, SK: 'LOG' }), ops.versionedUpdateItem({ PK: pk, SK: 'DOC' }, { name: 'late' }, 1)]);
    // Assess
    expect(outcome).toMatchObject({ ok: false, reason: 'condition', failed: [1] });
    expect(await ops.getItem({ PK: pk, SK: 'DOC' }, { consistent: true })).toMatchObject({ name: 'v2', version: 2 });
  });

  it('transactions meeting on one hot item: each either wins or is told it only met another one; retried, all win', async () => {
    // Prepare: a shared counter, as the totals are
    const pk = partition();
    const counter = { PK: pk, SK: 'COUNTER' };
    await ops.putItem({ ...counter, count: 0 });
    const bump = (i: number) => [
      ops.newItemPut({ PK: pk, SK: `ITEM#${i}` }),
      { Update: { TableName: stack.tableName, Key: counter, UpdateExpression: 'ADD #c :one', ExpressionAttributeNames: { '#c': 'count' }, ExpressionAttributeValues: { ':one': 1 } } },
    ];
    // Act
    const once = await Promise.all(Array.from({ length: 10 }, (_, i) => ops.transact(bump(i), { retryConflicts: false })));
    const retried = await Promise.all(Array.from({ length: 10 }, (_, i) => ops.transact(bump(100 + i))));
    // Assess
    const won = once.filter((o) => o.ok).length;
    for (const o of once) expect(o.ok || o.reason).not.toBe('condition');
    expect(retried.every((o) => o.ok)).toBe(true);
    expect((await ops.getItem(counter, { consistent: true }))?.count).toBe(won + 10);
  });
});

describe('conditional writes and batches', () => {
  it('putIf, updateIf and deleteIf say whether their condition held, and change nothing when it did not', async () => {
    // Prepare
    const key = { PK: partition(), SK: 'THING' };
    await ops.putItem({ ...key, state: 'queued' });
    const claim = () => ops.updateIf({ Key: key, UpdateExpression: 'SET #s = :running', ConditionExpression: '#s = :queued', ExpressionAttributeNames: { '#s': 'state' }, ExpressionAttributeValues: { ':running': 'running', ':queued': 'queued' } });
    // Act
    const [first, second] = [await claim(), await claim()];
    const putAgain = await ops.putIf({ Item: { ...key, state: 'new' }, ConditionExpression: 'attribute_not_exists(PK)' });
    const deleteQueued = await ops.deleteIf({ Key: key, ConditionExpression: '#s = :queued', ExpressionAttributeNames: { '#s': 'state' }, ExpressionAttributeValues: { ':queued': 'queued' } });
    // Assess
    expect([first, second, putAgain, deleteQueued]).toEqual([true, false, false, false]);
    expect(await ops.getItem(key, { consistent: true, fields: ['state'] })).toEqual({ state: 'running' });
  });

  it('deleteAll removes more items than one batch holds', async () => {
    // Prepare
    const pk = partition();
    const itemKeys = Array.from({ length: 30 }, (_, i) => ({ PK: pk, SK: `ITEM#${i}` }));
    for (const key of itemKeys) await ops.putItem(key);
    // Act
    await ops.deleteAll(itemKeys);
    // Assess
    const left = await ops.queryPage({ pk, limit: 100, cursor: undefined });
    expect(left.items).toEqual([]);
  });
});

describe('a transaction that met another one (injected), through the API', () => {
  let token: string;
  const api = (method: string, path: string, body?: unknown) => http(gw, method, path, { token, ...(body === undefined ? {} : { body }) });
  const conflicts = async () => ((await http(gw, 'GET', '/__harness/faults')).body.injected as { kind: string }[]).filter((f) => f.kind === 'conflict').length;
  const arm = async (count: number) => {
    const res = await http(gw, 'POST', '/__harness/faults', { body: { service: 'dynamodb', operation: 'TransactWriteItems', kind: 'conflict', count } });
    expect(res.status).toBe(200);
  };

  beforeAll(async () => {
    token = (await registerAndLogin(gw, 'tableops')).token;
  });

  afterEach(async () => {
    await http(gw, 'DELETE', '/__harness/faults');
  });

  it('is tried again: an organization created through three conflicts exists once and is counted once', async () => {
    // Prepare
    const before = (await api('GET', '/api/organizations?limit=1')).body.total as number;
    const injectedBefore = await conflicts();
    await arm(3);
    // Act
    const created = await api('POST', '/api/organizations', { name: `Conflict Org ${randomUUID().slice(0, 6)}` });
    // Assess
    expect(created.status).toBe(200);
    expect((await conflicts()) - injectedBefore).toBe(3);
    expect((await api('GET', '/api/organizations?limit=1')).body.total).toBe(before + 1);
    expect((await api('GET', `/api/organizations/${created.body.id}`)).body).toMatchObject({ version: 1, report_count: 0 });
  });

  it('is read again and tried again: a status change through two conflicts moves the report once, with one audit entry', async () => {
    // Prepare
    const org = (await api('POST', '/api/organizations', { name: `Conflict Org ${randomUUID().slice(0, 6)}` })).body.id as string;
    const id = (await api('POST', '/api/reports', { title: 'Conflicts', organization_id: org, owner: 'Ann' })).body.id as string;
    await arm(2);
    // Act
    const moved = await api('PUT', `/api/reports/${id}/status?status=In%20Review&version=1`);
    // Assess
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ status: 'In Review', version: 2 });
    const audit = (await api('GET', `/api/reports/${id}/audit`)).body.items as { action: string; detail: string }[];
    expect(audit.filter((e) => e.action === 'report.status')).toEqual([expect.objectContaining({ detail: 'Draft → In Review' })]);
  });

  it('is tried again for a section\'s writer: the save that met another transaction goes through once, as version 1', async () => {
    // Prepare
    const org = (await api('POST', '/api/organizations', { name: `Conflict Org ${randomUUID().slice(0, 6)}` })).body.id as string;
    const id = (await api('POST', '/api/reports', { title: 'Conflicts', organization_id: org, owner: 'Ann' })).body.id as string;
    const injectedBefore = await conflicts();
    await arm(1);
    // Act
    const saved = await api('PUT', `/api/reports/${id}/sections/findings`, { content: 'First words', citations: [], version: 0 });
    const versions = await api('GET', `/api/reports/${id}/sections/findings/versions`);
    const stale = await api('PUT', `/api/reports/${id}/sections/findings`, { content: 'Other words', citations: [], version: 0 });
    // Assess: one conflict met and tried again; one version written; a writer who read version 0 is now refused
    expect((await conflicts()) - injectedBefore).toBe(1);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ version: 1, content: 'First words' });
    expect(versions.body.items.map((v: { version: number }) => v.version)).toEqual([1]);
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toEqual(expect.any(String));
  });
});
