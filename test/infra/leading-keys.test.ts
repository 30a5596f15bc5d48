/**
 * Least privilege inside the single table: each function's DynamoDB grant carries a `dynamodb:LeadingKeys`
 * condition built from its route's declared `access.tableKeys`, so only the auth functions can reach reset
 * codes, mailbox codes, login failures and the auth counters; only the routes that own accounts and session
 * marks (`USER#`, `SESSIONS#`) can write them, while every signed-in function may read them (GetItem or BatchGetItem only) for
 * the session check.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { routeList } from '@shared/api/routes';
import type { RouteAccess } from '@shared/api/route-types';
import { workerList } from '@shared/api/workers';
import { leadingKeyPatterns, LISTING_CHECK_KEYS, matchesLeadingKey, SESSION_CHECK_KEYS, tableKeyGroups, type TableKeyGroup } from '@shared/resources/table-keys';
import { keys } from '../../functions/data/keys';
import { buildApp } from '../../infra/app';
import { readDeployConfig } from '../../infra/config';
import { ApiTemplates, statementsOfRole, type Statement } from './templates';

const config = readDeployConfig(() => undefined, { ALLOWED_EMAIL_DOMAINS: 'firm.example', SES_FROM_ADDRESS: 'no-reply@firm.example' });
const built = buildApp({ app: new App(), config, account: '123456789012' });
const api = new ApiTemplates(built.stacks.api);
const statementsOf = (prefix: string) => statementsOfRole(api, prefix);

const functions: { name: string; prefix: string; access: RouteAccess; auth: boolean; signedIn: boolean; handler: string }[] = [
  ...routeList.map((r) => ({ name: r.id, prefix: `Fn${r.id}`, access: r.access, auth: r.handler.startsWith('auth/'), signedIn: r.auth === 'user', handler: r.handler })),
  ...workerList.map((w) => ({ name: `worker:${w.id}`, prefix: `Worker${w.id}`, access: w.access, auth: false, signedIn: false, handler: `workers/${w.handler}` })),
];

const dynamoStatements = (f: (typeof functions)[number]) => statementsOf(f.prefix).filter((s) => [s.Action].flat().some((a) => a.startsWith('dynamodb:')));
const patternsOf = (s: Statement) => s.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'] ?? ['*'];
const readOnlyCheck = (s: Statement, groups: readonly TableKeyGroup[]) =>
  JSON.stringify([s.Action].flat()) === JSON.stringify(['dynamodb:GetItem', 'dynamodb:BatchGetItem']) && JSON.stringify(patternsOf(s)) === JSON.stringify(leadingKeyPatterns(groups));
/** the session check's grant: a `listing` route's also covers its listing scope (read in the same BatchGetItem) */
const isSessionCheck = (s: Statement) => readOnlyCheck(s, SESSION_CHECK_KEYS) || readOnlyCheck(s, LISTING_CHECK_KEYS);
const isDeleteOnly = (s: Statement) => JSON.stringify([s.Action].flat()) === JSON.stringify(['dynamodb:DeleteItem']);
/** the counters of the limits a route declares: UpdateItem only, on RATE# partitions only */
const isLimit = (s: Statement) => JSON.stringify([s.Action].flat()) === JSON.stringify(['dynamodb:UpdateItem']) && patternsOf(s).every((p) => p.startsWith('RATE#'));
const WRITES = /^dynamodb:(Put|Update|Delete|BatchWrite)/;

/** What only the auth functions may ever read (one real key of each kind, from the key builders). */
const AUTH_ONLY = [
  keys.resetCode('someone@firm.example').PK,
  keys.verifyCode('someone').PK,
  keys.loginFailures('someone', '203.0.113.7').PK,
  keys.rateCounter('reset-codes', 'someone@firm.example', 1).PK,
  keys.rateCounter('reset-attempts', 'someone@firm.example', 1).PK,
  keys.rateCounter('confirm-codes', 'someone', 1).PK,
  keys.userEmail('someone@firm.example').PK,
];

describe('DynamoDB grants are limited to the declared partitions (dynamodb:LeadingKeys)', () => {
  it.each(functions.map((f) => [f.name, f] as const))('%s: only its prefixes, never Scan', (_name, f) => {
    const dynamo = dynamoStatements(f);
    // every signed-in function reads the session check's partitions, GetItem / BatchGetItem only, on the table's items
    const check = dynamo.filter(isSessionCheck);
    expect(check, 'session-check grant').toHaveLength(f.signedIn ? 1 : 0);
    // only the routes the table marks `listing` read their listing scope with it
    const listing = routeList.find((r) => r.id === f.name)?.listing === true;
    if (check[0]) expect(patternsOf(check[0]), 'session-check grant').toEqual(leadingKeyPatterns(listing ? LISTING_CHECK_KEYS : SESSION_CHECK_KEYS));
    if (check[0]) expect(JSON.stringify(check[0].Resource)).not.toContain('/index/');
    const deletes = dynamo.filter(isDeleteOnly);
    expect(deletes.map(patternsOf)).toEqual(f.access.tableDeleteKeys?.length ? [leadingKeyPatterns(f.access.tableDeleteKeys)] : []);
    const limitCounters = dynamo.filter(isLimit).flatMap(patternsOf);
    const route = routeList.find((r) => r.id === f.name);
    expect(limitCounters.sort()).toEqual(
      [...(route?.throttle === 'auth' && route.clientLimit !== false ? ['RATE#auth-client#*'] : []), ...(route?.userLimit ? [`RATE#${route.userLimit.counter}#*`] : [])].sort(),
    );
    const own = dynamo.filter((s) => !isSessionCheck(s) && !isDeleteOnly(s) && !isLimit(s));
    if (!f.access.table) {
      expect(own).toEqual([]);
      return;
    }
    expect(own.length).toBeGreaterThan(0);
    for (const s of own) {
      const actions = [s.Action].flat();
      expect(actions).not.toContain('dynamodb:Scan');
      expect(actions.some((a) => /^dynamodb:(GetRecords|GetShardIterator|DescribeStream)$/.test(a))).toBe(false);
      if (f.access.table === 'read') expect(actions.some((a) => WRITES.test(a))).toBe(false);
      expect(s.Condition).toEqual({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': leadingKeyPatterns(f.access.tableKeys) } });
    }
  });

  /** The functions whose grants (other than delete-only ones) let them read or write a partition key. */
  const reaching = (pk: string, keep: (s: Statement) => boolean = () => true) =>
    functions.filter((f) => dynamoStatements(f).some((s) => !isDeleteOnly(s) && !isLimit(s) && keep(s) && patternsOf(s).some((p) => matchesLeadingKey(p, pk))));

  it('lets no function but the auth ones match a reset code, a mailbox code, a login failure or an auth counter', () => {
    for (const pk of AUTH_ONLY) {
      const names = reaching(pk).map((f) => f.name);
      expect(names.length, pk).toBeGreaterThan(0);
      for (const f of reaching(pk)) expect(f.auth, `${f.name} can reach ${pk}`).toBe(true);
    }
    // a reset code's hash: only the routes that issue or consume one (deactivation may only delete it)
    expect(reaching(keys.resetCode('a@b.example').PK).map((f) => f.name).sort()).toEqual(['forgotPassword', 'resetPassword']);
    // and the login failures: sign-in, and the reset that clears them
    expect(reaching(keys.loginFailures('a').PK).map((f) => f.name).sort()).toEqual(['login', 'resetPassword']);
    const deleting = functions.filter((f) => dynamoStatements(f).some((s) => isDeleteOnly(s) && patternsOf(s).some((p) => matchesLeadingKey(p, keys.resetCode('a@b.example').PK))));
    expect(deleting.map((f) => f.name)).toEqual(['deactivateUser']);
  });

  it('lets only the routes that own them write a profile or a session mark; every other function reads them at most', () => {
    const writing = (pk: string) => reaching(pk, (s) => [s.Action].flat().some((a) => WRITES.test(a))).map((f) => f.handler);
    const owners = /^(auth\/|admin\/deactivate-user$|reports\/save-report-order$|notifications\/update-settings$)/;
    for (const pk of [keys.userProfile('someone').PK, keys.sessionsRevoked('someone').PK]) {
      const names = writing(pk);
      expect(names.length, pk).toBeGreaterThan(0);
      for (const handler of names) expect(handler, `${handler} can write ${pk}`).toMatch(owners);
    }
    expect(writing(keys.sessionsRevoked('someone').PK).sort()).toEqual(['admin/deactivate-user', 'auth/federated-sign-in', 'auth/login', 'auth/logout', 'auth/logout-all', 'auth/refresh', 'auth/reset-password']);
  });

  it('gives the non-auth functions the app partitions, which no auth-only key matches', () => {
    for (const pattern of tableKeyGroups.app) for (const pk of AUTH_ONLY) expect(matchesLeadingKey(pattern, pk), `${pattern} ~ ${pk}`).toBe(false);
    for (const pattern of tableKeyGroups.app) for (const pk of [keys.userProfile('a').PK, keys.sessionsRevoked('a').PK]) expect(matchesLeadingKey(pattern, pk), `${pattern} ~ ${pk}`).toBe(false);
    const authOnly: TableKeyGroup[] = ['resetCodes', 'verifyCodes', 'loginFailures', 'authRateLimits', 'sessionCheck'];
    for (const f of functions.filter((x) => x.access.table && !x.auth)) {
      const groups = f.access.tableKeys ?? ['app'];
      expect(groups.filter((g) => authOnly.includes(g)), f.name).toEqual([]);
    }
  });

  it('covers every partition a key builder makes (items and index partitions)', () => {
    const all = Object.values(tableKeyGroups).flat();
    const samples: Record<string, unknown>[] = [];
    const args = ['a1b2c3d4-0000-7000-8000-000000000001', 'x@firm.example', 3];
    for (const [name, builder] of Object.entries(keys)) {
      // rate counters are named by their callers: the next test checks each name
      if (typeof builder !== 'function' || name === 'rateCounter') continue;
      const fn = builder as (...a: unknown[]) => unknown;
      const result = name === 'reportByStatus' ? fn('Draft', '2026-01-01', 'id') : name === 'audit' || name === 'auditPartition' ? fn('organization', 'id', 'at', 'e') : fn(...args);
      if (typeof result === 'string') {
        if (name.endsWith('Partition')) samples.push({ PK: result });
        continue;
      }
      samples.push(result as Record<string, unknown>);
    }
    samples.push(keys.audit('report', 'id', 'at', 'e'), { PK: keys.evidencePartition('temp-a1b2c3d4-0000-4000-8000-000000000001') });
    for (const sample of samples) {
      for (const [attr, value] of Object.entries(sample)) {
        if (!/^(PK|GSI\dPK)$/.test(attr)) continue;
        expect(all.some((p) => matchesLeadingKey(p, String(value))), `${attr}=${String(value)} is in no group of shared/resources/table-keys.ts`).toBe(true);
      }
    }
  });

  it('covers every rate counter the functions count', () => {
    const root = resolve(import.meta.dirname, '../../functions');
    const names = new Set<string>();
    for (const file of readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'))) {
      for (const m of readFileSync(join(root, file), 'utf8').matchAll(/countEvent\(\s*'([^']+)'/g)) names.add(m[1]!);
    }
    expect(names.size).toBeGreaterThan(0);
    const groups = Object.entries(tableKeyGroups) as [TableKeyGroup, readonly string[]][];
    for (const name of names) {
      const pk = keys.rateCounter(name, 'subject', 1).PK;
      expect(groups.some(([, patterns]) => patterns.some((p) => matchesLeadingKey(p, pk))), `RATE#${name}`).toBe(true);
    }
  });
});
