/**
 * The Bedrock model behind the `bedrock` analysis provider: one Converse call, and nothing else of the AWS
 * SDK reaches the domain. The client is created on the first call (the SDK loads only when a model is asked).
 */
import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';

export type BedrockClient = BedrockRuntimeClient;

export interface ConverseRequest {
  modelId: string;
  system: string;
  prompt: string;
  maxTokens: number;
  temperature: number;
}

export interface ConverseAnswer {
  /** the text blocks of the model's message, joined */
  text: string;
  /** why the model stopped (`end_turn`, `max_tokens`, …) */
  stopReason: string | undefined;
}

export interface BedrockModel {
  converse(request: ConverseRequest): Promise<ConverseAnswer>;
}

/** A model reached through `client` (tests pass one), or through a client of its own in `region()`. */
export function bedrockModel(options: { client?: BedrockClient | undefined; region: () => string | undefined }): BedrockModel {
  let client = options.client;
  return {
    async converse(request) {
      if (!client) {
        const region = options.region();
        client = new BedrockRuntimeClient(region ? { region } : {});
      }
      const answer = await client.send(
        new ConverseCommand({
          modelId: request.modelId,
          system: [{ text: request.system }],
          messages: [{ role: 'user', content: [{ text: request.prompt }] }],
          inferenceConfig: { maxTokens: request.maxTokens, temperature: request.temperature },
        }),
      );
      return { text: (answer.output?.message?.content ?? []).map((block) => block.text ?? '').join(''), stopReason: answer.stopReason };
    },
  };
}
