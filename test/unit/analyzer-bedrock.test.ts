/**
 * The Bedrock provider against a mocked BedrockRuntimeClient.send (the one mock this project allows):
 * what is sent, and how good and bad model answers are handled.
 */
import { BedrockRuntimeClient, ConverseCommand, type ConverseCommandOutput } from '@aws-sdk/client-bedrock-runtime';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DIMENSIONS } from '@shared/schemas/analysis';
import { createBedrockProvider, extractJson, InvalidModelOutputError, locateSpan } from '../../functions/domain/ai/providers/bedrock-provider';
import { getAnalysisProvider } from '../../functions/domain/ai/providers/draft-provider';
import { getAnalyzer, getContextWriter, getEnhancer } from '../../functions/domain/ai/providers/views';

const MODEL = 'anthropic.claude-3-haiku-20240307-v1:0';
const SOURCE = `Board memo.
Revenue grew 12% to $48 million while gross margin improved to 34%.
Customer churn fell to 4.2% after the loyalty
programme relaunch. Staff attrition remains high at 28%.`;

const scores = Object.fromEntries(DIMENSIONS.map((d, i) => [d, i === 0 ? 0.9 : 0.2]));

function reply(text: string, stopReason: ConverseCommandOutput['stopReason'] = 'end_turn'): ConverseCommandOutput {
  return {
    output: { message: { role: 'assistant', content: [{ text }] } },
    stopReason,
    usage: { inputTokens: 100, outputTokens: 50, totalTokens: 150 },
    metrics: { latencyMs: 10 },
    $metadata: {},
  };
}

function mockSend(...answers: ConverseCommandOutput[]) {
  const spy = vi.spyOn(BedrockRuntimeClient.prototype, 'send');
  for (const a of answers) spy.mockImplementationOnce(async () => a as never);
  return spy;
}

const client = () => new BedrockRuntimeClient({ region: 'us-east-1', credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });

afterEach(() => vi.restoreAllMocks());

const goodAnalysis = {
  business_dimensions: ['Financial Performance', 'Market & Customers'],
  dimension_scores: scores,
  relevance_score: 0.8,
  key_insights: [
    { text: 'Revenue grew 12% to $48 million while gross margin improved to 34%.', dimension: 'Financial Performance', score: 0.95 },
    // the model reflowed a line break into a space: found with the source's own characters
    { text: 'Customer churn fell to 4.2% after the loyalty programme relaunch.', dimension: 'Market & Customers', score: 0.8 },
    // not in the source: dropped
    { text: 'Profits tripled in Asia.', dimension: 'Financial Performance', score: 0.7 },
  ],
};

describe('bedrock provider: analyze', () => {
  it('sends the model id and the document text, and places the insights in the source text', async () => {
    // Prepare
    const send = mockSend(reply(`Here is the analysis:\n\`\`\`json\n${JSON.stringify(goodAnalysis)}\n\`\`\``));
    const provider = createBedrockProvider({ client: client(), modelId: MODEL });
    // Act
    const analysis = await provider.analyze({
      text: SOURCE,
      title: 'Board memo',
      kind: 'file',
      context: { objectives: 'Assess growth', organization: { name: 'Acme', sector: 'retail' } },
    });
    // Assess: the request
    expect(send).toHaveBeenCalledTimes(1);
    const command = send.mock.calls[0]![0] as ConverseCommand;
    expect(command).toBeInstanceOf(ConverseCommand);
    expect(command.input.modelId).toBe(MODEL);
    const prompt = command.input.messages![0]!.content![0]!.text!;
    expect(prompt).toContain(SOURCE);
    expect(prompt).toContain('Report objectives: Assess growth');
    expect(prompt).toContain('"Financial Performance"');
    expect(command.input.inferenceConfig?.temperature).toBe(0);
    // Assess: the answer
    expect(analysis.business_dimensions).toEqual(['Financial Performance', 'Market & Customers']);
    expect(analysis.relevance_score).toBe(0.8);
    expect(analysis.key_insights).toHaveLength(2);
    for (const i of analysis.key_insights) expect(SOURCE.slice(i.start, i.end)).toBe(i.text);
    expect(analysis.key_insights[1]!.text).toBe('Customer churn fell to 4.2% after the loyalty\nprogramme relaunch.');
  });

  it('throws InvalidModelOutputError for answers that are not valid, repairing nothing', async () => {
    // Prepare
    const bad = [
      reply('I cannot help with that.'),
      reply('{"business_dimensions": ['),
      reply(JSON.stringify({ ...goodAnalysis, relevance_score: 1.5 })),
      reply(JSON.stringify({ ...goodAnalysis, business_dimensions: ['Finance'] })),
      reply(JSON.stringify({ ...goodAnalysis, dimension_scores: { 'Financial Performance': 0.9 } })),
      reply(JSON.stringify(goodAnalysis), 'max_tokens'),
      reply(''),
    ];
    mockSend(...bad);
    const provider = createBedrockProvider({ client: client(), modelId: MODEL });
    // Act
    const errors = [];
    for (let i = 0; i < bad.length; i++) errors.push(await provider.analyze({ text: SOURCE, kind: 'file' }).catch((e: unknown) => e));
    // Assess
    for (const e of errors) expect(e).toBeInstanceOf(InvalidModelOutputError);
    expect(errors.map((e) => (e as Error).message)).toEqual([
      'The AI model did not answer with a JSON object',
      expect.stringMatching(/^The AI model did not answer with a JSON object|^The AI model's answer is not valid JSON/),
      expect.stringMatching(/^The AI model's answer does not have the expected shape \(relevance_score: /),
      expect.stringMatching(/^The AI model's answer does not have the expected shape \(business_dimensions\.0: /),
      expect.stringMatching(/^The AI model's answer does not have the expected shape \(dimension_scores/),
      'The AI model’s answer was cut off before it was complete',
      'The AI model gave an empty answer',
    ]);
    expect((errors[0] as InvalidModelOutputError).status).toBe(502);
  });

  it('asks for the spec default relevance when no objectives are known', async () => {
    const send = mockSend(reply(JSON.stringify({ ...goodAnalysis, relevance_score: 0.9, key_insights: [] })));
    const analysis = await createBedrockProvider({ client: client(), modelId: MODEL }).analyze({ text: 'Interview notes.', kind: 'interview' });
    expect((send.mock.calls[0]![0] as ConverseCommand).input.messages![0]!.content![0]!.text).toContain('"relevance_score": 0.9');
    expect(analysis.key_insights).toEqual([]);
  });
});

describe('bedrock provider: generateContext', () => {
  const evidence = [
    { id: 'ev1', title: 'Annual review', text: 'Revenue grew 12%.' },
    { id: 'ev2', title: 'HR interview', text: 'Attrition is 28%.' },
  ];
  const paragraphs = (ids: string[][]) => ids.map((e, i) => ({ text: `Paragraph ${i + 1}.`, evidence_ids: e }));

  it('sends the evidence with its ids and returns validated paragraphs', async () => {
    // Prepare
    const send = mockSend(reply(JSON.stringify({ paragraphs: paragraphs([['ev1'], [], ['ev1', 'ev2'], [], ['ev2'], []]) })));
    // Act
    const context = await createBedrockProvider({ client: client(), modelId: MODEL }).generateContext({ organization: { name: 'Acme', sector: 'retail' }, evidence });
    // Assess
    const prompt = (send.mock.calls[0]![0] as ConverseCommand).input.messages![0]!.content![0]!.text!;
    expect(prompt).toContain('<evidence id="ev1" title="Annual review">');
    expect(prompt).toContain('Attrition is 28%.');
    expect(context.paragraphs).toHaveLength(6);
    expect(context.paragraphs[2]).toEqual({ text: 'Paragraph 3.', evidence_ids: ['ev1', 'ev2'] });
  });

  it('refuses answers that cite unknown evidence, have too few paragraphs or blank lines inside one', async () => {
    mockSend(
      reply(JSON.stringify({ paragraphs: paragraphs([['ev9'], [], [], [], []]) })),
      reply(JSON.stringify({ paragraphs: paragraphs([[], [], []]) })),
      reply(JSON.stringify({ paragraphs: [...paragraphs([[], [], [], []]), { text: 'One.\n\nTwo.', evidence_ids: [] }] })),
    );
    const provider = createBedrockProvider({ client: client(), modelId: MODEL });
    const input = { organization: { name: 'Acme' }, evidence };
    await expect(provider.generateContext(input)).rejects.toThrow('The AI model cited evidence that was not given to it (ev9)');
    await expect(provider.generateContext(input)).rejects.toThrow(/expected shape \(paragraphs: /);
    await expect(provider.generateContext(input)).rejects.toThrow(/a paragraph must not contain a blank line/);
  });
});

describe('provider selection', () => {
  it('uses the local provider by default', () => {
    expect(getAnalysisProvider({}).name).toBe('local');
    expect(getAnalysisProvider({ AI_PROVIDER: 'local' }).name).toBe('local');
  });

  it('gives the ingest, context and enhance routes the same provider as the draft route, each as much of the port as it uses', async () => {
    for (const get of [getAnalyzer, getContextWriter, getEnhancer]) {
      expect(get({}).name).toBe('local');
      expect(get({ AI_PROVIDER: 'bedrock', BEDROCK_MODEL_ID: 'model-x' }).name).toBe('bedrock');
      expect(() => get({ AI_PROVIDER: 'openai' })).toThrow(/AI_PROVIDER must be one of: local, bedrock/);
    }
    // the local analyser is the whole local provider's
    const input = { text: SOURCE, kind: 'url' as const };
    expect(await getAnalyzer({}).analyze(input)).toEqual(await getAnalysisProvider({}).analyze(input));
  });

  it('validates AI_PROVIDER and the Bedrock settings', () => {
    expect(() => getAnalysisProvider({ AI_PROVIDER: 'openai' })).toThrow(/AI_PROVIDER must be one of: local, bedrock/);
    expect(() => getAnalysisProvider({ AI_PROVIDER: 'bedrock' })).toThrow(/BEDROCK_MODEL_ID/);
  });

  it('creates the Bedrock client lazily with BEDROCK_REGION and sends to BEDROCK_MODEL_ID', async () => {
    // Prepare
    let region: string | undefined;
    const send = vi.spyOn(BedrockRuntimeClient.prototype, 'send').mockImplementation(async function (this: BedrockRuntimeClient) {
      region = await this.config.region();
      return reply(JSON.stringify({ ...goodAnalysis, key_insights: [] })) as never;
    });
    const provider = getAnalysisProvider({ AI_PROVIDER: 'bedrock', BEDROCK_MODEL_ID: 'model-x', BEDROCK_REGION: 'eu-west-3' });
    expect(send).not.toHaveBeenCalled();
    // Act
    await provider.analyze({ text: SOURCE, kind: 'url' });
    // Assess
    expect((send.mock.calls[0]![0] as ConverseCommand).input.modelId).toBe('model-x');
    expect(region).toBe('eu-west-3');
  });
});

describe('reply helpers', () => {
  it('finds the JSON object in prose or fences', () => {
    expect(extractJson('Sure! {"a": 1} Hope that helps.')).toEqual({ a: 1 });
    expect(extractJson('```json\n{"b": [1, 2]}\n```')).toEqual({ b: [1, 2] });
    expect(() => extractJson('no json')).toThrow(InvalidModelOutputError);
  });

  it('locates quotes exactly or across reflowed white space, and not otherwise', () => {
    expect(locateSpan('a  b\nc', 'b c')).toEqual({ start: 3, end: 6 });
    expect(locateSpan('hello world', 'world')).toEqual({ start: 6, end: 11 });
    expect(locateSpan('hello world', 'planet')).toBeUndefined();
    expect(locateSpan('x (1+1)?', '(1+1)?')).toEqual({ start: 2, end: 8 });
  });
});
