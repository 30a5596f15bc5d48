/**
 * AI drafting as a background job, through the local gateway (which plays Lambda for the draftStep worker):
 * a start answers 202 with the step's job at once, the job moves through its stages to a pending draft that is
 * then accepted; a start while the step's job is active answers that job; a spent budget is refused at the
 * start; and a provider that fails (Bedrock throttling, served by a stand-in Bedrock endpoint: the one service
 * the project may mock) fails the job with a reason the user can act on, never a 500.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Http2Server } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { details } from '@shared/messages';
import { DIMENSIONS } from '@shared/schemas/analysis';
import { DRAFT_JOB_STAGES } from '@shared/schemas/report-document';
import { waitForDraftJob } from '../helpers/draft-job';
import { tableClient } from '../helpers/emulator-clients';
import { http, registerAndLogin } from '../helpers/http';
import { spawnLocalStack, type SpawnedStack } from '../helpers/local-stack';

const shared = inject('stack');
const db = tableClient(shared);

const NOTES =
  'Revenue grew 14% last year, but gross margin fell by two points as freight costs rose. Customer churn in the SME segment rose to 11%. Staff turnover in the depots is 18%, well above the sector average.';

interface Session {
  gw: string;
  token: string;
  username: string;
  orgId: string;
}

async function session(gw: string, prefix: string): Promise<Session> {
  const s = await registerAndLogin(gw, prefix);
  const orgId = (await http(gw, 'POST', '/api/organizations', { token: s.token, body: { name: `Job Org ${randomUUID().slice(0, 6)}`, sector: 'retail', geography: 'UK' } })).body.id as string;
  return { gw, token: s.token, username: s.user.username, orgId };
}

const call = <T = any>(s: Session, method: string, path: string, body?: unknown) => http<T>(s.gw, method, path, { token: s.token, body });

async function reportWithEvidence(s: Session): Promise<string> {
  const reportId = (await call(s, 'POST', '/api/reports', { title: 'Drafted in the background', organization_id: s.orgId, owner: 'Ann' })).body.id as string;
  const added = await call(s, 'POST', `/api/reports/${reportId}/evidence/interview`, { title: 'CFO interview', content: NOTES });
  if (added.status !== 200 && added.status !== 201) throw new Error(`interview not added: ${added.status} ${added.text}`);
  return reportId;
}

/** The step's job as a worker at work leaves it (running, heard of `agoMs` ago). */
async function runningJob(s: Session, reportId: string, step: string, agoMs: number) {
  const id = randomUUID();
  const at = new Date(Date.now() - agoMs).toISOString();
  const job = {
    id, report_id: reportId, step, status: 'running', stage: 'drafting', progress: 35, error: null, provenance_id: null, citations_dropped: null,
    provider: null, created_by: s.username, created_at: at, updated_at: at, completed_at: null,
  };
  await db.send(new PutCommand({ TableName: shared.tableName, Item: { PK: `REPORT#${reportId}`, SK: `DRAFTJOB#${step}`, entity: 'DraftJob', ...job } }));
  return job;
}

let ann: Session;
beforeAll(async () => {
  ann = await session(shared.urls.gateway, 'draftjob');
});

describe('drafting a step as a background job', () => {
  it('answers 202 at once, moves through its stages to ready, keeps the draft pending, and the draft is accepted', async () => {
    // Prepare
    const reportId = await reportWithEvidence(ann);
    const before = await call(ann, 'GET', `/api/reports/${reportId}/drafts/findings/job`);
    // Act
    const started = await call(ann, 'POST', `/api/reports/${reportId}/draft`, { step: 'findings' });
    const { stages, job } = await waitForDraftJob(ann.gw, ann.token, reportId, 'findings');
    const pending = await call(ann, 'GET', `/api/reports/${reportId}/drafts/findings`);
    const accepted = await call(ann, 'POST', `/api/reports/${reportId}/drafts/findings/accept`, { mode: 'replace', version: 0 });
    // Assess
    expect(before.body).toEqual({ job: null });
    expect(started.status, started.text).toBe(202);
    expect(started.headers.get('location')).toBe(`/api/reports/${reportId}/drafts/findings/job`);
    expect(started.body).toMatchObject({ success: true, job: { id: expect.any(String), report_id: reportId, step: 'findings', status: 'queued', stage: 'queued', progress: 0, created_by: ann.username } });
    expect(job).toMatchObject({ id: started.body.job.id, status: 'done', stage: 'ready', progress: 100, error: null, provider: 'local', provenance_id: expect.any(String), completed_at: expect.any(String) });
    // every stage seen is a known one, in the order they run
    const order = stages.map((s) => DRAFT_JOB_STAGES.indexOf(s as never));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(stages.at(-1)).toBe('ready');
    expect(pending.body.draft).toMatchObject({ step: 'findings', provenance_id: job.provenance_id, created_by: ann.username });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body.accepted).toBe(pending.body.draft.data.findings.length);
    expect(accepted.body.accepted).toBeGreaterThan(0);
  });

  it('answers the active job to another start: parallel starts share one job, and a job still running is answered, not doubled', async () => {
    // Prepare
    const reportId = await reportWithEvidence(ann);
    // Act: three starts at once
    const starts = await Promise.all([1, 2, 3].map(() => call(ann, 'POST', `/api/reports/${reportId}/draft`, { step: 'swot' })));
    const finished = await waitForDraftJob(ann.gw, ann.token, reportId, 'swot');
    // a worker still at work on the roadmap (heard of 5 s ago): a start answers it and starts nothing
    const running = await runningJob(ann, reportId, 'roadmap', 5_000);
    const again = await call(ann, 'POST', `/api/reports/${reportId}/draft`, { step: 'roadmap' });
    const stored = await db.send(new GetCommand({ TableName: shared.tableName, Key: { PK: `REPORT#${reportId}`, SK: 'DRAFTJOB#roadmap' }, ConsistentRead: true }));
    // Assess
    expect(starts.map((s) => s.status)).toEqual([202, 202, 202]);
    expect(new Set(starts.map((s) => s.body.job.id)).size).toBe(1);
    expect(finished.job).toMatchObject({ id: starts[0]!.body.job.id, status: 'done' });
    expect(again.status, again.text).toBe(202);
    expect(again.body.job).toMatchObject({ id: running.id, status: 'running', stage: 'drafting', progress: 35 });
    expect(stored.Item).toMatchObject({ id: running.id, status: 'running', updated_at: running.updated_at });
  });

  it('starts afresh over a job its worker outlived, which reads as failed with a reason', async () => {
    // Prepare: a job last heard of 20 minutes ago (the worker's time is 5)
    const reportId = await reportWithEvidence(ann);
    const dead = await runningJob(ann, reportId, 'findings', 20 * 60_000);
    // Act
    const shown = await call(ann, 'GET', `/api/reports/${reportId}/drafts/findings/job`);
    const restarted = await call(ann, 'POST', `/api/reports/${reportId}/draft`, { step: 'findings' });
    const { job } = await waitForDraftJob(ann.gw, ann.token, reportId, 'findings');
    // Assess
    expect(shown.body.job).toMatchObject({ id: dead.id, status: 'failed', stage: 'failed', error: details.draftTimedOut });
    expect(restarted.status).toBe(202);
    expect(restarted.body.job.id).not.toBe(dead.id);
    expect(job).toMatchObject({ id: restarted.body.job.id, status: 'done' });
  });

  it('refuses a start without a valid session, and a malformed step or report id with what is wrong', async () => {
    // Prepare
    const reportId = await reportWithEvidence(ann);
    // Act
    const anonymous = await http(ann.gw, 'GET', `/api/reports/${reportId}/drafts/findings/job`);
    const badStep = await call(ann, 'GET', `/api/reports/${reportId}/drafts/finale/job`);
    const unknown = await call(ann, 'GET', `/api/reports/${randomUUID()}/drafts/findings/job`);
    // Assess
    expect(anonymous.status).toBe(401);
    expect(badStep.status).toBe(400);
    expect(badStep.body.detail).toMatch(/step must be one of/);
    expect(unknown.status).toBe(404);
  });
});

describe('a provider that fails', () => {
  let bedrock: Http2Server;
  let stack: SpawnedStack;
  let bob: Session;
  const converse: { tool: boolean }[] = [];

  beforeAll(async () => {
    // A stand-in for the Bedrock Converse endpoint (HTTP/2 in clear text, as the SDK's client speaks to it): it analyses evidence (the ingest's plain answers, quoting the
    // text's own sentences) and improves text, but throttles every drafting call (a forced tool)
    bedrock = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        const body = JSON.parse(raw || '{}') as { toolConfig?: unknown; messages?: { content?: { text?: string }[] }[] };
        const prompt = body.messages?.[0]?.content?.[0]?.text ?? '';
        converse.push({ tool: Boolean(body.toolConfig) });
        if (body.toolConfig) {
          res.writeHead(429, { 'content-type': 'application/json', 'x-amzn-errortype': 'ThrottlingException' });
          return res.end(JSON.stringify({ message: 'Too many requests, please wait before trying again.' }));
        }
        const doc = /<document>\n([\s\S]*?)\n<\/document>/.exec(prompt)?.[1] ?? '';
        const sentences = doc.split(/(?<=\.)\s+/).filter(Boolean);
        const answer = prompt.includes('Return JSON {"text"')
          ? { text: 'Margins fell as freight costs rose.' }
          : {
              business_dimensions: [DIMENSIONS[0]],
              dimension_scores: Object.fromEntries(DIMENSIONS.map((d, i) => [d, i === 0 ? 0.8 : 0.3])),
              relevance_score: 0.8,
              key_insights: sentences.slice(0, 3).map((text) => ({ text, dimension: DIMENSIONS[0], score: 0.8 })),
            };
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({
          output: { message: { role: 'assistant', content: [{ text: JSON.stringify(answer) }] } },
          stopReason: 'end_turn',
          usage: { inputTokens: 1200, outputTokens: 300, totalTokens: 1500 },
          metrics: { latencyMs: 40 },
        }));
      });
    });
    await new Promise<void>((ok) => bedrock.listen(0, '127.0.0.1', () => ok()));
    stack = await spawnLocalStack({
      env: {
        AI_PROVIDER: 'bedrock',
        BEDROCK_MODEL_ID: 'global.anthropic.claude-haiku-4-5-20251001-v1:0',
        BEDROCK_REGION: 'us-east-1',
        BEDROCK_MAX_ATTEMPTS: '1',
        // two enhancements (1,500 tokens each) spend it
        AI_REPORT_TOKEN_BUDGET: '2500',
        AWS_ENDPOINT_URL_BEDROCK_RUNTIME: `http://127.0.0.1:${(bedrock.address() as AddressInfo).port}`,
      },
    });
    bob = await session(stack.urls.gateway, 'draftjobfail');
  });
  afterAll(async () => {
    await stack?.stop();
    await new Promise<void>((ok) => (bedrock ? bedrock.close(() => ok()) : ok()));
  });

  it('fails the job with a reason the user can act on when Bedrock throttles, never a 500, and leaves no draft', async () => {
    // Prepare
    const reportId = await reportWithEvidence(bob);
    // Act
    const started = await call(bob, 'POST', `/api/reports/${reportId}/draft`, { step: 'findings' });
    const { stages, job } = await waitForDraftJob(bob.gw, bob.token, reportId, 'findings');
    const pending = await call(bob, 'GET', `/api/reports/${reportId}/drafts/findings`);
    // Assess
    expect(started.status, started.text).toBe(202);
    expect(job).toMatchObject({ id: started.body.job.id, status: 'failed', stage: 'failed', error: details.aiModelUnavailable('throttled'), provenance_id: null });
    expect(stages).not.toContain('ready');
    expect(converse.some((c) => c.tool)).toBe(true);
    expect(pending.body).toEqual({ draft: null });
  });

  it('records the tokens of an AI Enhance in provenance and counts them: once the report\'s budget is spent, enhancing and drafting are refused (429) at once', async () => {
    // Prepare
    const reportId = await reportWithEvidence(bob);
    const enhance = () => call(bob, 'POST', `/api/reports/${reportId}/sections/executive-summary/enhance`, { text: 'Margins are falling because of freight.', instruction: 'tighten' });
    // Act
    const first = await enhance();
    const second = await enhance();
    const third = await enhance();
    const draft = await call(bob, 'POST', `/api/reports/${reportId}/draft`, { step: 'findings' });
    const provenance = await call(bob, 'GET', `/api/reports/${reportId}/provenance`);
    // Assess
    expect([first.status, second.status], first.text).toEqual([200, 200]);
    expect(first.body.provider).toBe('bedrock');
    expect(provenance.body.items.filter((p: { kind: string }) => p.kind === 'enhance:executive-summary')).toHaveLength(2);
    expect(provenance.body.items[0]).toMatchObject({ provider: 'bedrock', usage: { input_tokens: 1200, output_tokens: 300, calls: 1, stop_reason: 'end_turn' } });
    expect(third.status).toBe(429);
    expect(third.body.detail).toBe(details.aiBudgetSpent(3000, 2500));
    expect(draft.status).toBe(429);
    expect(draft.body.detail).toBe(details.aiBudgetSpent(3000, 2500));
    expect((await call(bob, 'GET', `/api/reports/${reportId}/drafts/findings/job`)).body).toEqual({ job: null });
  });
});
