/**
 * Ask the evidence over 500 evidence items: Ask p50/p99 over 500 evidence items, locally.
 * 500 items (the most a report holds) are built from the gold set's texts, each with a header of its own.
 * 1. In process: what the ask route computes per question (retrieval, the local provider's extractive answer,
 *    the verification of its quotes), for the gold questions in turn: with every sentence indexed for BM25 per
 *    question (no cache) and from the cached index (as the route answers in a warm function).
 * 2. Through the local gateway: the 500 items filed as interview notes on one report, then POST …/ask timed
 *    end to end (session and access checks, the scope's version, the answer, provenance): the first question
 *    (the texts read from DynamoDB and indexed), questions after it (the cached index), questions each right
 *    after an item was taken out (the evidence changed: the index rebuilt); scope `client` likewise, its
 *    changes made by filing items for another report of the client.
 */
import { performance } from 'node:perf_hooks';
import { loadavg } from 'node:os';
import * as z from 'zod/mini';
import { groundSentences } from '../../functions/domain/ai/text/grounding';
import { localAsker } from '../../functions/domain/ai/providers/views';
import { proposeAnswer, proposeFromPassages } from '../../functions/domain/ai/answer/propose-answer';
import { AskGoldQuestion } from '../eval/ask';
import { cachedIndex, membersVersion } from '../../functions/domain/ai/retrieval/question-index-cache';
import { loadGoldCases } from '../../test/helpers/eval-harness';
import { http, registerAndLogin } from '../../test/helpers/http';
import { spawnLocalStack } from '../../test/helpers/local-stack';
import { ms, percentile, type SuiteResult } from '../lib';

const ITEMS = 500;
const IN_PROCESS_ASKS = 40;
const HTTP_ASKS = 40;
/** questions asked each right after one more item was filed (the index rebuilt) */
const CHANGED_ASKS = 8;

export async function run(): Promise<SuiteResult> {
  const cases = loadGoldCases();
  const texts = cases.flatMap((c) => c.gold.evidence.map((e) => ({ title: e.title, text: c.texts.get(e.id) ?? '' })));
  const items = Array.from({ length: ITEMS }, (_, i) => {
    const t = texts[i % texts.length]!;
    return { id: `item-${i}`, title: `${t.title} (${i + 1})`, text: `Source ${i + 1} of ${ITEMS}.\n${t.text}` };
  });
  const chars = items.reduce((n, i) => n + i.text.length, 0);
  const questions = cases.flatMap((c) => c.gold.questions.map((q) => z.parse(AskGoldQuestion, q).question));
  const byId = new Map(items.map((i) => [i.id, i.text]));

  // 1. in process: the index built per question (no cache), and the cached one
  const asker = localAsker();
  const askUncached = async (q: string) => {
    const { proposed } = await proposeAnswer(q, items, asker, []);
    return groundSentences(proposed, (id) => byId.get(id));
  };
  const version = membersVersion(items);
  const askCached = async (q: string) => {
    const { index } = await cachedIndex('bench:report', version, async () => items);
    const { proposed } = await proposeFromPassages(q, index.search(q), asker, []);
    return groundSentences(proposed, (id) => byId.get(id));
  };
  const timeAll = async (ask: (q: string) => Promise<{ kept: unknown[] }>) => {
    await ask(questions[0]!); // warm
    const times: number[] = [];
    let answered = 0;
    for (let i = 0; i < IN_PROCESS_ASKS; i++) {
      const t0 = performance.now();
      const out = await ask(questions[i % questions.length]!);
      times.push(performance.now() - t0);
      if (out.kept.length) answered++;
    }
    return { times, answered };
  };
  const uncached = await timeAll(askUncached);
  const cached = await timeAll(askCached);
  const loadIn = loadavg()[0]!;

  // 2. through the gateway
  const stack = await spawnLocalStack();
  const viaHttp: number[] = [];
  const viaHttpClient: number[] = [];
  const changed: number[] = [];
  const changedClient: number[] = [];
  let firstMs = 0;
  let firstClientMs = 0;
  let errors = 0;
  try {
    const gw = stack.urls.gateway;
    const session = await registerAndLogin(gw, 'askbench');
    const org = await http(gw, 'POST', '/api/organizations', { token: session.token, body: { name: 'Bench ask' } });
    const report = await http(gw, 'POST', '/api/reports', { token: session.token, body: { title: 'Bench ask', organization_id: org.body.id, owner: 'Ann' } });
    if (report.status !== 200) throw new Error(`report: ${report.status} ${report.text}`);
    // 120 files a minute per user: five colleagues file a hundred items each
    const filers = await Promise.all(Array.from({ length: 5 }, (_, i) => registerAndLogin(gw, `askfiler${i}`)));
    for (let i = 0; i < ITEMS; i += 10) {
      const batch = await Promise.all(
        items.slice(i, i + 10).map((item, j) => http(gw, 'POST', `/api/reports/${report.body.id}/evidence/interview`, { token: filers[(i + j) % filers.length]!.token, body: { title: item.title, content: item.text, source: 'bench' } })),
      );
      for (const b of batch) if (b.status !== 200) throw new Error(`evidence: ${b.status} ${b.text.slice(0, 200)}`);
    }
    // the per-user limit on asking is 30 a minute: several colleagues (the client is open to the firm) ask in turn
    const askers = await Promise.all(Array.from({ length: 4 }, (_, i) => registerAndLogin(gw, `askbench${i}`)));
    const who = [session, ...askers];
    let turn = 0;
    const timed = async (question: string, scope: 'report' | 'client') => {
      const t0 = performance.now();
      const res = await http(gw, 'POST', `/api/reports/${report.body.id}/ask`, { token: who[turn++ % who.length]!.token, body: { question, scope } });
      const took = performance.now() - t0;
      if (res.status !== 200) errors++;
      return took;
    };
    firstMs = await timed(questions[0]!, 'report'); // the texts read and indexed
    for (let i = 0; i < HTTP_ASKS; i++) viaHttp.push(await timed(questions[i % questions.length]!, 'report'));
    // the report's evidence changes (at its cap of 500: one item taken out), then a question: the index rebuilt
    const listed = await http(gw, 'GET', `/api/reports/${report.body.id}/evidence?limit=${CHANGED_ASKS}`, { token: session.token });
    const out = ((listed.body?.items ?? []) as { id: string }[]).slice(0, CHANGED_ASKS);
    if (out.length < CHANGED_ASKS) errors++;
    for (const [i, item] of out.entries()) {
      const removed = await http(gw, 'DELETE', `/api/reports/${report.body.id}/evidence/${item.id}`, { token: session.token });
      if (removed.status !== 200) errors++;
      changed.push(await timed(questions[i % questions.length]!, 'report'));
    }
    // the client's library: the first question (built), cached ones, and ones each after an item was filed for
    // another report of the client (the library's change count moves: rebuilt)
    firstClientMs = await timed(questions[0]!, 'client');
    for (let i = 0; i < HTTP_ASKS / 2; i++) viaHttpClient.push(await timed(questions[i % questions.length]!, 'client'));
    const other = await http(gw, 'POST', '/api/reports', { token: session.token, body: { title: 'Bench ask, depot review', organization_id: org.body.id, owner: 'Ann' } });
    for (let i = 0; i < CHANGED_ASKS; i++) {
      const added = await http(gw, 'POST', `/api/reports/${other.body.id}/evidence/interview`, {
        token: filers[i % filers.length]!.token,
        body: { title: `Depot note ${i + 1}`, content: `Depot note ${i + 1}: the visit is booked.`, source: 'bench' },
      });
      if (added.status !== 200) errors++;
      changedClient.push(await timed(questions[i % questions.length]!, 'client'));
    }
  } finally {
    await stack.stop();
  }
  const loadHttp = loadavg()[0]!;

  return {
    suite: 'ask',
    table: [
      { figure: 'evidence items / characters', value: `${ITEMS} / ${(chars / 1e6).toFixed(2)} M (built from the gold texts)` },
      { figure: `in process, index built per question (the route before the cache): p50 (${IN_PROCESS_ASKS} gold questions in turn)`, value: ms(percentile(uncached.times, 50)) },
      { figure: 'in process, index built per question: p99', value: ms(percentile(uncached.times, 99)) },
      { figure: 'in process, cached index (a warm function, the route now): p50', value: ms(percentile(cached.times, 50)) },
      { figure: 'in process, cached index: p99', value: ms(percentile(cached.times, 99)) },
      { figure: 'in process: questions answered / asked (cached; built per question)', value: `${cached.answered}/${IN_PROCESS_ASKS}; ${uncached.answered}/${IN_PROCESS_ASKS}` },
      { figure: 'POST /api/reports/{id}/ask through the local gateway: first question (texts read, index built)', value: ms(firstMs) },
      { figure: `through the local gateway, cached index: p50 (${HTTP_ASKS} asks, one at a time)`, value: ms(percentile(viaHttp, 50)) },
      { figure: 'through the local gateway, cached index: p99', value: ms(percentile(viaHttp, 99)) },
      { figure: `through the local gateway, each right after an item was taken out (index rebuilt): p50 / p99 (${CHANGED_ASKS} asks)`, value: `${ms(percentile(changed, 50))} / ${ms(percentile(changed, 99))}` },
      { figure: `scope client (the ${ITEMS} library items): first question (built) / cached p50 / p99 (${HTTP_ASKS / 2} asks)`, value: `${ms(firstClientMs)} / ${ms(percentile(viaHttpClient, 50))} / ${ms(percentile(viaHttpClient, 99))}` },
      { figure: `scope client, each right after an item was filed for another report (rebuilt): p50 / p99 (${CHANGED_ASKS} asks)`, value: `${ms(percentile(changedClient, 50))} / ${ms(percentile(changedClient, 99))}` },
      { figure: 'errors / non-200', value: String(errors), goal: '0', ok: errors === 0 },
      { figure: 'load average (1 min) after each part', value: `${loadIn.toFixed(1)} / ${loadHttp.toFixed(1)} (2 cores shared: indicative only)` },
    ],
    data: {
      items: ITEMS,
      chars,
      inProcess: uncached.times,
      inProcessCached: cached.times,
      viaHttp,
      viaHttpClient,
      changed,
      changedClient,
      firstMs,
      firstClientMs,
      errors,
      load: [loadIn, loadHttp],
    },
  };
}
