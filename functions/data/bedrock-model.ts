/**
 * The Bedrock model behind the `bedrock` analysis provider: Converse calls, and nothing else of the AWS SDK
 * reaches the domain. The client is created on the first call (the SDK loads only when a model is asked),
 * with connection and request timeouts and the SDK's own retry strategy (`standard` or `adaptive`, with
 * exponential backoff and jitter on ThrottlingException, ServiceUnavailableException and other transient
 * errors). A call that still fails is reported as a ModelUnavailable error the domain turns into a 503.
 *
 * A call may force one tool (structured output: the tool's input is the answer), and may carry earlier turns
 * (a repair turn feeds the model its own answer back with what was wrong with it).
 */
import {
  BedrockRuntimeClient,
  ConverseCommand,
  type ContentBlock,
  type ConverseCommandOutput,
  type Message,
  type ToolInputSchema,
} from '@aws-sdk/client-bedrock-runtime';

export type BedrockClient = BedrockRuntimeClient;

/**
 * The model used unless BEDROCK_MODEL_ID names another: Claude Haiku 4.5 through its global cross-region
 * inference profile (the Claude 4.x models are served through inference profiles, not on-demand model ids;
 * see the Bedrock model card "Claude Haiku 4.5"). infra/config.ts deploys the same default.
 */
export const DEFAULT_BEDROCK_MODEL_ID = 'global.anthropic.claude-haiku-4-5-20251001-v1:0';

/** How the client waits and retries; every field has a default (BEDROCK_* settings override them). */
export interface BedrockClientSettings {
  region?: string | undefined;
  /** milliseconds to open a connection */
  connectionTimeoutMs?: number;
  /** milliseconds without a response before a try is abandoned (and retried) */
  requestTimeoutMs?: number;
  /** tries in all, the first included */
  maxAttempts?: number;
  retryMode?: 'standard' | 'adaptive';
}

/**
 * Defaults: a try is abandoned after 25 s, so the API routes that call a model (ingest, context, enhance) answer
 * inside the API's 29 s; drafting runs in the draftStep worker, whose client waits longer (DRAFT_REQUEST_TIMEOUT_MS).
 */
export const CLIENT_DEFAULTS = { connectionTimeoutMs: 3_000, requestTimeoutMs: 25_000, maxAttempts: 3, retryMode: 'adaptive' } as const;

/** The client a provider uses when none is given: timeouts and retries as `settings` say. */
export function createBedrockClient(settings: BedrockClientSettings = {}): BedrockClient {
  return new BedrockRuntimeClient({
    ...(settings.region ? { region: settings.region } : {}),
    maxAttempts: settings.maxAttempts ?? CLIENT_DEFAULTS.maxAttempts,
    retryMode: settings.retryMode ?? CLIENT_DEFAULTS.retryMode,
    requestHandler: {
      connectionTimeout: settings.connectionTimeoutMs ?? CLIENT_DEFAULTS.connectionTimeoutMs,
      requestTimeout: settings.requestTimeoutMs ?? CLIENT_DEFAULTS.requestTimeoutMs,
    },
  });
}

/** A tool the model must call: its input is the structured answer. */
export interface ForcedTool {
  name: string;
  description: string;
  /** JSON Schema of the tool's input */
  schema: Record<string, unknown>;
}

export interface ConverseRequest {
  modelId: string;
  system: string;
  /** the user's first message */
  prompt: string;
  maxTokens: number;
  temperature: number;
  tool?: ForcedTool;
  /**
   * a repair: the model's earlier answer (what it sent, as it sent it) and the user's reply to it;
   * the conversation then is prompt → earlier answer → reply
   */
  repair?: { answer: ConverseTurn; reply: string };
}

/** One answer, as the domain needs it. */
export interface ConverseTurn {
  /** the text blocks of the model's message, joined */
  text: string;
  /** the forced tool's input, if the model called it */
  toolInput: unknown;
  /** the id of that tool call (a repair answers it) */
  toolUseId: string | undefined;
  /** why the model stopped (`end_turn`, `tool_use`, `max_tokens`, …) */
  stopReason: string | undefined;
}

export interface ConverseUsage {
  inputTokens: number;
  outputTokens: number;
  /** the model's own latency (Converse metrics), else the time the call took here */
  latencyMs: number;
}

export interface ConverseAnswer extends ConverseTurn {
  usage: ConverseUsage;
  modelId: string;
}

/** The model could not be reached, or kept refusing (throttled, timed out, unavailable) after the client's retries. */
export class ModelUnavailable extends Error {
  constructor(
    readonly reason: 'throttled' | 'timeout' | 'unavailable' | 'denied' | 'invalid-request',
    cause: unknown,
  ) {
    super(`Bedrock call failed (${reason}): ${(cause as Error)?.name ?? 'Error'}`, { cause });
    this.name = 'ModelUnavailable';
  }
}

function classify(error: unknown): ModelUnavailable['reason'] {
  const name = (error as { name?: string })?.name ?? '';
  if (/Throttl|TooManyRequests|ServiceQuota/i.test(name)) return 'throttled';
  if (/Timeout|TimeoutError|ModelTimeout|AbortError/i.test(name) || (error as { code?: string })?.code === 'ETIMEDOUT') return 'timeout';
  if (/AccessDenied|Unrecognized|Credentials|ExpiredToken/i.test(name)) return 'denied';
  if (/Validation|ResourceNotFound|ModelNotReady|ModelError/i.test(name)) return 'invalid-request';
  return 'unavailable';
}

/** The messages of a request: the prompt, and for a repair the earlier answer and the reply to it. */
function messagesOf(request: ConverseRequest): Message[] {
  const messages: Message[] = [{ role: 'user', content: [{ text: request.prompt }] }];
  if (request.repair) {
    const { answer, reply } = request.repair;
    const content: ContentBlock[] = [];
    if (answer.text) content.push({ text: answer.text });
    if (answer.toolUseId && request.tool) {
      content.push({ toolUse: { toolUseId: answer.toolUseId, name: request.tool.name, input: answer.toolInput as never } });
      messages.push({ role: 'assistant', content });
      messages.push({ role: 'user', content: [{ toolResult: { toolUseId: answer.toolUseId, status: 'error', content: [{ text: reply }] } }] });
    } else {
      messages.push({ role: 'assistant', content: content.length ? content : [{ text: '(no answer)' }] });
      messages.push({ role: 'user', content: [{ text: reply }] });
    }
  }
  return messages;
}

/** The turn a Converse output holds. */
function turnOf(answer: ConverseCommandOutput, toolName?: string): ConverseTurn {
  const blocks = answer.output?.message?.content ?? [];
  const use = blocks.find((b) => b.toolUse && (!toolName || b.toolUse.name === toolName))?.toolUse;
  return {
    text: blocks.map((b) => b.text ?? '').join(''),
    toolInput: use?.input,
    toolUseId: use?.toolUseId,
    stopReason: answer.stopReason,
  };
}

export interface BedrockModel {
  converse(request: ConverseRequest): Promise<ConverseAnswer>;
}

/** A model reached through `client` (tests pass one), or through a client of its own made with `settings()`. */
export function bedrockModel(options: { client?: BedrockClient | undefined; settings: () => BedrockClientSettings }): BedrockModel {
  let client = options.client;
  return {
    async converse(request) {
      client ??= createBedrockClient(options.settings());
      const started = Date.now();
      let answer: ConverseCommandOutput;
      try {
        answer = await client.send(
          new ConverseCommand({
            modelId: request.modelId,
            system: [{ text: request.system }],
            messages: messagesOf(request),
            inferenceConfig: { maxTokens: request.maxTokens, temperature: request.temperature },
            ...(request.tool
              ? {
                  toolConfig: {
                    tools: [{ toolSpec: { name: request.tool.name, description: request.tool.description, inputSchema: { json: request.tool.schema } as ToolInputSchema } }],
                    toolChoice: { tool: { name: request.tool.name } },
                  },
                }
              : {}),
          }),
        );
      } catch (error) {
        throw new ModelUnavailable(classify(error), error);
      }
      return {
        ...turnOf(answer, request.tool?.name),
        usage: {
          inputTokens: answer.usage?.inputTokens ?? 0,
          outputTokens: answer.usage?.outputTokens ?? 0,
          latencyMs: answer.metrics?.latencyMs ?? Date.now() - started,
        },
        modelId: request.modelId,
      };
    },
  };
}
