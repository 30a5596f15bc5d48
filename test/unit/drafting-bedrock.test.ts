/**
 * Drafting with the Bedrock provider against a mocked BedrockRuntimeClient.send (the one mock this project
 * allows), for what the recordings (bedrock-replay.test.ts) do not show: drafting from stored insights and
 * passages when the full texts are not given, labels of earlier items, and a JSON answer without a tool call.
 */
import { BedrockRuntimeClient, ConverseCommand, type ConverseCommandOutput } from '@aws-sdk/client-bedrock-runtime';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBedrockProvider } from '../../functions/domain/ai/providers/bedrock-provider';
import { TOOL_NAME } from '../../functions/domain/ai/providers/bedrock-drafting';
import { dimensionScoresFrom, type DraftInput, type Passage } from '../../functions/domain/ai/port/draft-contract';

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

const toolReply = (input: unknown, stopReason: ConverseCommandOutput['stopReason'] = 'tool_use'): ConverseCommandOutput => ({
  output: { message: { role: 'assistant', content: [{ toolUse: { toolUseId: 't1', name: TOOL_NAME, input: input as never } }] } },
  stopReason,
  usage: { inputTokens: 100, outputTokens: 50, totalTokens: 150 },
  metrics: { latencyMs: 10 },
  $metadata: {},
});

describe('drafting with Bedrock', () => {
  it('without full texts, locates quotes in the stored insights and passages (exact spans); a quote that is in neither is dropped', async () => {
    // Prepare
    const answer = {
      findings: [
        { statement: 'Revenue grew 12% to 480 million.', dimension: 'Financial Performance', impact: 'high', metric: { name: 'Revenue growth', value: 12, unit: '%', period: '' }, citations: [{ source: 'E1', quote: 'Revenue grew 12% to 480 million.' }, { source: 'E1', quote: 'Profits tripled.' }] },
        { statement: 'Churn rose to 9% after the price increase.', dimension: 'Market & Customers', impact: 'medium', metric: null, citations: [{ source: 'e1', quote: 'Customer churn rose to 9% after the price increase.' }] },
      ],
    };
    const send = vi.spyOn(BedrockRuntimeClient.prototype, 'send').mockImplementationOnce(async () => toolReply(answer) as never);
    // Act
    const result = await createBedrockProvider({ client: client(), modelId: MODEL, env: {} }).draft(input('findings'));
    // Assess
    const sent = (send.mock.calls[0]![0] as ConverseCommand).input;
    expect(sent.modelId).toBe(MODEL);
    expect(sent.messages![0]!.content![0]!.text).toContain('<evidence id="E1" title="Annual report">\nRevenue grew 12% to 480 million.\nCustomer churn rose to 9% after the price increase.\n</evidence>');
    const out = result.output as { findings: { citations: { evidence_id: string; start: number; end: number }[] }[] };
    expect(out.findings[0]!.citations).toEqual([{ evidence_id: E1, start: 0, end: 32 }]);
    expect(out.findings[1]!.citations).toEqual([{ evidence_id: E1, start: 33, end: TEXT.length }]);
    expect(result.dropped).toBe(1);
    expect(result.model).toBe(MODEL);
  });

  it('maps labels of earlier items to their ids', async () => {
    const data = {
      findings: { dimensions: [], findings: [{ id: 'f-one', statement: 'Churn is rising.', dimension: 'Market & Customers' as const, impact: 'high' as const, metric: null, citations: [], ai_drafted: false }] },
      recommendations: { items: [{ id: 'r-one', title: 'Cut churn', rationale: '', priority: 'high' as const, impact: 4, effort: 2, finding_ids: ['f-one'], swot_ids: [], owner: '', kpi: '', deferred: false, citations: [], ai_drafted: false }] },
    };
    vi.spyOn(BedrockRuntimeClient.prototype, 'send').mockImplementationOnce(async () => toolReply({ items: [{ title: 'Launch retention offers', phase: 1, start_month: 0, end_month: 3, owner: 'COO', recommendation: 'R1' }] }) as never);
    const roadmap = (await createBedrockProvider({ client: client(), modelId: MODEL, env: {} }).draft(input('roadmap', data))).output as { items: { recommendation_id: string | null; phase_id: string }[] };
    expect(roadmap.items[0]).toMatchObject({ recommendation_id: 'r-one', phase_id: 'phase-1' });

    vi.spyOn(BedrockRuntimeClient.prototype, 'send').mockImplementationOnce(
      async () => toolReply({ items: [{ title: 'Win back churned customers', rationale: 'Churn is rising.', priority: 'high', impact: 4, effort: 2, addresses: ['F1'], citations: [{ source: 'E1', quote: 'Customer churn rose to 9%' }] }] }) as never,
    );
    const recs = (await createBedrockProvider({ client: client(), modelId: MODEL, env: {} }).draft(input('recommendations', data))).output as { items: { finding_ids: string[]; citations: unknown[] }[] };
    expect(recs.items[0]).toMatchObject({ finding_ids: ['f-one'], citations: [{ evidence_id: E1, start: 33, end: 58 }] });
  });

  it('accepts a JSON answer in text when the model did not call the tool', async () => {
    vi.spyOn(BedrockRuntimeClient.prototype, 'send').mockImplementationOnce(async () => reply(`\`\`\`json\n${JSON.stringify({ findings: [] })}\n\`\`\``) as never);
    const result = await createBedrockProvider({ client: client(), modelId: MODEL, env: {} }).draft(input('findings'));
    expect(result.output).toMatchObject({ findings: [] });
  });
});

describe('AI Enhance with Bedrock', () => {
  it('asks to keep citation marks, and turns [P n] into marks of verified passages', async () => {
    const send = vi.spyOn(BedrockRuntimeClient.prototype, 'send').mockImplementationOnce(async () => reply(JSON.stringify({ text: 'Churn is rising [@c1], as the report shows [P2].' })) as never);
    const provider = createBedrockProvider({ client: client(), modelId: MODEL });
    const { output, model, usage } = await provider.enhance({ text: 'Churn rises [@c1].', instruction: 'expand', custom: '', passages: passages.map((p) => ({ ref: { evidence_id: p.evidence_id, start: p.start, end: p.end }, quote: p.quote, title: p.title })) }, (r) => `m${r.start}`);
    const prompt = (send.mock.calls[0]![0] as ConverseCommand).input.messages![0]!.content![0]!.text!;
    expect(prompt).toContain('Keep every citation marker');
    expect(prompt).toContain('<passage n=2 source="Annual report">');
    expect(output.text).toBe('Churn is rising [@c1], as the report shows [@m33].');
    expect(output.added).toEqual([{ ref: { evidence_id: E1, start: 33, end: TEXT.length }, mark: 'm33' }]);
    expect(model).toBe(MODEL);
    // its tokens come back, to be recorded and counted against the report's budget
    expect(usage).toEqual({ model_id: MODEL, input_tokens: 100, output_tokens: 50, latency_ms: 10, stop_reason: 'end_turn', calls: 1 });
  });
});
