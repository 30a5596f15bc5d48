/**
 * Final means final, through the local gateway: a Final report's sections, visuals, evidence, wizard steps, drafts,
 * brand, title and status answer 409 with the detail that says to reopen it, and nothing in the store changes; a
 * save in flight when the report goes Final is refused by its own transaction; exports of a Final report still go
 * out. Reopening is a lead's, with a reason, audited: back to In Review, every approval taken back. An empty report
 * cannot go Final without a lead's override. Nobody approves their own work: not a review they asked for, not a
 * version they wrote, and nobody names themself as reviewer.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { details } from '@shared/messages';
import { REQUIRED_SECTIONS, SECTION_TITLES } from '@shared/schemas/report-document';
import { tableClient } from '../helpers/emulator-clients';
import { http, registerAndLogin } from '../helpers/http';

const stack = inject('stack');
const gw = stack.urls.gateway;
const db = tableClient(stack);

type Session = Awaited<ReturnType<typeof registerAndLogin>>;
let lead: Session;
let editor: Session;
let reviewer: Session;
let orgId: string;

const call = (s: Session, method: string, path: string, body?: unknown) => http(gw, method, path, { token: s.token, body });
const nextWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
const TEXT = (key: string) => `${SECTION_TITLES[key as keyof typeof SECTION_TITLES]}: what the assessment found, written out in enough words to review.`;

/** Every item of a partition, sorted by key (what the store holds of a report or a client). */
async function partition(pk: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db.send(new QueryCommand({ TableName: stack.tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true, ExclusiveStartKey: start }));
    items.push(...((out.Items ?? []) as Record<string, unknown>[]));
    start = out.LastEvaluatedKey;
  } while (start);
  return items.sort((a, b) => String(a.SK).localeCompare(String(b.SK)));
}

async function newReport(title: string): Promise<string> {
  const report = await call(lead, 'POST', '/api/reports', { title, organization_id: orgId, owner: 'Ann' });
  expect(report.status, report.text).toBe(200);
  return report.body.id as string;
}

async function save(s: Session, reportId: string, key: string, content: string) {
  const current = await call(s, 'GET', `/api/reports/${reportId}/sections/${key}`);
  return call(s, 'PUT', `/api/reports/${reportId}/sections/${key}`, { content, citations: [], version: current.body.version });
}

/** The editor writes every required section and asks the reviewer to review them; the reviewer approves each. */
async function writtenAndApproved(reportId: string): Promise<void> {
  for (const key of REQUIRED_SECTIONS) expect((await save(editor, reportId, key, TEXT(key))).status).toBe(200);
  const asked = await call(editor, 'POST', `/api/reports/${reportId}/reviews`, { sections: [...REQUIRED_SECTIONS], reviewers: [reviewer.user.username], due: nextWeek() });
  expect(asked.status, asked.text).toBe(200);
  for (const r of asked.body.reviews as { id: string; section: string }[]) {
    const decided = await call(reviewer, 'POST', `/api/reports/${reportId}/reviews/${r.section}/${r.id}/decision`, { decision: 'approve' });
    expect(decided.status, decided.text).toBe(200);
  }
}

const override = (reportId: string, reason = 'Signed off by the partner') => call(lead, 'PUT', `/api/reports/${reportId}/status?status=Final&override_reason=${encodeURIComponent(reason)}`);

beforeAll(async () => {
  [lead, editor, reviewer] = await Promise.all([registerAndLogin(gw, 'lead'), registerAndLogin(gw, 'editor'), registerAndLogin(gw, 'reviewer')]);
  const org = await call(lead, 'POST', '/api/organizations', { name: `Final client ${randomUUID().slice(0, 6)}`, sector: 'retail' });
  orgId = org.body.id as string;
  for (const [s, role] of [[editor, 'editor'], [reviewer, 'reviewer']] as const) {
    const added = await call(lead, 'POST', `/api/organizations/${orgId}/team`, { username: s.user.username, role });
    expect(added.status, added.text).toBe(200);
  }
});

describe('a Final report is read-only', () => {
  it('refuses every change with 409 and the reopen detail, and the store does not change; exports still go out', async () => {
    // Prepare: a report with a section, a visual, an evidence item, a saved step, a pending draft; then Final
    const reportId = await newReport('Read-only assessment');
    expect((await save(editor, reportId, 'findings', TEXT('findings'))).status).toBe(200);
    const visual = await call(editor, 'POST', `/api/reports/${reportId}/visuals`, { type: 'table', title: 'Regions', binding: { source: 'table', columns: ['Region'], rows: [['North']] } });
    expect(visual.status, visual.text).toBe(201);
    const evidence = await call(editor, 'POST', `/api/reports/${reportId}/evidence/interview`, { title: 'COO interview', content: 'Margins fell in the north while costs rose.', source: 'COO' });
    expect(evidence.status, evidence.text).toBe(200);
    const objectives = { purpose: 'Assess the operating model.', methodology: 'Interviews.' };
    const saved = await call(editor, 'POST', '/api/wizard-progress', { report_id: reportId, wizard_data: { objectives }, completed_steps: [], current_step: 2 });
    expect(saved.status, saved.text).toBe(200);
    await db.send(
      new PutCommand({
        TableName: stack.tableName,
        Item: { PK: `REPORT#${reportId}`, SK: 'DRAFT#swot', entity: 'PendingDraft', report_id: reportId, step: 'swot', status: 'pending', provider: 'local', created_by: editor.user.username, created_at: new Date().toISOString(), citations_dropped: 0, data: { strengths: [], weaknesses: [], opportunities: [], threats: [] } },
      }),
    );
    const other = await newReport('Library neighbour');
    const neighbour = await call(editor, 'POST', `/api/reports/${other}/evidence/interview`, { title: 'CFO interview', content: 'Cash is tight.', source: 'CFO' });
    expect((await override(reportId)).status).toBe(200);
    const report = (await call(editor, 'GET', `/api/reports/${reportId}`)).body as { version: number; title: string; owner: string };
    const [beforeReport, beforeClient] = await Promise.all([partition(`REPORT#${reportId}`), partition(`ORG#${orgId}`)]);
    const upload = new FormData();
    upload.set('file', new Blob([new TextEncoder().encode('Stores in the south grew by a fifth.')]), 'notes.txt');
    upload.set('report_id', reportId);

    // Act: every way of changing it, by its editor
    const v = visual.body as { id: string; version: number };
    const answers = {
      sectionSave: await save(editor, reportId, 'findings', 'Rewritten after Final.'),
      sectionRestore: await call(editor, 'POST', `/api/reports/${reportId}/sections/findings/versions/1/restore`, { version: 1 }),
      compose: await call(editor, 'POST', `/api/reports/${reportId}/compose`, {}),
      visualCreate: await call(editor, 'POST', `/api/reports/${reportId}/visuals`, { type: 'table', title: 'Late', binding: { source: 'table', columns: ['A'], rows: [['1']] } }),
      visualUpdate: await call(editor, 'PUT', `/api/reports/${reportId}/visuals/${v.id}`, { type: 'table', title: 'Renamed', binding: { source: 'table', columns: ['Region'], rows: [['South']] }, version: v.version }),
      visualDelete: await call(editor, 'DELETE', `/api/reports/${reportId}/visuals/${v.id}?force=true`),
      evidenceInterview: await call(editor, 'POST', `/api/reports/${reportId}/evidence/interview`, { title: 'Late interview', content: 'Added after Final.', source: 'CEO' }),
      evidenceUpload: await fetch(`${gw}/api/files/upload`, { method: 'POST', headers: { authorization: `Bearer ${editor.token}` }, body: upload }).then(async (r) => ({ status: r.status, body: (await r.json()) as { detail?: string } })),
      evidenceDelete: await call(editor, 'DELETE', `/api/reports/${reportId}/evidence/${evidence.body.evidence.id}`),
      evidenceClaim: await call(editor, 'POST', `/api/reports/${reportId}/evidence/claim`, { placeholder_id: `temp-${randomUUID()}` }),
      libraryTake: await call(editor, 'POST', `/api/reports/${reportId}/evidence/references`, { evidence_ids: [neighbour.body.evidence.id] }),
      draftAccept: await call(editor, 'POST', `/api/reports/${reportId}/drafts/swot/accept`, { mode: 'append' }),
      stepSave: await call(editor, 'POST', '/api/wizard-progress', { report_id: reportId, wizard_data: { objectives: { ...objectives, purpose: 'Changed after Final.' } }, completed_steps: [], current_step: 2 }),
      stepComplete: await call(editor, 'POST', `/api/reports/${reportId}/steps/objectives/complete`, { data: objectives }),
      brand: await call(editor, 'PUT', `/api/reports/${reportId}/brand`, { primaryColor: '#123456' }),
      title: await call(editor, 'PUT', `/api/reports/${reportId}`, { title: 'Renamed after Final', owner: report.owner, version: report.version }),
      status: await call(editor, 'PUT', `/api/reports/${reportId}/status?status=Draft`),
    };

    // Assess: 409 with the one detail, everywhere
    for (const [what, answer] of Object.entries(answers)) {
      expect({ what, status: answer.status, detail: answer.body.detail }).toEqual({ what, status: 409, detail: details.reportFinal });
    }
    // …and nothing changed: the report's partition and its client's (library, brand) read the same
    expect(await partition(`REPORT#${reportId}`)).toEqual(beforeReport);
    expect(await partition(`ORG#${orgId}`)).toEqual(beforeClient);
    // a save that changes nothing, and moving the current step, are no changes of content: still answered
    expect((await call(editor, 'POST', '/api/wizard-progress', { report_id: reportId, wizard_data: { objectives }, completed_steps: [], current_step: 2 })).status).toBe(200);
    // exports read: they still go out
    const exported = await call(editor, 'POST', `/api/reports/${reportId}/exports`, { format: 'docx', sections: ['findings'] });
    expect(exported.status, exported.text).toBe(202);
  });

  it('a section save in flight when the report goes Final is refused by its own transaction, not a read before it', async () => {
    // Prepare: a Draft report with a written section
    const reportId = await newReport('Raced into Final');
    expect((await save(editor, reportId, 'findings', TEXT('findings'))).status).toBe(200);
    const current = (await call(editor, 'GET', `/api/reports/${reportId}/sections/findings`)).body as { version: number };
    const injected = async () => ((await http(gw, 'GET', '/__harness/faults')).body.injected as { operation: string; kind: string }[]).filter((f) => f.operation === 'TransactWriteItems' && f.kind === 'delay').length;
    const delaysBefore = await injected();
    const armed = await http(gw, 'POST', '/__harness/faults', { body: { service: 'dynamodb', operation: 'TransactWriteItems', kind: 'delay', delayMs: 6000, count: 1 } });
    expect(armed.status, armed.text).toBe(200);
    try {
      // Act: the save has read the report (Draft) and waits at its write; the lead sets Final meanwhile
      const saving = call(editor, 'PUT', `/api/reports/${reportId}/sections/findings`, { content: 'Slipped in after Final?', citations: [], version: current.version });
      await expect.poll(injected, { timeout: 15_000 }).toBe(delaysBefore + 1);
      const final = await override(reportId);
      const answer = await saving;

      // Assess
      expect(final.status, final.text).toBe(200);
      expect(answer.status, answer.text).toBe(409);
      expect(answer.body.detail).toBe(details.reportFinal);
      expect((await call(editor, 'GET', `/api/reports/${reportId}/sections/findings`)).body).toMatchObject({ version: current.version, content: TEXT('findings') });
    } finally {
      await http(gw, 'DELETE', '/__harness/faults');
    }
  });
});

describe('reopening', () => {
  it("is a lead's, with a reason, audited; back to In Review with every approval taken back", async () => {
    // Prepare: a report written, approved and Final by its gate
    const reportId = await newReport('Reopened assessment');
    await writtenAndApproved(reportId);
    const final = await call(editor, 'PUT', `/api/reports/${reportId}/status?status=Final`);
    expect(final.status, final.text).toBe(200);

    // Act
    const byEditor = await call(editor, 'POST', `/api/reports/${reportId}/reopen`, { reason: 'Typo' });
    const noReason = await call(lead, 'POST', `/api/reports/${reportId}/reopen`, { reason: '  ' });
    const byLead = await call(lead, 'POST', `/api/reports/${reportId}/reopen`, { reason: 'The client sent corrected figures' });
    const again = await call(lead, 'POST', `/api/reports/${reportId}/reopen`, { reason: 'Twice' });
    const summary = await call(editor, 'GET', `/api/reports/${reportId}/reviews`);
    const audit = await call(lead, 'GET', `/api/reports/${reportId}/audit`);
    const refinal = await call(editor, 'PUT', `/api/reports/${reportId}/status?status=Final`);
    const edit = await save(editor, reportId, 'findings', `${TEXT('findings')} Corrected.`);

    // Assess
    expect(byEditor.status).toBe(403);
    expect(byEditor.body.detail).toBe(details.teamRoleCannot('editor', 'reopen a Final report'));
    expect(noReason.status).toBe(400);
    expect(noReason.body.detail).toBe('reason must not be empty');
    expect(byLead.status, byLead.text).toBe(200);
    expect(byLead.body).toMatchObject({ success: true, status: 'In Review' });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(details.reportNotFinal);
    // every approval taken back: the sections need approving again before Final
    expect(summary.body.final_ready).toBe(false);
    expect((summary.body.sections as { key: string; state: string }[]).filter((s) => s.state === 'approved')).toEqual([]);
    expect(refinal.status).toBe(409);
    expect(refinal.body.detail).toBe(details.finalNeedsApproval(REQUIRED_SECTIONS.map((k) => `${SECTION_TITLES[k]} (approval stale)`)));
    const items = audit.body.items as { action: string; user: string; detail: string }[];
    expect(items.find((e) => e.action === 'report.reopen')).toMatchObject({ user: lead.user.username, detail: 'reason: The client sent corrected figures; approvals taken back' });
    expect(items.some((e) => e.action === 'report.status' && e.detail === 'Final → In Review')).toBe(true);
    expect(edit.status, edit.text).toBe(200);
  });
});

describe("Final's gate", () => {
  it('an empty report does not go Final without a lead’s override; with one it does, audited', async () => {
    // Prepare
    const reportId = await newReport('Empty report');
    const before = await partition(`REPORT#${reportId}`);
    // Act
    const refused = await call(editor, 'PUT', `/api/reports/${reportId}/status?status=Final`);
    const after = await partition(`REPORT#${reportId}`);
    const overridden = await override(reportId, 'Board asked for the empty shell');
    // Assess
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(details.finalNeedsApproval(REQUIRED_SECTIONS.map((k) => `${SECTION_TITLES[k]} (not written)`)));
    expect(after).toEqual(before);
    expect(overridden.status, overridden.text).toBe(200);
    const audit = await call(lead, 'GET', `/api/reports/${reportId}/audit`);
    expect((audit.body.items as { action: string; detail: string }[]).find((e) => e.action === 'report.final_override')?.detail).toContain(`${SECTION_TITLES.conclusion} (not written)`);
  });
});

describe('no self-approval', () => {
  it('a reviewer who wrote a section, or asked for its review, cannot approve it; nobody names themself', async () => {
    // Prepare: on an open client the reviewer may write; they write the findings
    const reportId = await newReport('Self-approved?');
    expect((await save(reviewer, reportId, 'findings', TEXT('findings'))).status).toBe(200);

    // Act: the attack as filed: the writer names themself, approves, sets Final
    const selfNamed = await call(reviewer, 'POST', `/api/reports/${reportId}/reviews`, { sections: ['findings'], reviewers: [reviewer.user.username], due: nextWeek() });
    // asked by the lead, the reviewer approves what they wrote; the lead approves what they asked for
    const asked = await call(lead, 'POST', `/api/reports/${reportId}/reviews`, { sections: ['findings'], reviewers: [reviewer.user.username], due: nextWeek() });
    const path = `/api/reports/${reportId}/reviews/findings/${asked.body.reviews[0].id}/decision`;
    const byWriter = await call(reviewer, 'POST', path, { decision: 'approve' });
    const byRequester = await call(lead, 'POST', path, { decision: 'approve' });
    const reviews = await partition(`REPORT#${reportId}`).then((items) => items.filter((i) => String(i.SK).startsWith('REVIEW#')));
    const final = await call(reviewer, 'PUT', `/api/reports/${reportId}/status?status=Final`);
    // the writer may still send it back: only an approval needs another pair of eyes
    const changes = await call(reviewer, 'POST', path, { decision: 'request_changes', comment: 'Needs a source.' });

    // Assess
    expect(selfNamed.status).toBe(403);
    expect(selfNamed.body.detail).toBe(details.reviewSelf);
    expect(asked.status, asked.text).toBe(200);
    expect(byWriter.status).toBe(403);
    expect(byWriter.body.detail).toBe(details.reviewOwnWork(SECTION_TITLES.findings));
    expect(byRequester.status).toBe(403);
    expect(byRequester.body.detail).toBe(details.reviewOwnWork(SECTION_TITLES.findings));
    expect(reviews.map((r) => r.status)).toEqual(['pending']);
    expect(final.status).toBe(409);
    expect((await call(lead, 'GET', `/api/reports/${reportId}`)).body.status).toBe('Draft');
    expect(changes.status, changes.text).toBe(200);
  });
});
