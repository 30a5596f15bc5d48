/**
 * The local gateway's `--static` serving (CloudFront's role for `npm start` and the browser tests): a path it
 * cannot decode is a 400 (decodeURIComponent throws, and inside the server callback that would end the process),
 * and nothing outside the folder is served, not even a sibling folder whose name starts with the folder's
 * (`dist-evil` next to `dist`).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../../infra/local/gateway';

let root: string;
let server: Server;
let port: number;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'assay-static-'));
  mkdirSync(join(root, 'dist', 'assets'), { recursive: true });
  mkdirSync(join(root, 'dist-evil'));
  writeFileSync(join(root, 'dist', 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(root, 'dist', 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(root, 'dist-evil', 'secret.txt'), 'SECRET');
  writeFileSync(join(root, 'secret.txt'), 'SECRET');
  server = createGateway({
    routes: [],
    functionsDir: join(root, 'none'),
    authorizer: { issuer: 'http://127.0.0.1:9/pool', jwksUri: 'http://127.0.0.1:9/pool/.well-known/jwks.json', audience: ['client'] },
    runtimeConfig: { providerName: 'Test' },
    staticDir: join(root, 'dist'),
    // this process is the test runner's: the process-wide crash listeners are not installed here
    guardCrashes: false,
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((ok) => server.close(ok));
  rmSync(root, { recursive: true, force: true });
});

/** A raw request: the path exactly as written (fetch would normalise `..` and re-encode `%`). */
function get(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('static serving', () => {
  it('serves files inside the folder and index.html for app routes', async () => {
    expect(await get('/assets/app.js')).toMatchObject({ status: 200, body: 'console.log(1)' });
    expect((await get('/reports/42')).body).toContain('<title>app</title>');
  });

  it.each(['/%', '/%E0%A4%A', '/assets/%zz.js'])('answers a path it cannot decode (%s) with a 400 and keeps serving', async (path) => {
    // Act
    const res = await get(path);
    // Assess
    expect(res.status).toBe(400);
    expect((await get('/assets/app.js')).status).toBe(200);
  });

  it('answers an unparseable request target (//) with a 400', async () => {
    expect((await get('//')).status).toBe(400);
    expect((await get('/assets/app.js')).status).toBe(200);
  });

  it.each(['/..%2fdist-evil%2fsecret.txt', '/..%2f..%2fsecret.txt', '/%2e%2e%2fdist-evil/secret.txt', '/assets/..%2f..%2f..%2fsecret.txt', '/%00.js'])(
    'serves nothing outside the folder for %s',
    async (path) => {
      // Act
      const res = await get(path);
      // Assess
      expect(res.body).not.toContain('SECRET');
      expect(res.status === 400 || res.status === 404 || res.body.includes('<title>app</title>')).toBe(true);
    },
  );
});
