/**
 * The claim ledger at the largest report the schemas allow: nine sections of 200,000 characters dense with
 * figures (two a sentence), each with 500 citations whose 2,000-character quotes state a figure of the sentence.
 * On a local stack: the sections are written with the repository (their citations are not what is measured); the
 * first GET /api/reports/{id}/ledger computes every part from scratch; a section's save (in process, as the save
 * handler does it: the section written, then its part refreshed) with its input unchanged (the fingerprint matches)
 * and with one sentence changed: the save's own time (a changed section this large is handed to the ledgerParts
 * worker, which the stack's gateway runs) and the time until its part is stored; later reads join the parts'
 * summaries and list the first page, metered (METER_DYNAMODB: the gateway's `x-assay-consumed-rcu`), and a second
 * page by its cursor; Final's gate, in process. Last, a section at the inline size on a report of its own: its part
 * computed on the save's request, against the same part handed to the worker.
 */
import { randomUUID } from 'node:crypto';
import { localWorkerFunctionName, workerFunctionEnv } from '@shared/api/workers';
import { MAX_QUOTE_CHARS, SECTION_KEYS, SECTION_TITLES, type SectionKey } from '@shared/schemas/report-document';
import { spawnLocalStack } from '../../test/helpers/local-stack';
import { http, registerAndLogin } from '../../test/helpers/http';
import { median, ms, pointAtLocalTable, type SuiteResult } from '../lib';

const SECTION_CHARS = 200_000;
const CITATIONS = 500;
const READS = 20;

/** One section's markdown and citations: sentences of two figures, the first 500 cited. */
function largestSection(seed: number): { content: string; citations: { id: string; evidence_id: string; start: number; end: number; quote: string }[] } {
  const sentences: string[] = [];
  const citations: { id: string; evidence_id: string; start: number; end: number; quote: string }[] = [];
  let size = 0;
  for (let i = 0; size < SECTION_CHARS - 200; i++) {
    const revenue = `$${(1 + ((i * 7 + seed) % 90) / 10).toFixed(1)}m`;
    const margin = `${10 + ((i * 3 + seed) % 30)}%`;
    const id = `c${i}`;
    const cited = citations.length < CITATIONS;
    const sentence = `Revenue in region ${i} reached ${revenue} in FY2024 and gross margin ${margin}${cited ? ` [@${id}]` : ''}.`;
    if (cited) {
      const text = `Region ${i} revenue reached ${revenue} with a gross margin of ${margin}. `;
      const quote = text.repeat(Math.ceil(MAX_QUOTE_CHARS / text.length)).slice(0, MAX_QUOTE_CHARS);
      citations.push({ id, evidence_id: 'a1b2c3d4-0000-4000-8000-000000000001', start: i * MAX_QUOTE_CHARS, end: (i + 1) * MAX_QUOTE_CHARS, quote });
    }
    sentences.push(sentence);
    size += sentence.length + 1;
    if (i % 8 === 7) {
      sentences.push('\n');
      size += 1;
    }
  }
  return { content: sentences.join(' ').slice(0, SECTION_CHARS), citations };
}

export async function run(): Promise<SuiteResult> {
  const stack = await spawnLocalStack({ env: { METER_DYNAMODB: 'true', VALIDATE_RESPONSES: 'false' }, verbose: process.env.BENCH_VERBOSE === 'true' });
  try {
    const gw = stack.urls.gateway;
    const s = await registerAndLogin(gw, 'bench');
    const ok = async (method: string, path: string, body?: unknown) => {
      const res = await http(gw, method, path, { token: s.token, body });
      if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${res.text.slice(0, 300)}`);
      return res;
    };
    const org = (await ok('POST', '/api/organizations', { name: `Bench ledger ${randomUUID().slice(0, 6)}` })).body;
    const reportId = (await ok('POST', '/api/reports', { title: 'Largest report', organization_id: org.id, owner: 'Ann Lee' })).body.id as string;

    // the save's process starts the ledgerParts worker as the save route does: the gateway plays Lambda for it
    pointAtLocalTable(stack, {
      AWS_ENDPOINT_URL_S3: stack.urls.s3,
      EVIDENCE_BUCKET: stack.bucketName,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      AWS_ENDPOINT_URL_LAMBDA: gw,
      [workerFunctionEnv('ledgerParts')]: localWorkerFunctionName('ledgerParts'),
    });
    const { writeSection } = await import('../../functions/data/sections-repo');
    const { markPartQueued, readFingerprint } = await import('../../functions/data/ledger-repo');
    const { startWorker } = await import('../../functions/data/worker-invoker');
    const { assertLedgerAllowsFinal, refreshSectionLedger } = await import('../../functions/domain/ledger/index');
    const { INLINE_CHARS } = await import('../../functions/domain/ledger/background');
    const { ledgerOfPart } = await import('../../shared/domain/ledger/ledger');
    const { measureOf } = await import('../../functions/domain/ledger/measure');
    const versions = new Map<string, number>();
    /** Writes a section over its current version, as a save does; answers the version written. */
    const write = async (report: string, key: SectionKey, content: string, citations: ReturnType<typeof largestSection>['citations']) => {
      const expected = versions.get(`${report}/${key}`) ?? 0;
      const outcome = await writeSection({
        report_id: report,
        key,
        title: SECTION_TITLES[key],
        content,
        citations,
        completeness: 100,
        chars: content.length,
        updated_by: s.user.username,
        updated_at: new Date().toISOString(),
        origin: 'edited',
        ai_drafted: false,
        note: 'bench',
        expected,
      });
      if (!outcome.ok) throw new Error(`section ${key} not written`);
      versions.set(`${report}/${key}`, expected + 1);
      return expected + 1;
    };
    /** Waits until the section's part stands for `version` (the worker stored it); answers when, from `since`. */
    const stored = async (report: string, key: SectionKey, version: number, since: number) => {
      for (;;) {
        if (((await readFingerprint(report, `section:${key}`))?.version ?? 0) >= version) return performance.now() - since;
        if (performance.now() - since > 120_000) throw new Error(`the part of ${key} v${version} was not stored`);
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    const sections = SECTION_KEYS.map((key, i) => ({ key, ...largestSection(i) }));
    for (const sec of sections) await write(reportId, sec.key, sec.content, sec.citations);

    // from scratch: each read computes the missing parts within its budget and answers the sections still pending;
    // the panel asks again until none is left
    const t0 = performance.now();
    let first = await ok('GET', `/api/reports/${reportId}/ledger`);
    const firstMs = performance.now() - t0;
    const firstPending = (first.body.pending as string[]).length;
    let requests = 1;
    let slowest = firstMs;
    while ((first.body.pending as string[]).length && requests < 20) {
      const r0 = performance.now();
      first = await ok('GET', `/api/reports/${reportId}/ledger`);
      slowest = Math.max(slowest, performance.now() - r0);
      requests++;
    }
    const scratchMs = performance.now() - t0;
    const counts = first.body.counts as { figures: number; cited: number; derived: number; unsupported: number; disagreements: number };
    // the computation alone, in process
    const c0 = performance.now();
    for (const sec of sections) ledgerOfPart({ part: `section:${sec.key}`, text: sec.content, citations: sec.citations }, { measureOf });
    const computeMs = performance.now() - c0;

    // a section's save: the section written, then its part refreshed (what the save handler adds after its write),
    // its input unchanged and changed; a changed one's part is stored by the worker after the save has answered
    const sec = sections[3]!;
    const unchanged: number[] = [];
    for (let i = 0; i < 5; i++) {
      const version = await write(reportId, sec.key, sec.content, sec.citations);
      const started = performance.now();
      await refreshSectionLedger(reportId, [{ key: sec.key, version, content: sec.content, citations: sec.citations }]);
      unchanged.push(performance.now() - started);
    }
    const changed: { save: number; ledger: number; stored: number }[] = [];
    for (let i = 0; i < 5; i++) {
      const content = `${sec.content.slice(0, SECTION_CHARS - 60)} Costs rose ${i + 1}% in FY2025.`;
      const started = performance.now();
      const version = await write(reportId, sec.key, content, sec.citations);
      const l0 = performance.now();
      await refreshSectionLedger(reportId, [{ key: sec.key, version, content, citations: sec.citations }]);
      const answered = performance.now();
      changed.push({ save: answered - started, ledger: answered - l0, stored: await stored(reportId, sec.key, version, started) });
    }

    // reads: the first page (counts, disagreements, blocking figures first), then the second by its cursor
    const reads: { ms: number; rcu: number; bytes: number }[] = [];
    let next = '';
    for (let i = 0; i < READS; i++) {
      const started = performance.now();
      const res = await ok('GET', `/api/reports/${reportId}/ledger`);
      reads.push({ ms: performance.now() - started, rcu: Number(res.headers.get('x-assay-consumed-rcu')), bytes: res.text.length });
      next = res.body.next_cursor as string;
    }
    const second: { ms: number; rcu: number; bytes: number }[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const res = await ok('GET', `/api/reports/${reportId}/ledger?cursor=${encodeURIComponent(next)}`);
      second.push({ ms: performance.now() - started, rcu: Number(res.headers.get('x-assay-consumed-rcu')), bytes: res.text.length });
    }
    // Final's gate: every part checked against its section, the blocking figures named
    const g0 = performance.now();
    const refused = await assertLedgerAllowsFinal({ id: reportId }).then(() => 'passed', (e: Error) => e.name);
    const gateMs = performance.now() - g0;
    const rcu = Math.max(...reads.map((r) => r.rcu));

    // a section at the inline size, on a report of its own: its part computed on the save's request, against the
    // same part handed to the worker (recorded as queued, the worker started, then stored)
    const smallReport = (await ok('POST', '/api/reports', { title: 'Inline-size report', organization_id: org.id, owner: 'Ann Lee' })).body.id as string;
    const small = largestSection(1);
    const smallContent = small.content.slice(0, INLINE_CHARS);
    const smallCitations = small.citations.filter((c) => smallContent.includes(`[@${c.id}]`));
    const inline: number[] = [];
    const queued: { save: number; stored: number }[] = [];
    for (let i = 0; i < 5; i++) {
      const content = `${smallContent.slice(0, INLINE_CHARS - 40)} Costs rose ${i + 1}% in FY2025.`;
      let version = await write(smallReport, 'findings', content, smallCitations);
      const i0 = performance.now();
      await refreshSectionLedger(smallReport, [{ key: 'findings', version, content, citations: smallCitations }]);
      inline.push(performance.now() - i0);
      const again = `${content} Prices held.`;
      version = await write(smallReport, 'findings', again, smallCitations);
      const q0 = performance.now();
      await markPartQueued(smallReport, 'section:findings', version, new Date().toISOString());
      await startWorker('ledgerParts', { report_id: smallReport, keys: ['findings'] });
      const answered = performance.now() - q0;
      queued.push({ save: answered, stored: await stored(smallReport, 'findings', version, q0) });
    }
    return {
      suite: 'ledger',
      table: [
        { figure: 'largest report: sections × characters, citations a section', value: `${sections.length} × ${SECTION_CHARS.toLocaleString('en-US')}, ${CITATIONS}` },
        { figure: 'figures in the ledger (cited / derived / unsupported; disagreements)', value: `${counts.figures} (${counts.cited} / ${counts.derived} / ${counts.unsupported}; ${counts.disagreements})` },
        { figure: 'from scratch: first read (computes parts within its budget; sections left pending)', value: `${ms(firstMs)} (${firstPending} pending)` },
        { figure: 'from scratch: until the ledger is whole (requests; slowest request)', value: `${ms(scratchMs)} (${requests}; ${ms(slowest)})` },
        { figure: 'from scratch: the computation alone (in process)', value: ms(computeMs) },
        { figure: 'per section save, input unchanged (fingerprint matches; median of 5)', value: ms(median(unchanged)) },
        { figure: 'per section save, one sentence changed: the save (section written, its part queued for the worker; median of 5)', value: ms(median(changed.map((c) => c.save))) },
        { figure: 'per section save, one sentence changed: the ledger\'s share of the save (median of 5)', value: ms(median(changed.map((c) => c.ledger))) },
        { figure: 'per section save, one sentence changed: from the save until the worker has stored its part (median of 5)', value: ms(median(changed.map((c) => c.stored))) },
        { figure: `a ${INLINE_CHARS.toLocaleString('en-US')}-character section (${smallCitations.length} citations), changed: its part computed on the save's request (median of 5)`, value: ms(median(inline)) },
        { figure: 'the same section\'s part handed to the worker: the save\'s share; until stored (median of 5)', value: `${ms(median(queued.map((q) => q.save)))}; ${ms(median(queued.map((q) => q.stored)))}` },
        { figure: 'first page: median latency', value: ms(median(reads.map((r) => r.ms))) },
        { figure: 'first page: read units a request', value: rcu.toFixed(1) },
        { figure: 'first page: answer size (figures listed / not yet listed)', value: `${(reads[0]!.bytes / 1024).toFixed(0)} KB (${first.body.entries.length} / ${first.body.omitted})` },
        { figure: 'second page (by cursor): median latency, read units, answer size', value: `${ms(median(second.map((r) => r.ms)))}, ${Math.max(...second.map((r) => r.rcu)).toFixed(1)}, ${(second[0]!.bytes / 1024).toFixed(0)} KB` },
        { figure: "Final's gate (every part checked against its section; refused)", value: `${ms(gateMs)} (${refused})` },
      ],
      data: { firstMs, firstPending, requests, slowest, scratchMs, computeMs, unchanged, changed, inline, queued, reads, second, gateMs, counts },
    };
  } finally {
    await stack.stop();
  }
}
