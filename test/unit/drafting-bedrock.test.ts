/**
 * Drafting with the Bedrock provider against a mocked BedrockRuntimeClient.send (the one mock this project
 * allows): passages become citations of exact spans, unknown passage numbers are dropped and counted, and
 * an answer that is not the asked-for JSON is refused.
 */
import { BedrockRuntimeClient, ConverseCommand, type ConverseCommandOutput } from '@aws-sdk/client-bedrock-runtime';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBedrockProvider, InvalidModelOutputError } from '../../functions/domain/ai/providers/bedrock';
import { citationIdFor, dimensionScoresFrom, type DraftInput, type Passage } from '../../functions/domain/ai/drafting';

const MODEL = 'anthropic.claude-3-haiku-20240307-v1:0';
const E1 = '11111111-1111-4111-8111-111111111111';
const TEXT = 'Revenue grew 12% to 480 million. Customer churn rose to 9% after the price increase.';
const passages: Passage[] = [
  { n: 1, evidence_id: E1, title: 'Annual report', start: 0, end: 32, quote: TEXT.slice(0, 32), context: TEXT, dimension: 'Financial Performance' },
  { n: 2, evidence_id: E1, title: 'Annual report', start: 33, end: TEXT.length, quote: TEXT.slice(33), context: TEXT, dimension: 'Market & Customers' },
];

const reply = (text: string): ConverseCommandOutput => ({
  output: { message: { role: 'assistant', content: [{ text }] } },
  stopReason: 'end_turn',
  usage: { inputTokens: 100, outputTokens: 50, totalTokens: 150 },
  metrics: { latencyMs: 10 },
  $metadata: {},
});
const client = () => new BedrockRuntimeClient({ region: 'us-east-1', credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });
afterEach(() => vi.restoreAllMocks());

function input(step: DraftInput['step'], data: DraftInput['data'] = {}): DraftInput {
  return {
    step,
    organization: { name: 'Acme', sector: 'retail', geography: 'UK' },
    stakeholders: [],
    evidence: [{ id: E1, title: 'Annual report', type: 'file', relevance: 0.9, dimensionScores: { 'Financial Performance': 0.8 }, insights: [] }],
    data,
    dimensions: dimensionScoresFrom([]),
    passages,
  };
}

describe('drafting with Bedrock', () => {
  it('sends the passages and turns cited passage numbers into exact spans; unknown numbers are dropped', async () => {
    // Prepare
    const answer = {
      findings: [
        { statement: 'Revenue is growing.', dimension: 'Financial Performance', impact: 'high', metric: { name: 'Revenue growth', value: 12, unit: '%', period: '' }, citations: [1, 7] },
        { statement: 'Churn is rising.', dimension: 'Market & Customers', impact: 'medium', metric: null, citations: [2] },
      ],
    };
    const send = vi.spyOn(BedrockRuntimeClient.prototype, 'send').mockImplementationOnce(async () => reply(`Here you are:\n\`\`\`json\n${JSON.stringify(answer)}\n\`\`\``) as never);
    // Act
    const result = await createBedrockProvider({ client: client(), modelId: MODEL }).draft(input('findings'));
    // Assess
    const sent = (send.mock.calls[0]![0] as ConverseCommand).input;
    expect(sent.modelId).toBe(MODEL);
    expect(sent.messages![0]!.content![0]!.text).toContain(`<passage n=1 source="Annual report" dimension="Financial Performance">`);
    const out = result.output as { findings: { citations: { evidence_id: string; start: number; end: number }[] }[] };
    expect(out.findings[0]!.citations).toEqual([{ evidence_id: E1, start: 0, end: 32 }]);
    expect(out.findings[1]!.citations).toEqual([{ evidence_id: E1, start: 33, end: TEXT.length }]);
    expect(result.dropped).toBe(1);
    expect(result.model).toBe(MODEL);
  });

  it('maps labels of earlier items to their ids, and [P n] marks in the summary to citation marks', async () => {
    const data = {
      findings: { dimensions: [], findings: [{ id: 'f-one', statement: 'Churn is rising.', dimension: 'Market & Customers' as const, impact: 'high' as const, metric: null, citations: [], ai_drafted: false }] },
      recommendations: { items: [{ id: 'r-one', title: 'Cut churn', rationale: '', priority: 'high' as const, impact: 4, effort: 2, finding_ids: ['f-one'], swot_ids: [], owner: '', kpi: '', deferred: false, citations: [], ai_drafted: false }] },
    };
    vi.spyOn(BedrockRuntimeClient.prototype, 'send').mockImplementationOnce(
      async () =>
        reply(JSON.stringify({ key_messages: [{ text: 'Churn is the issue.', citations: [2] }, { text: 'Cut churn now.', citations: [] }, { text: 'Growth holds.', citations: [1] }], summary: 'Churn rose [P2]. We recommend Cut churn. [P9]' })) as never,
    );
    const result = await createBedrockProvider({ client: client(), modelId: MODEL }).draft(input('executive-summary', data));
    const out = result.output as { summary: string; citations: { evidence_id: string; start: number; end: number }[] };
    const ref = { evidence_id: E1, start: 33, end: TEXT.length };
    expect(out.summary).toBe(`Churn rose [@${citationIdFor(ref)}]. We recommend Cut churn. `);
    expect(out.citations).toEqual([ref]);
    expect(result.dropped).toBe(1);

    vi.spyOn(BedrockRuntimeClient.prototype, 'send').mockImplementationOnce(
      async () => reply(JSON.stringify({ items: [{ title: 'Launch retention offers', phase: 1, start_month: 0, end_month: 3, owner: 'COO', recommendation: 'R1' }] })) as never,
    );
    const roadmap = (await createBedrockProvider({ client: client(), modelId: MODEL }).draft(input('roadmap', data))).output as { items: { recommendation_id: string | null; phase_id: string }[] };
    expect(roadmap.items[0]).toMatchObject({ recommendation_id: 'r-one', phase_id: 'phase-1' });
  });

  it('refuses an answer that is not the asked-for JSON with a 502', async () => {
    vi.spyOn(BedrockRuntimeClient.prototype, 'send').mockImplementationOnce(async () => reply('I cannot help with that.') as never);
    await expect(createBedrockProvider({ client: client(), modelId: MODEL }).draft(input('findings'))).rejects.toBeInstanceOf(InvalidModelOutputError);
    vi.spyOn(BedrockRuntimeClient.prototype, 'send').mockImplementationOnce(async () => reply(JSON.stringify({ findings: [{ statement: 'x', dimension: 'Vibes', impact: 'huge' }] })) as never);
    const error = await createBedrockProvider({ client: client(), modelId: MODEL }).draft(input('findings')).catch((e: Error) => e);
    expect(error).toBeInstanceOf(InvalidModelOutputError);
    expect((error as InvalidModelOutputError).status).toBe(502);
  });
});

describe('AI Enhance with Bedrock', () => {
  it('asks to keep citation marks, and turns [P n] into marks of verified passages', async () => {
    const send = vi.spyOn(BedrockRuntimeClient.prototype, 'send').mockImplementationOnce(async () => reply(JSON.stringify({ text: 'Churn is rising [@c1], as the report shows [P2].' })) as never);
    const provider = createBedrockProvider({ client: client(), modelId: MODEL });
    const { output, model } = await provider.enhance({ text: 'Churn rises [@c1].', instruction: 'expand', custom: '', passages: passages.map((p) => ({ ref: { evidence_id: p.evidence_id, start: p.start, end: p.end }, quote: p.quote, title: p.title })) }, (r) => `m${r.start}`);
    const prompt = (send.mock.calls[0]![0] as ConverseCommand).input.messages![0]!.content![0]!.text!;
    expect(prompt).toContain('Keep every citation marker');
    expect(prompt).toContain('<passage n=2 source="Annual report">');
    expect(output.text).toBe('Churn is rising [@c1], as the report shows [@m33].');
    expect(output.added).toEqual([{ ref: { evidence_id: E1, start: 33, end: TEXT.length }, mark: 'm33' }]);
    expect(model).toBe(MODEL);
  });
});
