/** The deployable bundles (not just the TypeScript the gateway runs) load and answer. */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { routeList } from '@shared/api/routes';
import { workerList } from '@shared/api/workers';
import { FUNCTIONS_OUT, RUNTIME_PACKAGES } from '../../scripts/build-functions';
import { COLD_START_ENV } from '../helpers/cold-start-env';

const ENV = { ...process.env, ...COLD_START_ENV };

function runInNode(code: string) {
  return spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8', env: ENV, cwd: '/' });
}

describe('function bundles', () => {
  it.each(routeList.map((r) => [r.id, r.bundleBudgetKb ?? 300] as const))('%s is a self-contained ESM bundle within %i KB that imports with its configuration', (id, budgetKb) => {
    const file = resolve(FUNCTIONS_OUT, id, 'index.mjs');
    const run = runInNode(`const m = await import(${JSON.stringify(pathToFileURL(file).href)}); if (typeof m.handler !== 'function') process.exit(3);`);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(statSync(file).size).toBeLessThanOrEqual(budgetKb * 1024);
  });

  it.each(workerList.map((w) => [w.id, w.bundleBudgetKb, w] as const))('worker %s is a self-contained ESM bundle within %i KB, with its data files, that refuses a malformed event (a scheduled one: that loads)', (id, budgetKb, worker) => {
    const dir = resolve(FUNCTIONS_OUT, `worker-${id}`);
    const file = resolve(dir, 'index.mjs');
    // a scheduled worker takes no input (EventBridge's event is not read): it must load with its configuration
    const run = worker.schedule
      ? runInNode(`const m = await import(${JSON.stringify(pathToFileURL(file).href)}); if (typeof m.handler !== 'function') throw new Error('no handler');`)
      : runInNode(`const m = await import(${JSON.stringify(pathToFileURL(file).href)}); await m.handler({ nonsense: true }, { awsRequestId: 'r' });`);
    expect(run.status, run.stderr).toBe(0);
    if (!worker.schedule) expect(run.stderr).toMatch(/(export|draft|ledger) event refused/);
    expect(statSync(file).size).toBeLessThanOrEqual(budgetKb * 1024);
    for (const f of worker.dataFiles ?? []) expect(existsSync(resolve(dir, f.split('/').at(-1)!)), f).toBe(true);
  });

  it('ships the common-password list beside the functions that check passwords, and only those', () => {
    for (const id of ['register', 'resetPassword']) expect(existsSync(resolve(FUNCTIONS_OUT, id, 'common-passwords.txt.gz')), id).toBe(true);
    for (const id of ['login', 'health']) expect(existsSync(resolve(FUNCTIONS_OUT, id, 'common-passwords.txt.gz')), id).toBe(false);
  });

  it('keeps the local analyst and its language model to the draft worker: wink-nlp and its model beside it, not in the draft route that starts it, nor in the lighter AI or ingest routes', () => {
    for (const p of RUNTIME_PACKAGES) {
      expect(existsSync(resolve(FUNCTIONS_OUT, 'worker-draftStep', 'node_modules', p.name, 'package.json')), p.name).toBe(true);
      for (const id of ['draftStep', 'uploadFile', 'processUpload', 'addUrlEvidence', 'addInterviewEvidence', 'enhanceSection', 'generateContext']) {
        expect(existsSync(resolve(FUNCTIONS_OUT, id, 'node_modules', p.name)), `${id}: ${p.name}`).toBe(false);
      }
    }
    // the analyst's own code: a measure name of its polarity table is in the draft bundle only
    expect(readFileSync(resolve(FUNCTIONS_OUT, 'worker-draftStep', 'index.mjs'), 'utf8')).toContain('supplier-concentration');
    for (const id of ['draftStep', 'addInterviewEvidence', 'uploadFile', 'enhanceSection', 'generateContext']) {
      expect(readFileSync(resolve(FUNCTIONS_OUT, id, 'index.mjs'), 'utf8'), id).not.toContain('supplier-concentration');
    }
  });

  it('loads the language model from the files copied beside the draft worker, as Lambda would (outside the repository)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'assay-draft-'));
    try {
      cpSync(resolve(FUNCTIONS_OUT, 'worker-draftStep'), dir, { recursive: true });
      writeFileSync(
        join(dir, 'probe.mjs'),
        "const { default: winkNLP } = await import('wink-nlp'); const { default: model } = await import('wink-eng-lite-web-model'); " +
          "const nlp = winkNLP(model, ['sbd', 'pos']); process.stdout.write(String(nlp.readDoc('Gross margin fell to 36.5%. Freight costs rose.').sentences().length()));",
      );
      const run = runInNode(`await import(${JSON.stringify(pathToFileURL(join(dir, 'probe.mjs')).href)});`);
      expect(run.stderr).toBe('');
      expect(run.stdout.trim()).toBe('2');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers a health request from the bundle, as Lambda would call it', () => {
    const file = pathToFileURL(resolve(FUNCTIONS_OUT, 'health', 'index.mjs')).href;
    const event = { version: '2.0', routeKey: 'GET /api/health', rawPath: '/api/health', rawQueryString: '', headers: {}, requestContext: { http: { method: 'GET', path: '/api/health' }, requestId: 'r' }, isBase64Encoded: false };
    const context = '{ awsRequestId: "r", getRemainingTimeInMillis: () => 10000 }';
    const run = runInNode(`const { handler } = await import(${JSON.stringify(file)}); const res = await handler(${JSON.stringify(event)}, ${context}); console.log(JSON.stringify(res));`);
    // the answer is the last line (the function logs the refusal before it)
    const res = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { statusCode: number; body: string };
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body).status).toBe('ok');
  });

  it('checks passwords from the bundle with its shipped list', () => {
    const file = pathToFileURL(resolve(FUNCTIONS_OUT, 'register', 'index.mjs')).href;
    const event = { version: '2.0', routeKey: 'POST /api/auth/register', rawPath: '/api/auth/register', rawQueryString: '', headers: { 'content-type': 'application/json' }, requestContext: { http: { method: 'POST', path: '/api/auth/register', sourceIp: '127.0.0.1' }, requestId: 'r' }, isBase64Encoded: false, body: JSON.stringify({ username: 'someone', password: 'password123', name: 'S', email: 's@example.com' }) };
    // (from loopback, as the harness calls: the per-address limit, which needs the table, does not count it)
    const context = '{ awsRequestId: "r", getRemainingTimeInMillis: () => 10000 }';
    const run = runInNode(`const { handler } = await import(${JSON.stringify(file)}); const res = await handler(${JSON.stringify(event)}, ${context}); console.log(JSON.stringify(res));`);
    // the answer is the last line (the function logs the refusal before it)
    const res = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { statusCode: number; body: string };
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body).detail).toBe('This password is too common; choose a less predictable one');
  });
});
