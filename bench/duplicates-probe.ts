/**
 * Probe (not a suite): one duplicate check of an added evidence item against a client library of 2,000 items
 * (duplicates found on upload), before and after the duplicate index.
 *   tsx bench/duplicates-probe.ts            (PROBE_ITEMS=2000, PROBE_RUNS=20)
 * Before: findDuplicate over the whole library as listLibrary reads it (what duplicateIn did). After: duplicateIn
 * through the index (its entries, then its candidates). Each for an added text nearly the same as one item (a
 * near duplicate found) and for one like none (nothing found): wall ms (median of PROBE_RUNS) and the read
 * capacity of one check.
 *
 * Capacity is given twice. As DynamoDB Local reports it (`ConsumedCapacity`, asked on every call), and as DynamoDB
 * bills it by its published rules, worked out from the requests the code sent and the stored sizes of the items
 * they touched: DynamoDB Local reports no capacity for keys that do not exist (DynamoDB bills 0.5 RCU for each),
 * sizes a BatchGetItem by the projected attributes (DynamoDB by the whole item), and does not double transactional
 * writes. Also what the index costs: listing the 2,000 items (the migration), and one item's addition and removal
 * with and without it.
 */
import { randomUUID } from 'node:crypto';
import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { businessParagraphs } from '../test/helpers/evidence-fixtures';
import { spawnLocalStack } from '../test/helpers/local-stack';
import { median, pointAtLocalTable } from './lib';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
const ITEMS = Number(process.env.PROBE_ITEMS ?? 2000);
const RUNS = Number(process.env.PROBE_RUNS ?? 20);

type Item = Record<string, unknown>;
type Call = { command: string; input: Item; output: Item };

/** The stored size of a value, by DynamoDB's rules (strings by UTF-8 bytes, numbers about a byte per two digits, 3 bytes per list or map). */
function sizeOf(value: unknown): number {
  if (typeof value === 'string') return Buffer.byteLength(value, 'utf8');
  if (typeof value === 'number') return Math.ceil(String(Math.abs(value)).replace(/[.-]|e.*$/g, '').replace(/^0+/, '').length / 2) + 1;
  if (typeof value === 'boolean' || value === null || value === undefined) return 1;
  if (value instanceof Set) return [...(value as Set<unknown>)].reduce<number>((n, v) => n + sizeOf(v), 0);
  if (Array.isArray(value)) return 3 + value.reduce<number>((n, v) => n + 1 + sizeOf(v), 0);
  return 3 + Object.entries(value as Item).reduce((n, [k, v]) => n + 1 + Buffer.byteLength(k, 'utf8') + sizeOf(v), 0);
}
const itemSize = (item: Item) => Object.entries(item).reduce((n, [k, v]) => n + Buffer.byteLength(k, 'utf8') + sizeOf(v), 0);

/** Every call of the document client while `on`, with what DynamoDB Local said it consumed. */
function recordCalls(client: DynamoDBDocumentClient) {
  const state = { on: false, calls: [] as Call[] };
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as Item;
      input.ReturnConsumedCapacity ??= 'TOTAL';
      const call: Call = { command: context.commandName ?? '', input, output: {} };
      // a refused write (a condition that failed) is billed too: recorded as well
      if (state.on) state.calls.push(call);
      const out = await next(args);
      call.output = out.output as Item;
      return out;
    },
    { step: 'initialize', name: 'probeCalls' },
  );
  return {
    async during<T>(fn: () => Promise<T>): Promise<{ result: T; calls: Call[] }> {
      state.calls = [];
      state.on = true;
      try {
        return { result: await fn(), calls: state.calls };
      } finally {
        state.on = false;
      }
    },
  };
}

/** What DynamoDB Local reported the calls consumed (it gives one figure per call, reads and writes alike). */
const localUnits = (calls: Call[]) =>
  calls.reduce((n, c) => n + [c.output.ConsumedCapacity ?? []].flat().reduce<number>((m, u) => m + Number((u as Item).CapacityUnits ?? 0), 0), 0);

const stack = await spawnLocalStack({ emulators: null });
try {
  pointAtLocalTable(stack, { EVIDENCE_BUCKET: 'probe-unused' });
  const { tableName } = await import('../functions/data/table');
  const { documentClient } = await import('../functions/data/table-client');
  const { listLibrary, putEvidence, deleteLibraryRecord } = await import('../functions/data/evidence-repo');
  const { keys } = await import('../functions/data/keys');
  const { findDuplicate } = await import('../functions/domain/evidence/duplicates');
  const { duplicateIn, fingerprint } = await import('../functions/domain/evidence/evidence-home');
  const { indexClientLibrary } = await import('../functions/domain/evidence/migrate-duplicate-index');
  const recorder = recordCalls(documentClient());

  // the stored size of every item the probe knows (library items; the index's own entries are read back below)
  const stored = new Map<string, number>();
  const keyOf = (k: Item) => `${String(k.PK)}|${String(k.SK)}`;

  // Prepare: 2,000 library items of one client, as ingestion stores them (text inline, fingerprints), in the
  // shape before the index (no dup_bands: the migration lists them below)
  const org = randomUUID();
  const textOf = (i: number) => businessParagraphs(4 + (i % 9), 10_000 + i).join('\n\n');
  const base = Date.parse('2026-01-01T00:00:00Z');
  const items = Array.from({ length: ITEMS }, (_, i) => {
    const text = textOf(i);
    const { dup_bands: _bands, ...print } = fingerprint(text, text);
    const at = new Date(base + i * 1000).toISOString();
    const id = randomUUID();
    return {
      ...keys.libraryItem(org, id), entity: 'Evidence', id, report_id: `r-${i % 40}`, organization_id: org, type: 'interview', title: `Interview ${i}`, source: 'CFO', content: '',
      tags: [], linkedDimensions: ['Financial Performance'], relevanceScore: 0.6, status: 'analyzed', fileSize: null, fileType: null,
      aiInsights: ['Revenue grew.', 'Margins improved.'], business_dimensions: ['Financial Performance'], dimension_scores: { 'Financial Performance': 0.7 },
      text_chars: text.length, text, ...print, created_at: at, updated_at: at, created_by: 'probe', version: 1,
    };
  });
  for (const item of items) stored.set(keyOf(item), itemSize(item));
  for (let i = 0; i < items.length; i += 25) {
    await documentClient().send(new BatchWriteCommand({ RequestItems: { [tableName]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }));
  }
  const total = [...stored.values()].reduce((a, b) => a + b, 0);
  console.log(`${ITEMS} library items of one client, ${(total / ITEMS / 1024).toFixed(1)} KB each on average (${(total / 1024 / 1024).toFixed(1)} MB)`);

  /** The read capacity DynamoDB bills for the calls (eventually consistent reads 0.5 RCU per 4 KB, strongly 1). */
  const billedReads = (calls: Call[]) => {
    let rcu = 0;
    for (const c of calls) {
      const unit = (consistent: unknown) => (consistent ? 1 : 0.5);
      if (c.command === 'QueryCommand') {
        const bytes = ((c.output.Items ?? []) as Item[]).reduce((n, it) => n + (stored.get(keyOf(it)) ?? itemSize(it)), 0);
        rcu += unit(c.input.ConsistentRead) * Math.max(1, Math.ceil(bytes / 4096));
      } else if (c.command === 'GetItemCommand') {
        const size = stored.get(keyOf(c.input.Key as Item)) ?? 0;
        rcu += unit(c.input.ConsistentRead) * Math.max(1, Math.ceil(size / 4096));
      } else if (c.command === 'BatchGetItemCommand') {
        for (const req of Object.values(c.input.RequestItems as Record<string, { Keys: Item[]; ConsistentRead?: boolean }>)) {
          for (const k of req.Keys) rcu += unit(req.ConsistentRead) * Math.max(1, Math.ceil((stored.get(keyOf(k)) ?? 0) / 4096));
        }
      }
    }
    return rcu;
  };
  /** The write capacity DynamoDB bills (1 WCU per KB; 2 inside a transaction), from the items' stored sizes. */
  const billedWrites = (calls: Call[]) => {
    let wcu = 0;
    const kb = (bytes: number) => Math.max(1, Math.ceil(bytes / 1024));
    for (const c of calls) {
      if (c.command === 'TransactWriteItemsCommand') {
        for (const t of c.input.TransactItems as Item[]) {
          const op = Object.values(t)[0] as Item;
          const size = op.Item ? itemSize(op.Item as Item) : (stored.get(keyOf(op.Key as Item)) ?? 0);
          wcu += 2 * kb(size);
        }
      } else if (['PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand'].includes(c.command)) {
        wcu += kb(stored.get(keyOf((c.input.Key ?? c.input.Item) as Item)) ?? 0);
      }
    }
    return wcu;
  };
  /** The index's own entries, with their stored sizes (read after the migration wrote them). */
  const learnIndex = async () => {
    const { queryAll } = await import('../functions/data/table-query');
    const entries = await queryAll(`ORG#${org}`, keys.duplicateIndexSkPrefix);
    for (const e of entries) stored.set(keyOf(e), itemSize(e));
    return entries;
  };

  const home = { organizationId: org, prefix: (id: string) => keys.libraryObjectPrefix(org, id) };
  const nearOf = Math.floor(ITEMS * 0.617);
  // the same notes with a sentence added and a few words changed (an estimated similarity near 0.9)
  const near = `${textOf(nearOf).replace(/Management/g, 'The board').replace(/rose/g, 'climbed')} The CFO expects the same next year.`;
  const other = 'Staff turnover fell to 11% after the onboarding programme started in spring; exit interviews name pay and commuting.';
  const cases = {
    [`near duplicate (of item ${nearOf})`]: { id: randomUUID(), ...fingerprint(near, near) },
    'no duplicate': { id: randomUUID(), ...fingerprint(other, other) },
  };

  const measure = async (fn: () => Promise<unknown>) => {
    await fn();
    const ms: number[] = [];
    let last: { result: unknown; calls: Call[] } | undefined;
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      last = await recorder.during(fn);
      ms.push(performance.now() - t);
    }
    return { ms: median(ms), answer: last!.result, calls: last!.calls };
  };
  const show = (o: unknown) => JSON.stringify(o ?? null);
  /** the requests, in order, runs of the same one counted (`BatchGetItem(17 keys)`, `DeleteItem ×17`) */
  const requests = (calls: Call[]) => {
    const names = calls.map((c) => `${c.command.replace(/Command$/, '')}${c.command === 'BatchGetItemCommand' ? `(${Object.values(c.input.RequestItems as Record<string, { Keys: unknown[] }>)[0]!.Keys.length} keys)` : ''}`);
    const runs: [string, number][] = [];
    for (const n of names) if (runs.at(-1)?.[0] === n) runs.at(-1)![1]++; else runs.push([n, 1]);
    return runs.map(([n, k]) => (k > 1 ? `${n} ×${k}` : n)).join(' + ');
  };

  // Before: the whole library read and compared
  const before: Record<string, Awaited<ReturnType<typeof measure>>> = {};
  for (const [name, added] of Object.entries(cases)) before[name] = await measure(async () => findDuplicate(added, await listLibrary(org)));

  // The migration lists the 2,000 items in the index
  const t = performance.now();
  const listed = await recorder.during(() => indexClientLibrary(org));
  const migrationSeconds = (performance.now() - t) / 1000;
  const entries = await learnIndex();
  const largest = entries.reduce((m, e) => Math.max(m, (e.ids as Set<string>).size), 0);
  console.log(`index: ${entries.length} entries for ${ITEMS} items; the largest holds ${largest} ids (${(Math.max(...entries.map(itemSize)) / 1024).toFixed(1)} KB)`);
  console.log(`migration: ${listed.result} items listed in ${migrationSeconds.toFixed(1)} s (${listed.calls.length} requests; billed ≈ ${billedReads(listed.calls).toFixed(0)} RCU, ${billedWrites(listed.calls)} WCU)`);

  // After: the index's entries, then the candidates
  const after: Record<string, Awaited<ReturnType<typeof measure>>> = {};
  for (const [name, added] of Object.entries(cases)) after[name] = await measure(() => duplicateIn(home, added));

  console.log(`\none duplicate check at ${ITEMS} library items (wall ms: median of ${RUNS}; RCU: as DynamoDB Local reports it / as DynamoDB bills it):`);
  console.log('| added text | before: requests | before: ms | before: RCU | after: requests | after: ms | after: RCU | answer |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const name of Object.keys(cases)) {
    const b = before[name]!;
    const a = after[name]!;
    const answer = show(b.answer) === show(a.answer) ? `the same: ${show(a.answer)}` : `DIFFERENT: ${show(b.answer)} before, ${show(a.answer)} after`;
    const rcu = (calls: Call[]) => `${localUnits(calls).toFixed(1)} / ${billedReads(calls).toFixed(1)}`;
    console.log(`| ${name} | ${requests(b.calls)} | ${b.ms.toFixed(1)} | ${rcu(b.calls)} | ${requests(a.calls)} | ${a.ms.toFixed(1)} | ${rcu(a.calls)} | ${answer} |`);
  }

  // What the index costs on writes: one item added and removed, with its entries and (written before the index) without
  const writeCost = async (withIndex: boolean) => {
    const text = textOf(ITEMS + (withIndex ? 1 : 2));
    const { dup_bands, ...print } = fingerprint(text, text);
    const id = randomUUID();
    const now = new Date().toISOString();
    const record = {
      id, report_id: randomUUID(), organization_id: org, ...print, ...(withIndex ? { dup_bands } : {}), type: 'interview' as const, title: 'Added', source: 'CFO', content: '', tags: [],
      linkedDimensions: [], relevanceScore: 0.6, status: 'analyzed' as const, fileSize: null, fileType: null, aiInsights: [], business_dimensions: [], text_chars: text.length, text,
      created_at: now, updated_at: now, created_by: 'probe', version: 1,
    };
    const add = await recorder.during(() => putEvidence(record, 1000));
    stored.set(keyOf(keys.libraryItem(org, id)), itemSize(add.result));
    await learnIndex();
    const remove = await recorder.during(() => deleteLibraryRecord(org, id));
    return `add ${billedWrites(add.calls)} WCU (${requests(add.calls)}), remove ${billedWrites(remove.calls)} WCU + ${billedReads(remove.calls)} RCU (${requests(remove.calls)})`;
  };
  const sample = textOf(ITEMS + 1);
  console.log(`\none item of ${(sample.length / 1024).toFixed(1)} KB of text, billed: with the index ${await writeCost(true)}; written as before the index ${await writeCost(false)}`);
} finally {
  await stack.stop();
}
