/**
 * Replaying recorded Bedrock Converse answers (test/fixtures/bedrock, shape in its README): a recording's
 * turns are answered, in order, by a stub of the SDK client's `send` (the one mock this project allows),
 * so parsing, repair, grounding and usage run on the answers a model gave.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BedrockRuntimeClient, type ConverseCommand, type ConverseCommandInput, type ConverseCommandOutput } from '@aws-sdk/client-bedrock-runtime';
import type { DraftStep } from '@shared/schemas/report-document';
import { parseWizardData, type ObjectivesData } from '@shared/schemas/wizard';
import { dimensionScoresFrom, type DraftEvidence, type DraftInput } from '../../functions/domain/ai/port/draft-contract';
import { createBedrockProvider } from '../../functions/domain/ai/providers/bedrock-provider';
import type { DraftResult } from '../../functions/domain/ai/port/analysis-provider';

export const BEDROCK_FIXTURES = resolve(import.meta.dirname, '../fixtures/bedrock');

/** What a draft step was asked with: the organization, objectives and evidence (with full texts). */
export interface RecordedInput {
  organization: { name: string; sector: string; geography: string };
  objectives?: ObjectivesData;
  evidence: { id: string; title: string; type: 'file' | 'url' | 'interview'; text: string }[];
}

/** A turn: a Converse answer as the SDK returned it (without $metadata), or the error it threw. */
export type RecordedTurn = Omit<ConverseCommandOutput, '$metadata'> | { error: { name: string; message: string; [k: string]: unknown } };

export interface Recording {
  description: string;
  recorded: { by: 'hand' | 'ai:record'; model_id: string; at: string; note?: string };
  /** the input, or the name of a file beside the recording that holds it */
  input: RecordedInput | string;
  step: DraftStep;
  /** what the earlier steps held (wizard data) */
  data?: unknown;
  turns: RecordedTurn[];
}

export function loadRecording(name: string, dir = BEDROCK_FIXTURES): { recording: Recording; input: DraftInput } {
  const recording = JSON.parse(readFileSync(join(dir, name.endsWith('.json') ? name : `${name}.json`), 'utf8')) as Recording;
  const base = typeof recording.input === 'string' ? (JSON.parse(readFileSync(join(dir, recording.input), 'utf8')) as RecordedInput) : recording.input;
  return { recording, input: draftInputOf(base, recording.step, recording.data) };
}

/** The drafter's input for a recorded step: every item analysed, with its full text. */
export function draftInputOf(base: RecordedInput, step: DraftStep, data: unknown = {}): DraftInput {
  const evidence: (DraftEvidence & { text: string })[] = base.evidence.map((e) => ({ ...e, relevance: 1, dimensionScores: {}, insights: [] }));
  return {
    step,
    organization: base.organization,
    ...(base.objectives ? { objectives: base.objectives } : {}),
    stakeholders: [],
    evidence,
    data: parseWizardData(data).data,
    dimensions: dimensionScoresFrom(evidence),
  };
}

/** A client whose `send` answers with `turns` in order, and keeps what was sent. */
export function replayClient(turns: readonly RecordedTurn[]): { client: BedrockRuntimeClient; sent: ConverseCommandInput[] } {
  const client = new BedrockRuntimeClient({ region: 'us-east-1', credentials: { accessKeyId: 'replay', secretAccessKey: 'replay' } });
  const sent: ConverseCommandInput[] = [];
  let next = 0;
  const send = async (command: ConverseCommand): Promise<ConverseCommandOutput> => {
    sent.push(structuredClone(command.input));
    const turn = turns[next++];
    if (!turn) throw new Error(`the recording has ${turns.length} turn(s); call ${next} was not recorded`);
    if ('error' in turn) throw Object.assign(new Error(turn.error.message), turn.error);
    return { ...turn, $metadata: {} };
  };
  client.send = send;
  return { client, sent };
}

/**
 * A drafter for the evaluation's Bedrock column: replays `npm run ai:record`'s answers for `caseId`
 * (test/fixtures/bedrock/recorded/<case>/<step>.json) through the Bedrock provider, or undefined when the case
 * has no recordings. The provider parses, repairs and grounds them as it would a live answer.
 */
export function recordedDrafter(caseId: string, dir = join(BEDROCK_FIXTURES, 'recorded')): ((input: DraftInput) => Promise<DraftResult>) | undefined {
  const caseDir = join(dir, caseId);
  if (!existsSync(caseDir)) return undefined;
  return async (input) => {
    const file = join(caseDir, `${input.step}.json`);
    if (!existsSync(file)) throw new Error(`no recording of ${caseId} ${input.step}: run npm run ai:record -- ${caseId}`);
    const recording = JSON.parse(readFileSync(file, 'utf8')) as Recording;
    const { client } = replayClient(recording.turns);
    return createBedrockProvider({ client, modelId: recording.recorded.model_id, env: {} }).draft(input);
  };
}
