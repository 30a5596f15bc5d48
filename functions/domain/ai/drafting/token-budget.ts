/**
 * The per-report AI token budget: every model call's tokens are recorded in its provenance record, and a
 * report whose records add up to AI_REPORT_TOKEN_BUDGET gets no more model calls (429 with a detail that says
 * what was used of what). The local provider spends no tokens, so it is never stopped.
 */
import * as z from 'zod/mini';
import { aiDetails } from '@shared/messages/ai';
import { listProvenance } from '../../../data/provenance-repo';
import { readConfig } from '../../../lib/config';
import { AiBudgetSpentError } from '../errors';

/** Tokens (input and output) one report may spend on model calls unless AI_REPORT_TOKEN_BUDGET says otherwise. */
const DEFAULT_REPORT_TOKEN_BUDGET = 2_000_000;

const budgetSettings = {
  AI_REPORT_TOKEN_BUDGET: z.optional(z.pipe(z.string().check(z.regex(/^\d{1,12}$/, 'AI_REPORT_TOKEN_BUDGET must be a whole number of tokens')), z.transform(Number))),
};

/** Tokens the report's model calls have used, from its provenance records. */
async function tokensSpent(reportId: string): Promise<number> {
  let spent = 0;
  let cursor: string | undefined;
  for (let page = 0; page < 1000; page++) {
    const { items, next_cursor } = await listProvenance(reportId, 100, cursor);
    for (const r of items) spent += (r.usage?.input_tokens ?? 0) + (r.usage?.output_tokens ?? 0);
    if (!next_cursor) break;
    cursor = next_cursor;
  }
  return spent;
}

/** Refuses (429) a model call for a report whose budget is spent. */
export async function assertTokenBudget(reportId: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const budget = readConfig(budgetSettings, env).AI_REPORT_TOKEN_BUDGET ?? DEFAULT_REPORT_TOKEN_BUDGET;
  const spent = await tokensSpent(reportId);
  if (spent >= budget) throw new AiBudgetSpentError(aiDetails.aiBudgetSpent(spent, budget));
}
