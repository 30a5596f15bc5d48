/**
 * The per-report AI token budget and the model costs in provenance, through the local gateway: a report
 * whose provenance records add up to the budget (AI_REPORT_TOKEN_BUDGET, 2,000,000 by default) gets a 429
 * with a detail for the next draft; another report is not affected; the records list their usage and the
 * claims left out.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { details } from '@shared/messages';
import { tableClient } from '../helpers/emulator-clients';
import { fileUser } from '../helpers/file-user';

const stack = inject('stack');
const gw = stack.urls.gateway;
const db = tableClient(stack);
const { me, api } = fileUser(gw, 'aibudget', { name: 'Budget Org', sector: 'retail', geography: 'UK' });

const NOTES = 'Staff turnover in stores is 48%, against a sector average of about 30%. Gross margin fell to 36.5% as freight costs rose 18%. A discount competitor opened 6 stores nearby.';

async function reportWithEvidence(title: string): Promise<string> {
  const reportId = (await api('POST', '/api/reports', { title, organization_id: me.orgId, owner: 'Ann' })).body.id as string;
  const added = await api('POST', `/api/reports/${reportId}/evidence/interview`, { title: 'Interview: Head of Operations', content: NOTES });
  if (added.status !== 200 && added.status !== 201) throw new Error(`interview not added: ${added.status} ${added.text}`);
  return reportId;
}

/** A provenance record of an earlier model call, as the draft route writes one. */
async function spend(reportId: string, input: number, output: number) {
  const id = randomUUID();
  const at = new Date(Date.now() - 60_000).toISOString();
  await db.send(
    new PutCommand({
      TableName: stack.tableName,
      Item: {
        PK: `REPORT#${reportId}`,
        SK: `PROV#${at}#${id}`,
        entity: 'Provenance',
        id,
        report_id: reportId,
        kind: 'draft:findings',
        provider: 'bedrock',
        model: 'global.anthropic.claude-haiku-4-5-20251001-v1:0',
        prompt_hash: 'a'.repeat(64),
        evidence_ids: [],
        user: me.username,
        at,
        produced: 5,
        citations_dropped: 1,
        usage: { model_id: 'global.anthropic.claude-haiku-4-5-20251001-v1:0', input_tokens: input, output_tokens: output, latency_ms: 7420, stop_reason: 'tool_use', calls: 1 },
        flagged_claims: [{ step: 'findings', text: 'Gross margin fell 5 points as freight costs rose.', reason: 'not-in-quote', missing: ['5'] }],
      },
    }),
  );
}

describe('the per-report AI token budget', () => {
  it('answers 429 with what was used of what once a report has spent its budget, and leaves other reports alone', async () => {
    // Prepare
    const spent = await reportWithEvidence('Spent');
    const fresh = await reportWithEvidence('Fresh');
    await spend(spent, 1_500_000, 400_000);
    await spend(spent, 90_000, 10_000);
    // Act
    const refused = await api('POST', `/api/reports/${spent}/draft`, { step: 'findings' });
    const drafted = await api('POST', `/api/reports/${fresh}/draft`, { step: 'findings' });
    // Assess
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toBe(details.aiBudgetSpent(2_000_000, 2_000_000));
    expect(refused.text).not.toMatch(/stack|at .*\.ts/);
    expect(drafted.status, drafted.text).toBe(202);
    // refused at the start: no job was recorded for the spent report
    expect((await api('GET', `/api/reports/${spent}/drafts/findings/job`)).body).toEqual({ job: null });
  });

  it('lists each model call with its tokens, latency, stop reason, model and the claims left out', async () => {
    // Prepare
    const reportId = await reportWithEvidence('Costed');
    await spend(reportId, 3412, 1180);
    // Act
    const listed = await api('GET', `/api/reports/${reportId}/provenance`);
    // Assess
    expect(listed.status).toBe(200);
    expect(listed.body.items[0]).toMatchObject({
      provider: 'bedrock',
      usage: { model_id: 'global.anthropic.claude-haiku-4-5-20251001-v1:0', input_tokens: 3412, output_tokens: 1180, latency_ms: 7420, stop_reason: 'tool_use', calls: 1 },
      flagged_claims: [{ step: 'findings', reason: 'not-in-quote', missing: ['5'] }],
    });
    const under = await api('POST', `/api/reports/${reportId}/draft`, { step: 'findings' });
    expect(under.status, under.text).toBe(202);
  });
});
