/**
 * npm run ai:record [-- <case> …]: drafts steps 5–9 of every gold case (test/fixtures/eval/<case>/case.json)
 * with the Bedrock provider against the real Converse API, and stores every answer the model gave in
 * test/fixtures/bedrock/recorded/<case>/<step>.json (the shape of test/fixtures/bedrock/README.md), so the
 * tests and the evaluation replay real model output. Each step reads what the step before it drafted, as in
 * the wizard. Needs AWS credentials with access to BEDROCK_MODEL_ID (default: the provider's) in
 * BEDROCK_REGION (or AWS_REGION); without them it says so and records nothing.
 *
 * Prints tokens, latency and an estimated cost per case (prices per million tokens: AI_RECORD_PRICE_IN and
 * AI_RECORD_PRICE_OUT, default Claude Haiku 4.5's list price of $1 and $5; check the Bedrock pricing page).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ConverseCommand, ConverseCommandOutput } from '@aws-sdk/client-bedrock-runtime';
import { DRAFT_STEPS, type CitationRef } from '@shared/schemas/report-document';
import { createBedrockClient, DEFAULT_BEDROCK_MODEL_ID } from '../functions/data/bedrock-model';
import { citationIdFor } from '../functions/domain/ai/port/draft-contract';
import { createBedrockProvider } from '../functions/domain/ai/providers/bedrock-provider';
import { BEDROCK_FIXTURES, draftInputOf, type RecordedInput, type RecordedTurn, type Recording } from '../test/helpers/bedrock-replay';

const EVAL_DIR = resolve(import.meta.dirname, '../test/fixtures/eval');
const OUT_DIR = join(BEDROCK_FIXTURES, 'recorded');

interface CaseFile {
  id: string;
  organization: RecordedInput['organization'];
  objectives?: RecordedInput['objectives'];
  evidence: { id: string; title: string; type: 'file' | 'url' | 'interview'; file: string }[];
}

function cases(only: readonly string[]): { dir: string; gold: CaseFile }[] {
  if (!existsSync(EVAL_DIR)) return [];
  return readdirSync(EVAL_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(EVAL_DIR, d.name, 'case.json')) && (!only.length || only.includes(d.name)))
    .map((d) => ({ dir: join(EVAL_DIR, d.name), gold: JSON.parse(readFileSync(join(EVAL_DIR, d.name, 'case.json'), 'utf8')) as CaseFile }));
}

/** Citation references with their quotes filled in from the texts, as the route's epilogue does. */
function resolveRefs(value: unknown, texts: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => resolveRefs(v, texts));
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] =
      k === 'citations' && Array.isArray(v)
        ? (v as CitationRef[]).map((r) => ({ ...r, id: citationIdFor(r), quote: texts.get(r.evidence_id)?.slice(r.start, r.end) ?? '' })).filter((c) => c.quote)
        : resolveRefs(v, texts);
  }
  return out;
}

async function main() {
  const only = process.argv.slice(2);
  const modelId = process.env.BEDROCK_MODEL_ID || DEFAULT_BEDROCK_MODEL_ID;
  const region = process.env.BEDROCK_REGION || process.env.AWS_REGION || process.env.AWS_DEFAULT_REGION;
  const found = cases(only);
  if (!found.length) {
    console.error(`ai:record: no gold cases in ${EVAL_DIR}${only.length ? ` named ${only.join(', ')}` : ''}; nothing to record.`);
    process.exit(2);
  }
  if (!region) {
    console.error('ai:record: set BEDROCK_REGION (or AWS_REGION) to the region that serves the model; nothing recorded.');
    process.exit(2);
  }
  const client = createBedrockClient({ region });
  try {
    await client.config.credentials();
  } catch {
    console.error(`ai:record: no AWS credentials were found (AWS_PROFILE, AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, SSO or a role). Recording calls ${modelId} in ${region}; nothing recorded.`);
    process.exit(2);
  }
  // every answer of the real client is kept, in order, for the step being drafted
  let turns: RecordedTurn[] = [];
  const send = client.send.bind(client) as (c: ConverseCommand) => Promise<ConverseCommandOutput>;
  client.send = async (command: ConverseCommand) => {
    try {
      const { $metadata: _, ...answer } = await send(command);
      turns.push(answer);
      return { ...answer, $metadata: {} };
    } catch (error) {
      const e = error as Error;
      turns.push({ error: { name: e.name, message: e.message } });
      throw error;
    }
  };
  const provider = createBedrockProvider({ client, modelId });
  const priceIn = Number(process.env.AI_RECORD_PRICE_IN ?? 1);
  const priceOut = Number(process.env.AI_RECORD_PRICE_OUT ?? 5);

  for (const { dir, gold } of found) {
    const base: RecordedInput = {
      organization: gold.organization,
      ...(gold.objectives ? { objectives: gold.objectives } : {}),
      evidence: gold.evidence.map((e) => ({ id: e.id, title: e.title, type: e.type, text: readFileSync(join(dir, e.file), 'utf8') })),
    };
    const texts = new Map(base.evidence.map((e) => [e.id, e.text]));
    const data: Record<string, unknown> = {};
    const totals = { input: 0, output: 0, latency: 0, flagged: 0 };
    mkdirSync(join(OUT_DIR, gold.id), { recursive: true });
    for (const step of DRAFT_STEPS) {
      turns = [];
      const recording: Recording = { description: `${gold.id}: ${step}, recorded by npm run ai:record`, recorded: { by: 'ai:record', model_id: modelId, at: new Date().toISOString() }, input: base, step, data: structuredClone(data), turns };
      try {
        const result = await provider.draft(draftInputOf(base, step, data));
        data[step] = resolveRefs(result.output, texts);
        totals.input += result.usage?.input_tokens ?? 0;
        totals.output += result.usage?.output_tokens ?? 0;
        totals.latency += result.usage?.latency_ms ?? 0;
        totals.flagged += result.flagged?.length ?? 0;
        console.log(`${gold.id} ${step}: ${result.usage?.input_tokens ?? 0} in, ${result.usage?.output_tokens ?? 0} out, ${result.usage?.latency_ms ?? 0} ms, ${result.flagged?.length ?? 0} claims flagged`);
      } catch (error) {
        console.error(`${gold.id} ${step}: ${(error as Error).message} (recorded; later steps draft without it)`);
      }
      writeFileSync(join(OUT_DIR, gold.id, `${step}.json`), `${JSON.stringify(recording, null, 2)}\n`);
    }
    const cost = (totals.input * priceIn + totals.output * priceOut) / 1e6;
    console.log(`${gold.id}: ${totals.input + totals.output} tokens (${totals.input} in, ${totals.output} out), ${(totals.latency / 1000).toFixed(1)} s of model time, about $${cost.toFixed(3)}, ${totals.flagged} claims flagged`);
  }
}

await main();
