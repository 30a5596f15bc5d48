/**
 * The `bedrock` provider: asks a Bedrock model (Converse API) for the same JSON shapes the local provider
 * computes, and accepts the answer only when it validates. Nothing is repaired silently: an answer that is
 * not valid JSON of the right shape throws InvalidModelOutputError. Insights are placed in the source text
 * by searching for the quoted sentence; a quote that is not in the text is dropped, never invented. The model
 * is reached through functions/data/bedrock-model.ts, the one place that holds the AWS SDK client.
 */
import { Analysis, DEFAULT_RELEVANCE, DIMENSIONS, Dimension, type Insight, MAX_KEY_INSIGHTS } from '@shared/schemas/analysis';
import * as z from 'zod/mini';
import { bedrockModel, type BedrockClient, type BedrockModel } from '../../../data/bedrock-model';
import { readConfig, nonEmpty } from '../../../lib/config';
import { BEDROCK_DRAFT_NEEDS, draftPrompt, enhancePrompt, fromModelDraft, fromModelEnhance, ModelDrafts, ModelEnhance } from './bedrock-drafting';
import { InvalidModelOutputError } from '../errors';
import type { AnalysisInput, AnalysisProvider, ContextInput, GeneratedContext } from './port';

export { InvalidModelOutputError };

export const bedrockSettings = {
  BEDROCK_MODEL_ID: nonEmpty(),
  BEDROCK_REGION: z.optional(z.string()),
};

/** Characters of a document sent to the model; longer texts are cut (and the model is told). */
export const MAX_PROMPT_DOCUMENT_CHARS = 150_000;
/** Characters of each evidence item sent for context generation, and in all. */
export const MAX_CONTEXT_ITEM_CHARS = 12_000;
export const MAX_CONTEXT_TOTAL_CHARS = 100_000;

const unit = z.number().check(z.gte(0), z.lte(1));

/** What the model is asked to return for one document (spans are computed here, not by the model). */
export const ModelAnalysis = z.object({
  business_dimensions: z.array(Dimension),
  dimension_scores: z.record(Dimension, unit),
  relevance_score: unit,
  key_insights: z
    .array(z.object({ text: z.string().check(z.minLength(1)), dimension: Dimension, score: unit }))
    .check(z.maxLength(MAX_KEY_INSIGHTS)),
});

export const ModelContext = z.object({
  paragraphs: z
    .array(
      z.object({
        text: z.string().check(
          z.minLength(1),
          z.refine((t) => !/\n\s*\n/.test(t), { error: 'a paragraph must not contain a blank line' }),
        ),
        evidence_ids: z.array(z.string()),
      }),
    )
    .check(z.minLength(5), z.maxLength(6)),
});

// ── reply handling ──────────────────────────────────────────────────────────────────────────────────

/** The JSON object in a model's reply: the whole reply, a ```json fence, or the outermost braces. */
export function extractJson(reply: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(reply);
  const body = fenced ? fenced[1]! : reply;
  const start = body.indexOf('{');
  const end = body.lastIndexOf('}');
  if (start < 0 || end <= start) throw new InvalidModelOutputError('The AI model did not answer with a JSON object');
  try {
    return JSON.parse(body.slice(start, end + 1));
  } catch (error) {
    throw new InvalidModelOutputError(`The AI model's answer is not valid JSON (${(error as Error).message})`);
  }
}

function parseReply<T>(schema: z.ZodMiniType<T>, value: unknown): T {
  const parsed = z.safeParse(schema, value);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues
    .slice(0, 5)
    .map((i) => `${i.path.map(String).join('.') || 'answer'}: ${i.message}`)
    .join('; ');
  throw new InvalidModelOutputError(`The AI model's answer does not have the expected shape (${problems})`);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Where `quote` occurs in `source`: exactly, or else with any run of white space matching any other
 * (models reflow line breaks). Returns the span of the source's own characters, or undefined.
 */
export function locateSpan(source: string, quote: string): { start: number; end: number } | undefined {
  const q = quote.trim();
  if (!q) return undefined;
  const exact = source.indexOf(q);
  if (exact >= 0) return { start: exact, end: exact + q.length };
  const words = q.split(/\s+/).map(escapeRegExp);
  const m = new RegExp(words.join('\\s+')).exec(source);
  return m ? { start: m.index, end: m.index + m[0].length } : undefined;
}

// ── prompts ─────────────────────────────────────────────────────────────────────────────────────────

const SYSTEM = [
  'You are an analyst who reads business evidence for executive assessment reports.',
  'Answer with one JSON object only, no prose before or after it.',
].join(' ');

function analysisPrompt(input: AnalysisInput): string {
  const doc = input.text.slice(0, MAX_PROMPT_DOCUMENT_CHARS);
  const cut = input.text.length > doc.length ? ` (the first ${doc.length} characters of ${input.text.length})` : '';
  const org = input.context?.organization;
  const lines = [
    `Analyse the ${input.kind === 'interview' ? 'interview notes' : input.kind === 'url' ? 'web page' : 'document'} below${cut}.`,
    `Business dimensions (use these exact names): ${DIMENSIONS.map((d) => JSON.stringify(d)).join(', ')}.`,
    'Return JSON with:',
    '- "business_dimensions": the dimensions that clearly apply to the text, strongest first (may be empty);',
    '- "dimension_scores": an object with every one of the six dimensions as a key and a number from 0 to 1 saying how much the text speaks to it;',
    input.context?.objectives || org
      ? '- "relevance_score": a number from 0 to 1 saying how relevant the text is to the report objectives and organization given below;'
      : `- "relevance_score": ${DEFAULT_RELEVANCE[input.kind]} (no report objectives are known yet);`,
    `- "key_insights": 3 to ${MAX_KEY_INSIGHTS} of the most important sentences (fewer if the text is very short), each {"text": the sentence copied exactly, character for character, from the text; "dimension": one of the six names; "score": 0 to 1}, most important first.`,
  ];
  if (org) lines.push(`Organization: ${org.name}${org.sector ? `, sector ${org.sector}` : ''}${org.geography ? `, geography ${org.geography}` : ''}.`);
  if (input.context?.objectives) lines.push(`Report objectives: ${input.context.objectives}`);
  if (input.title) lines.push(`Title: ${input.title}`);
  lines.push('<document>', doc, '</document>');
  return lines.join('\n');
}

function contextPrompt(input: ContextInput): string {
  const org = input.organization;
  const lines = [
    `Write the business context section of an assessment report on ${org.name}${org.sector ? ` (sector: ${org.sector})` : ''}${org.geography ? ` (geography: ${org.geography})` : ''}.`,
    'Return JSON {"paragraphs": [{"text": "...", "evidence_ids": ["..."]}]} with 5 or 6 paragraphs in this order:',
    'paragraphs 1-2 company background, 3-4 market environment, 5-6 internal context.',
    'Each paragraph is plain prose on one line (no blank lines, no headings, no markdown).',
    'Use only facts from the evidence below and the organization details; cite in "evidence_ids" the ids of the evidence each paragraph draws on, and [] when it draws on none.',
  ];
  if (!input.evidence.length) lines.push('There is no evidence yet: write from the organization details only, and cite nothing.');
  let budget = MAX_CONTEXT_TOTAL_CHARS;
  for (const item of input.evidence) {
    const text = item.text.slice(0, Math.max(0, Math.min(MAX_CONTEXT_ITEM_CHARS, budget)));
    budget -= text.length;
    lines.push(`<evidence id=${JSON.stringify(item.id)} title=${JSON.stringify(item.title)}>`, text, '</evidence>');
  }
  return lines.join('\n');
}

// ── provider ────────────────────────────────────────────────────────────────────────────────────────

export interface BedrockProviderOptions {
  /** an existing client (tests inject one); otherwise one is created on first use */
  client?: BedrockClient;
  modelId?: string;
  region?: string;
  maxTokens?: number;
}

export function createBedrockProvider(options: BedrockProviderOptions = {}): AnalysisProvider {
  let settings: { BEDROCK_MODEL_ID: string; BEDROCK_REGION?: string | undefined } | undefined;
  const config = () => (settings ??= options.modelId ? { BEDROCK_MODEL_ID: options.modelId, BEDROCK_REGION: options.region } : readConfig(bedrockSettings));
  const model: BedrockModel = bedrockModel({ client: options.client, region: () => options.region ?? config().BEDROCK_REGION });

  async function converse(prompt: string): Promise<string> {
    const { text, stopReason } = await model.converse({ modelId: config().BEDROCK_MODEL_ID, system: SYSTEM, prompt, maxTokens: options.maxTokens ?? 3000, temperature: 0 });
    if (stopReason === 'max_tokens') {
      throw new InvalidModelOutputError('The AI model’s answer was cut off before it was complete');
    }
    if (!text.trim()) throw new InvalidModelOutputError('The AI model gave an empty answer');
    return text;
  }

  return {
    name: 'bedrock',
    draftNeeds: BEDROCK_DRAFT_NEEDS,
    async analyze(input) {
      const reply = parseReply(ModelAnalysis, extractJson(await converse(analysisPrompt(input))));
      const seen = new Set<number>();
      const key_insights: Insight[] = [];
      for (const insight of reply.key_insights) {
        const span = locateSpan(input.text, insight.text);
        if (!span || seen.has(span.start)) continue;
        seen.add(span.start);
        key_insights.push({ text: input.text.slice(span.start, span.end), ...span, dimension: insight.dimension, score: insight.score });
      }
      return parseReply(Analysis, { ...reply, key_insights });
    },
    async generateContext(input): Promise<GeneratedContext> {
      const reply = parseReply(ModelContext, extractJson(await converse(contextPrompt(input))));
      const known = new Set(input.evidence.map((e) => e.id));
      const unknown = reply.paragraphs.flatMap((p) => p.evidence_ids).filter((id) => !known.has(id));
      if (unknown.length) {
        throw new InvalidModelOutputError(`The AI model cited evidence that was not given to it (${[...new Set(unknown)].join(', ')})`);
      }
      return { paragraphs: reply.paragraphs.map((p) => ({ text: p.text.trim(), evidence_ids: [...new Set(p.evidence_ids)] })) };
    },
    async enhance(input, markFor) {
      const prompt = enhancePrompt(input);
      const reply = parseReply(ModelEnhance, extractJson(await converse(prompt)));
      return { output: fromModelEnhance(input, reply, markFor), model: config().BEDROCK_MODEL_ID, prompt };
    },
    async draft(input) {
      const passages = input.passages ?? [];
      const prompt = draftPrompt(input, passages);
      const answer = parseReply(ModelDrafts[input.step] as z.ZodMiniType<unknown>, extractJson(await converse(prompt)));
      const { output, dropped } = fromModelDraft(input, passages, answer);
      return { output, dropped, model: config().BEDROCK_MODEL_ID, prompt };
    },
  };
}
