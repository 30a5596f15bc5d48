/**
 * Searching a report's library: 500 evidence items (text files uploaded through the API, so each text is
 * extracted and stored as ingestion stores it), searched for a word none of them holds: the time of one request,
 * how many texts it read, and the time to search the whole library by following the cursor. (`SEARCH_ONLY=1`
 * runs only this part.)
 * The upload path end to end: a 10 MB PDF through the presigned POST (presign → browser-style POST to S3 →
 * process), timed; and the peak memory (max RSS) of the deployable processUpload bundle, run in a process
 * of its own like a Lambda, on files at the 100 MB limit.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import PDFDocument from 'pdfkit';
import { Jimp } from 'jimp';
import { buildFunctions, FUNCTIONS_OUT } from '../../scripts/build-functions';
import { businessParagraphs, seeded } from '../../test/helpers/evidence-fixtures';
import { http, registerAndLogin } from '../../test/helpers/http';
import { uploadEvidence } from '../../test/helpers/report-setup';
import { spawnLocalStack, type SpawnedStack } from '../../test/helpers/local-stack';
import { median, ms, type SuiteResult } from '../lib';

const MB = 1024 * 1024;

/** Incompressible pictures, as scans and photos are. */
async function noiseJpeg(seed: number, side = 900): Promise<Buffer> {
  const rnd = seeded(seed);
  const image = new Jimp({ width: side, height: side, color: 0xffffffff });
  const data = image.bitmap.data;
  for (let i = 0; i < data.length; i += 4) {
    data[i] = Math.floor(rnd() * 256);
    data[i + 1] = Math.floor(rnd() * 256);
    data[i + 2] = Math.floor(rnd() * 256);
  }
  return image.getBuffer('image/jpeg', { quality: 92 });
}

/** A board pack: text pages, then picture pages until the file is about `targetBytes`. */
async function pdfOfSize(targetBytes: number, textPages: number): Promise<Buffer> {
  const images: Buffer[] = [];
  let total = 0;
  for (let i = 0; total < targetBytes - 1.5 * MB; i++) {
    const jpeg = await noiseJpeg(1000 + i);
    images.push(jpeg);
    total += jpeg.length;
  }
  return new Promise((ok, fail) => {
    const doc = new PDFDocument({ autoFirstPage: false, compress: true });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => ok(Buffer.concat(chunks)));
    doc.on('error', fail);
    for (let p = 0; p < textPages; p++) {
      doc.addPage({ size: 'A4', margin: 56 });
      for (const para of businessParagraphs(5, 500 + p)) doc.fontSize(11).text(para, { paragraphGap: 8 });
    }
    for (const img of images) {
      doc.addPage({ size: 'A4', margin: 36 });
      doc.image(img, { fit: [520, 760] });
    }
    doc.end();
  });
}

async function presignAndPost(stack: SpawnedStack, token: string, reportId: string, name: string, bytes: Buffer) {
  const presign = await http(stack.urls.gateway, 'POST', '/api/files/presign', { token, body: { report_id: reportId, file_name: name, file_size: bytes.length } });
  if (presign.status !== 200) throw new Error(`presign failed: ${presign.text}`);
  const form = new FormData();
  for (const [k, v] of Object.entries(presign.body.upload.fields as Record<string, string>)) form.set(k, v);
  form.set('file', new Blob([bytes]), name);
  const put = await fetch(presign.body.upload.url, { method: 'POST', body: form });
  if (put.status >= 300) throw new Error(`S3 POST failed: ${put.status}`);
  return presign.body.file_id as string;
}

/** Runs processUpload's bundle in a fresh process (as Lambda would) and reports its peak memory. */
function processInOwnProcess(stack: SpawnedStack, username: string, fileId: string, reportId: string) {
  const file = pathToFileURL(resolve(FUNCTIONS_OUT, 'processUpload', 'index.mjs')).href;
  const event = {
    version: '2.0',
    routeKey: 'POST /api/files/{file_id}/process',
    rawPath: `/api/files/${fileId}/process`,
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    pathParameters: { file_id: fileId },
    requestContext: { http: { method: 'POST', path: `/api/files/${fileId}/process` }, requestId: randomUUID(), authorizer: { jwt: { claims: { sub: 's', username, client_id: 'c', token_use: 'access', auth_time: String(Math.floor(Date.now() / 1000)), jti: randomUUID() }, scopes: [] } } },
    body: JSON.stringify({ report_id: reportId }),
    isBase64Encoded: false,
  };
  const script = `
    const started = Date.now();
    const { handler } = await import(${JSON.stringify(file)});
    const res = await handler(${JSON.stringify(event)}, { awsRequestId: 'bench', getRemainingTimeInMillis: () => 29000 - (Date.now() - started) });
    const body = JSON.parse(res.body);
    console.log(JSON.stringify({ status: res.statusCode, processing: body.processing_status ?? body.detail, reason: body.evidence?.reason, ms: Date.now() - started, maxRssMb: process.resourceUsage().maxRSS / 1024 }));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: {
      ...process.env,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      AWS_ENDPOINT_URL_DYNAMODB: stack.urls.dynamodb,
      AWS_ENDPOINT_URL_S3: stack.urls.s3,
      TABLE_NAME: stack.tableName,
      EVIDENCE_BUCKET: stack.bucketName,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    },
    maxBuffer: 16 * MB,
  });
  const line = run.stdout.trim().split('\n').pop() ?? '';
  if (run.status !== 0 || !line.startsWith('{')) throw new Error(`processUpload bundle failed: ${run.stderr.slice(-2000)}`);
  return JSON.parse(line) as { status: number; processing: string; reason?: string; ms: number; maxRssMb: number };
}

const LIBRARY = 500;
const SEARCHES = 10;

/** 500 text files of ~3 KB, each a different mix of business prose, uploaded by 20 users (the per-user upload limit). */
async function fillLibrary(stack: SpawnedStack, reportId: string): Promise<void> {
  const uploaders = await Promise.all(Array.from({ length: 20 }, () => registerAndLogin(stack.urls.gateway, 'library')));
  let next = 0;
  await Promise.all(
    Array.from({ length: 6 }, async () => {
      for (let i = next++; i < LIBRARY; i = next++) {
        const who = uploaders[i % uploaders.length]!;
        const text = businessParagraphs(6, 7000 + i).join('\n\n');
        await uploadEvidence(stack.urls.gateway, who.token, reportId, `notes-${i}.txt`, new TextEncoder().encode(text));
      }
    }),
  );
}

/** A search that matches nothing: one request's time (p50 of 10), what it answered, and the whole library by cursor. */
async function searchNothing(stack: SpawnedStack, token: string, reportId: string) {
  const path = (cursor?: string) => `/api/reports/${reportId}/evidence?q=zebra-quartz${cursor ? `&cursor=${cursor}` : ''}`;
  const one: number[] = [];
  let first: { status: number; body: { items: unknown[]; next_cursor: string | null } } | undefined;
  for (let i = 0; i < SEARCHES; i++) {
    const started = performance.now();
    first = await http(stack.urls.gateway, 'GET', path(), { token });
    one.push(performance.now() - started);
    if (first.status !== 200) throw new Error(`search failed: ${first.status}`);
  }
  const startedAll = performance.now();
  let requests = 0;
  let cursor: string | null = null;
  do {
    const page: { status: number; body: { next_cursor: string | null } } = await http(stack.urls.gateway, 'GET', path(cursor ?? undefined), { token });
    if (page.status !== 200) throw new Error(`search failed: ${page.status}`);
    cursor = page.body.next_cursor;
    requests++;
  } while (cursor && requests < 100);
  return { oneMs: median(one), all: one, answeredItems: first!.body.items.length, continues: Boolean(first!.body.next_cursor), wholeMs: performance.now() - startedAll, requests };
}

export async function searchSuite(): Promise<{ table: SuiteResult['table']; data: unknown }> {
  const stack = await spawnLocalStack({ env: { VALIDATE_RESPONSES: 'false' } });
  try {
    const session = await registerAndLogin(stack.urls.gateway, 'bench');
    const call = (method: string, path: string, body?: unknown) => http(stack.urls.gateway, method, path, { token: session.token, body });
    const org = await call('POST', '/api/organizations', { name: 'Search Org' });
    const reportId = (await call('POST', '/api/reports', { title: 'Search', organization_id: org.body.id, owner: 'Bench' })).body.id as string;
    const filled = performance.now();
    await fillLibrary(stack, reportId);
    const fillMs = performance.now() - filled;
    const r = await searchNothing(stack, session.token, reportId);
    return {
      table: [
        { figure: `search matching nothing, ${LIBRARY} evidence items: one request p50 (of ${SEARCHES})`, value: ms(r.oneMs) },
        { figure: 'what that request answers', value: `${r.answeredItems} items, ${r.continues ? 'a cursor to search on (the budget ended the request)' : 'no cursor (it read every text)'}` },
        { figure: `the whole library searched by following the cursor`, value: `${ms(r.wholeMs)} in ${r.requests} request${r.requests === 1 ? '' : 's'}` },
        { figure: `filling the library (${LIBRARY} text uploads, 6 at a time)`, value: ms(fillMs) },
      ],
      data: { library: LIBRARY, searchMs: r.all, oneMs: r.oneMs, wholeMs: r.wholeMs, requests: r.requests, answeredItems: r.answeredItems, continues: r.continues, fillMs },
    };
  } finally {
    await stack.stop();
  }
}

export async function run(): Promise<SuiteResult> {
  const search = await searchSuite();
  if (process.env.SEARCH_ONLY === '1') return { suite: 'evidence', table: search.table, data: { search: search.data } };
  await buildFunctions({ quiet: true });
  const stack = await spawnLocalStack({ env: { VALIDATE_RESPONSES: 'false' } });
  try {
    const session = await registerAndLogin(stack.urls.gateway, 'bench');
    const call = (method: string, path: string, body?: unknown) => http(stack.urls.gateway, method, path, { token: session.token, body });
    const org = await call('POST', '/api/organizations', { name: 'Bench Org' });
    const reportId = (await call('POST', '/api/reports', { title: 'Bench', organization_id: org.body.id, owner: 'Bench' })).body.id as string;

    // 1. a 10 MB PDF, end to end through the local gateway
    const pdf10 = await pdfOfSize(10 * MB, 30);
    const started = Date.now();
    const fileId = await presignAndPost(stack, session.token, reportId, 'board-pack-10mb.pdf', pdf10);
    const processed = await call('POST', `/api/files/${fileId}/process`, { report_id: reportId });
    const endToEnd = Date.now() - started;
    if (processed.status !== 200) throw new Error(`processing failed: ${processed.text}`);

    // 2. peak memory of the function bundle at the 100 MB limit: a scanned-style PDF and a text file
    const pdf100 = await pdfOfSize(100 * MB - 64 * 1024, 10);
    const txt100 = Buffer.alloc(100 * MB - 16, `${businessParagraphs(1, 9)[0]}\n`);
    const results = [];
    for (const [name, bytes] of [['scan-100mb.pdf', pdf100], ['log-100mb.txt', txt100]] as const) {
      const id = await presignAndPost(stack, session.token, reportId, name, bytes);
      results.push({ name, size: bytes.length, ...processInOwnProcess(stack, session.user.username, id, reportId) });
    }
    const peak = Math.max(...results.map((r) => r.maxRssMb));
    return {
      suite: 'evidence',
      table: [
        ...search.table,
        { figure: `upload-to-analysed, 10 MB PDF (${(pdf10.length / MB).toFixed(1)} MB, presigned POST + process)`, value: `${ms(endToEnd)} → ${processed.body.processing_status}` },
        ...results.map((r) => ({
          figure: `processUpload bundle on ${r.name} (${(r.size / MB).toFixed(1)} MB): time / peak RSS / status`,
          value: `${ms(r.ms)} / ${r.maxRssMb.toFixed(0)} MB / ${r.status} ${r.processing}${r.reason ? ` (${r.reason})` : ''}`,
          goal: '≤ 1,024 MB, ≤ 30 s',
          ok: r.maxRssMb <= 1024 && r.ms <= 30_000,
        })),
        { figure: 'peak memory at the 100 MB limit', value: `${peak.toFixed(0)} MB`, goal: '≤ 1,024 MB (the function\'s memory)', ok: peak <= 1024 },
      ],
      data: { search: search.data, endToEndMs: endToEnd, tenMbStatus: processed.body.processing_status, hundredMb: results },
    };
  } finally {
    await stack.stop();
  }
}
