/**
 * Review and approval through the local gateway: request → approve → Final allowed (the required sections written,
 * every written one approved); an edit after the approval makes it stale and Final is refused (409 naming the section); a lead's override with a reason is
 * allowed and audited with the reason; an edit that lands between Final's gate and its write makes Final fail too; someone who may not approve cannot; a Final export records the approved
 * versions; the activity feed tells it all, newest first, with names, and coalesces a user's autosaves.
 */
import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { details } from '@shared/messages';
import { REQUIRED_SECTIONS, SECTION_TITLES } from '@shared/schemas/report-document';

const F = SECTION_TITLES.findings;
const ES = SECTION_TITLES['executive-summary'];
const IN = SECTION_TITLES.introduction;
const RE = SECTION_TITLES.recommendations;
const CO = SECTION_TITLES.conclusion;
import { tableClient } from '../helpers/emulator-clients';
import { http, mailFor, registerAndLogin } from '../helpers/http';

const stack = inject('stack');
const gw = stack.urls.gateway;
const db = tableClient(stack);

/** The notifications in a user's inbox (what the bell lists), oldest first. */
async function inbox(username: string): Promise<{ kind: string; text: string; report_id: string; target: { section?: string; review?: string }; actor: { id: string } }[]> {
  const out = await db.send(new QueryCommand({ TableName: stack.tableName, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)', ExpressionAttributeValues: { ':pk': `INBOX#${username}`, ':sk': 'NOTIF#' } }));
  return (out.Items ?? []) as never;
}

type Session = Awaited<ReturnType<typeof registerAndLogin>>;
let lead: Session;
let editor: Session;
let reviewer: Session;
let viewer: Session;
let stranger: Session;
let orgId: string;

const call = (s: Session, method: string, path: string, body?: unknown) => http(gw, method, path, { token: s.token, body });
const nextWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

async function newReport(title: string): Promise<string> {
  const report = await call(lead, 'POST', '/api/reports', { title, organization_id: orgId, owner: 'Ann' });
  expect(report.status, report.text).toBe(200);
  return report.body.id as string;
}

async function save(s: Session, reportId: string, key: string, content: string): Promise<number> {
  const current = await call(s, 'GET', `/api/reports/${reportId}/sections/${key}`);
  const saved = await call(s, 'PUT', `/api/reports/${reportId}/sections/${key}`, { content, citations: [], version: current.body.version });
  expect(saved.status, saved.text).toBe(200);
  return saved.body.version as number;
}

async function reviews(s: Session, reportId: string) {
  const res = await call(s, 'GET', `/api/reports/${reportId}/reviews`);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

const stateOf = (summary: { sections: { key: string; state: string }[] }, key: string) => summary.sections.find((s) => s.key === key)?.state;

/** The required sections Final needs besides the findings, written by the editor, asked of the reviewer and approved. */
const OTHERS = REQUIRED_SECTIONS.filter((k) => k !== 'findings');
async function othersApproved(reportId: string): Promise<void> {
  for (const key of OTHERS) await save(editor, reportId, key, `${SECTION_TITLES[key]}: written out in words enough to review.`);
  const asked = await call(editor, 'POST', `/api/reports/${reportId}/reviews`, { sections: OTHERS, reviewers: [reviewer.user.username], due: nextWeek() });
  expect(asked.status, asked.text).toBe(200);
  for (const r of asked.body.reviews as { id: string; section: string }[]) expect((await call(reviewer, 'POST', `/api/reports/${reportId}/reviews/${r.section}/${r.id}/decision`, { decision: 'approve' })).status).toBe(200);
}

beforeAll(async () => {
  [lead, editor, reviewer, viewer, stranger] = await Promise.all([
    registerAndLogin(gw, 'lead'),
    registerAndLogin(gw, 'editor'),
    registerAndLogin(gw, 'reviewer'),
    registerAndLogin(gw, 'viewer'),
    registerAndLogin(gw, 'stranger'),
  ]);
  const org = await call(lead, 'POST', '/api/organizations', { name: `Reviewed ${randomUUID().slice(0, 6)}` });
  orgId = org.body.id as string;
  for (const [s, role] of [[editor, 'editor'], [reviewer, 'reviewer'], [viewer, 'viewer']] as const) {
    const added = await call(lead, 'POST', `/api/organizations/${orgId}/team`, { username: s.user.username, role });
    expect(added.status, added.text).toBe(200);
  }
});

describe('review, approval and Final', () => {
  it('request → approve → Final; an edit makes the approval stale and Final is refused with the section named', async () => {
    // Prepare: the required sections written
    const reportId = await newReport('Reviewed assessment');
    await save(editor, reportId, 'findings', 'Revenue grew while costs held flat across the regions we studied.');
    const summaryVersion = await save(editor, reportId, 'executive-summary', 'The business is sound; its reporting needs work before the board meets.');
    for (const key of ['introduction', 'recommendations', 'conclusion'] as const) await save(editor, reportId, key, `${SECTION_TITLES[key]}: what the board should know, in a few words.`);
    const before = await reviews(editor, reportId);
    expect(stateOf(before, 'findings')).toBe('draft');
    expect(before.final_ready).toBe(false);
    expect(before.reviewers.map((r: { username: string }) => r.username).sort()).toEqual([lead.user.username, reviewer.user.username].sort());
    expect(before.can_request).toBe(true);

    // Act: Final refused before any review
    const early = await call(editor, 'PUT', `/api/reports/${reportId}/status?status=Final`);
    // Assess
    expect(early.status).toBe(409);
    expect(early.body.detail).toBe(details.finalNeedsApproval([`${ES} (draft)`, `${IN} (draft)`, `${F} (draft)`, `${RE} (draft)`, `${CO} (draft)`]));

    // Act: the editor asks the reviewer to review the whole report
    const asked = await call(editor, 'POST', `/api/reports/${reportId}/reviews`, { sections: [...REQUIRED_SECTIONS], reviewers: [reviewer.user.username], due: nextWeek(), note: 'Board pack' });
    expect(asked.status, asked.text).toBe(200);
    expect(asked.body.reviews).toHaveLength(5);
    const inReview = await reviews(reviewer, reportId);
    expect(stateOf(inReview, 'findings')).toBe('in_review');
    expect(inReview.can_approve).toBe(true);
    // the reviewer approves each
    for (const r of asked.body.reviews as { id: string; section: string }[]) {
      const decided = await call(reviewer, 'POST', `/api/reports/${reportId}/reviews/${r.section}/${r.id}/decision`, { decision: 'approve', comment: 'Good' });
      expect(decided.status, decided.text).toBe(200);
      expect(decided.body.review).toMatchObject({ status: 'approved', decided_by: { username: reviewer.user.username } });
    }
    const approved = await reviews(editor, reportId);
    expect(stateOf(approved, 'findings')).toBe('approved');
    expect(approved.final_ready).toBe(true);
    expect(approved.sections.find((s: { key: string }) => s.key === 'executive-summary').review.decided_version).toBe(summaryVersion);

    // an approved section edited afterwards: stale, and Final refused naming it
    await save(editor, reportId, 'findings', 'Revenue grew while costs held flat across the regions we studied, and margins rose.');
    const stale = await reviews(editor, reportId);
    expect(stateOf(stale, 'findings')).toBe('stale');
    expect(stateOf(stale, 'executive-summary')).toBe('approved');
    const refused = await call(editor, 'PUT', `/api/reports/${reportId}/status?status=Final`);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(details.finalNeedsApproval([`${F} (approval stale)`]));
    expect((await call(editor, 'GET', `/api/reports/${reportId}`)).body.status).toBe('Draft');

    // re-requested and approved again: Final now allowed
    const again = await call(editor, 'POST', `/api/reports/${reportId}/reviews`, { sections: ['findings'], reviewers: [reviewer.user.username], due: nextWeek() });
    const review = again.body.reviews[0] as { id: string };
    expect((await call(reviewer, 'POST', `/api/reports/${reportId}/reviews/findings/${review.id}/decision`, { decision: 'approve' })).status).toBe(200);
    const final = await call(editor, 'PUT', `/api/reports/${reportId}/status?status=Final`);
    expect(final.status, final.text).toBe(200);
    expect(final.body.status).toBe('Final');

    // a Final export records the approved versions it was made from
    const exported = await call(editor, 'POST', `/api/reports/${reportId}/exports`, { format: 'docx', sections: ['findings', 'executive-summary'] });
    expect(exported.status, exported.text).toBe(202);
    const job = await call(editor, 'GET', `/api/reports/${reportId}/exports/${exported.body.export_id}`);
    const latest = await reviews(editor, reportId);
    const findings = latest.sections.find((s: { key: string }) => s.key === 'findings');
    expect(job.body.approvals).toEqual({
      findings: { version: findings.version, approved_by: reviewer.user.username, approved_at: findings.review.decided_at },
      'executive-summary': { version: summaryVersion, approved_by: reviewer.user.username, approved_at: expect.any(String) },
    });
  });

  it('changes requested need a comment; the comment is kept with the decision; a decided review is not decided again', async () => {
    // Prepare
    const reportId = await newReport('Changes requested');
    const version = await save(editor, reportId, 'findings', 'Margins fell in two of the three regions, for reasons the data does not show.');
    const asked = await call(editor, 'POST', `/api/reports/${reportId}/reviews`, { sections: ['findings'], reviewers: [reviewer.user.username], due: nextWeek() });
    const id = asked.body.reviews[0].id as string;
    const path = `/api/reports/${reportId}/reviews/findings/${id}/decision`;
    // Act
    const bare = await call(reviewer, 'POST', path, { decision: 'request_changes' });
    const sent = await call(reviewer, 'POST', path, { decision: 'request_changes', comment: 'Name the regions and cite the source.', version });
    const twice = await call(reviewer, 'POST', path, { decision: 'approve' });
    // Assess
    expect(bare.status).toBe(400);
    expect(bare.body.detail).toContain('say what should change');
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.review).toMatchObject({ status: 'changes_requested', comment: 'Name the regions and cite the source.', decided_version: version });
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toBe(details.reviewDecided(reviewer.user.name));
    expect(stateOf(await reviews(editor, reportId), 'findings')).toBe('changes_requested');
  });

  it('a newer request of a section replaces an older one still pending', async () => {
    const reportId = await newReport('Asked twice');
    await save(editor, reportId, 'findings', 'Findings asked about twice, by two people who did not talk to each other.');
    const first = await call(editor, 'POST', `/api/reports/${reportId}/reviews`, { sections: ['findings'], reviewers: [reviewer.user.username], due: nextWeek() });
    const second = await call(lead, 'POST', `/api/reports/${reportId}/reviews`, { sections: ['findings'], reviewers: [reviewer.user.username], due: nextWeek() });
    const old = await call(reviewer, 'POST', `/api/reports/${reportId}/reviews/findings/${first.body.reviews[0].id}/decision`, { decision: 'approve' });
    const current = await call(reviewer, 'POST', `/api/reports/${reportId}/reviews/findings/${second.body.reviews[0].id}/decision`, { decision: 'approve' });
    expect(old.status).toBe(409);
    expect(old.body.detail).toBe(details.reviewSuperseded(F));
    expect(current.status).toBe(200);
    expect(stateOf(await reviews(editor, reportId), 'findings')).toBe('approved');
  });

  it('a reviewer cannot approve a version newer than the one they read', async () => {
    const reportId = await newReport('Moving text');
    const read = await save(editor, reportId, 'findings', 'First text of the findings, long enough to be worth a review.');
    const asked = await call(editor, 'POST', `/api/reports/${reportId}/reviews`, { sections: ['findings'], reviewers: [reviewer.user.username], due: nextWeek() });
    await save(editor, reportId, 'findings', 'Second text of the findings, which the reviewer has not read.');
    const decided = await call(reviewer, 'POST', `/api/reports/${reportId}/reviews/findings/${asked.body.reviews[0].id}/decision`, { decision: 'approve', version: read });
    expect(decided.status).toBe(409);
    expect(decided.body.detail).toBe(details.reviewSectionChanged(F, read + 1));
  });

  it('only reviewers and leads of the team may be named, and only they approve', async () => {
    // Prepare
    const reportId = await newReport('Who reviews');
    await save(editor, reportId, 'findings', 'Findings that somebody should look at before the report goes out.');
    // Act
    const namedEditor = await call(editor, 'POST', `/api/reports/${reportId}/reviews`, { sections: ['findings'], reviewers: [viewer.user.username, stranger.user.username], due: nextWeek() });
    const pastDue = await call(editor, 'POST', `/api/reports/${reportId}/reviews`, { sections: ['findings'], reviewers: [reviewer.user.username], due: '2020-01-01' });
    const emptySection = await call(editor, 'POST', `/api/reports/${reportId}/reviews`, { sections: ['swot'], reviewers: [reviewer.user.username], due: nextWeek() });
    const asked = await call(editor, 'POST', `/api/reports/${reportId}/reviews`, { sections: ['findings'], reviewers: [reviewer.user.username], due: nextWeek() });
    const path = `/api/reports/${reportId}/reviews/findings/${asked.body.reviews[0].id}/decision`;
    const byEditor = await call(editor, 'POST', path, { decision: 'approve' });
    const byViewer = await call(viewer, 'POST', path, { decision: 'approve' });
    // an open client: staff off the team read and edit, but may not approve
    const byStranger = await call(stranger, 'POST', path, { decision: 'approve' });
    const strangerReads = await call(stranger, 'GET', `/api/reports/${reportId}/reviews`);
    // a lead decides any review, named or not
    const byLead = await call(lead, 'POST', path, { decision: 'approve' });
    // Assess
    expect(namedEditor.status).toBe(400);
    expect(namedEditor.body.detail).toBe(details.reviewersNotEligible([viewer.user.username, stranger.user.username]));
    expect(pastDue.status).toBe(400);
    expect(emptySection.status).toBe(400);
    expect(emptySection.body.detail).toBe(details.reviewSectionsEmpty([SECTION_TITLES.swot]));
    expect(byEditor.status).toBe(403);
    expect(byEditor.body.detail).toBe(details.teamRoleCannot('editor', 'approve its work'));
    expect(byViewer.status).toBe(403);
    expect(byStranger.status).toBe(403);
    expect(strangerReads.status).toBe(200);
    expect(strangerReads.body).toMatchObject({ can_approve: false, can_request: true, can_override: false });
    expect(byLead.status, byLead.text).toBe(200);
  });

  it('an edit between the Final gate and the status change makes the change fail with 409 naming the section, not slip through', async () => {
    // Prepare: the required sections written and approved
    const reportId = await newReport('Raced assessment');
    await othersApproved(reportId);
    await save(editor, reportId, 'findings', 'Costs held flat across the regions we studied, while revenue grew by a tenth.');
    const asked = await call(editor, 'POST', `/api/reports/${reportId}/reviews`, { sections: ['findings'], reviewers: [reviewer.user.username], due: nextWeek() });
    expect(asked.status, asked.text).toBe(200);
    const decided = await call(reviewer, 'POST', `/api/reports/${reportId}/reviews/findings/${asked.body.reviews[0].id}/decision`, { decision: 'approve' });
    expect(decided.status, decided.text).toBe(200);
    expect((await reviews(editor, reportId)).final_ready).toBe(true);
    // the status change's transaction is held back (after its gate has read the approvals) until the edit is in
    const injected = async () => ((await http(gw, 'GET', '/__harness/faults')).body.injected as { operation: string; kind: string }[]).filter((f) => f.operation === 'TransactWriteItems' && f.kind === 'delay').length;
    const delaysBefore = await injected();
    const armed = await http(gw, 'POST', '/__harness/faults', { body: { service: 'dynamodb', operation: 'TransactWriteItems', kind: 'delay', delayMs: 6000, count: 1 } });
    expect(armed.status, armed.text).toBe(200);
    try {
      // Act: Final asked for; once its write is held, the approved section is edited
      const final = call(editor, 'PUT', `/api/reports/${reportId}/status?status=Final`);
      await expect.poll(injected, { timeout: 15_000 }).toBe(delaysBefore + 1);
      await save(editor, reportId, 'findings', 'Costs held flat across the regions we studied, while revenue grew by a tenth and margins rose.');
      const answer = await final;

      // Assess: refused, naming the section whose approval went stale; the status did not change
      expect(answer.status, answer.text).toBe(409);
      expect(answer.body.detail).toBe(details.finalNeedsApproval([`${F} (approval stale)`]));
      expect((await call(editor, 'GET', `/api/reports/${reportId}`)).body.status).toBe('Draft');
    } finally {
      await http(gw, 'DELETE', '/__harness/faults');
    }
  });

  it("a lead's override sets Final with a reason, recorded in the audit log; anyone else's is refused", async () => {
    // Prepare
    const reportId = await newReport('Overridden');
    await save(editor, reportId, 'findings', 'Findings nobody had time to review before the deadline of the board.');
    // Act
    const byEditor = await call(editor, 'PUT', `/api/reports/${reportId}/status?status=Final&override_reason=${encodeURIComponent('Deadline')}`);
    const byLead = await call(lead, 'PUT', `/api/reports/${reportId}/status?status=Final&override_reason=${encodeURIComponent('Partner signed off by phone')}`);
    const audit = await call(lead, 'GET', `/api/reports/${reportId}/audit`);
    // Assess
    expect(byEditor.status).toBe(403);
    expect(byEditor.body.detail).toBe(details.finalOverrideLeadOnly);
    expect(byLead.status, byLead.text).toBe(200);
    expect(byLead.body.status).toBe('Final');
    const override = audit.body.items.find((e: { action: string }) => e.action === 'report.final_override');
    expect(override).toMatchObject({
      user: lead.user.username,
      detail: `reason: Partner signed off by phone; not approved: ${ES} (not written), ${IN} (not written), ${F} (draft), ${RE} (not written), ${CO} (not written)`,
    });
    expect(audit.body.items.some((e: { action: string; detail: string }) => e.action === 'report.status' && e.detail === 'Draft → Final')).toBe(true);
  });
});

describe('notifications', () => {
  it('a request notifies its reviewers (inbox and email); a decision notifies whoever asked', async () => {
    // Prepare: a reviewer new to the team (this file's reviewer has had the hour's emails already: at most 6 an hour)
    const reportId = await newReport('Notified');
    const fresh = await registerAndLogin(gw, 'fresh-reviewer');
    expect((await call(lead, 'POST', `/api/organizations/${orgId}/team`, { username: fresh.user.username, role: 'reviewer' })).status).toBe(200);
    await save(editor, reportId, 'findings', 'Findings the reviewer is told about, with enough words in them.');
    // Act
    const asked = await call(editor, 'POST', `/api/reports/${reportId}/reviews`, { sections: ['findings'], reviewers: [fresh.user.username, lead.user.username], due: nextWeek(), note: 'Before Friday' });
    const review = asked.body.reviews[0] as { id: string };
    await call(fresh, 'POST', `/api/reports/${reportId}/reviews/findings/${review.id}/decision`, { decision: 'request_changes', comment: 'Cite the source.' });
    // Assess
    const toReviewer = (await inbox(fresh.user.username)).filter((n) => n.report_id === reportId);
    const toLead = (await inbox(lead.user.username)).filter((n) => n.report_id === reportId);
    const toEditor = (await inbox(editor.user.username)).filter((n) => n.report_id === reportId);
    expect(toReviewer.map((n) => n.kind)).toEqual(['review_requested']);
    expect(toReviewer[0]).toMatchObject({ actor: { id: editor.user.username }, target: { section: 'findings', review: review.id } });
    expect(toReviewer[0]!.text).toContain('Before Friday');
    expect(toLead.map((n) => n.kind)).toEqual(['review_requested']);
    expect(toEditor.map((n) => n.kind)).toEqual(['changes_requested']);
    expect(toEditor[0]!.text).toContain('Cite the source.');
    await expect.poll(async () => (await mailFor(stack.urls.ses, fresh.user.email)).some((m) => `${m.subject} ${m.body.text ?? ''}`.includes('Notified'))).toBe(true);
  });
});

describe('activity', () => {
  it('lists edits (one per user and section in ten minutes), reviews and status changes, newest first, with names', async () => {
    // Prepare
    const reportId = await newReport('Busy report');
    await save(editor, reportId, 'findings', 'Version one of the findings, typed by the editor in the morning.');
    await save(editor, reportId, 'findings', 'Version two of the findings, typed by the editor a little later.');
    await save(editor, reportId, 'findings', 'Version three of the findings, an autosave a moment after that.');
    await save(lead, reportId, 'findings', 'Version four of the findings, the lead tightening the wording.');
    const asked = await call(editor, 'POST', `/api/reports/${reportId}/reviews`, { sections: ['findings'], reviewers: [reviewer.user.username], due: nextWeek() });
    await call(reviewer, 'POST', `/api/reports/${reportId}/reviews/findings/${asked.body.reviews[0].id}/decision`, { decision: 'approve' });
    await call(editor, 'PUT', `/api/reports/${reportId}/status?status=In%20Review`);
    // Act
    const first = await call(viewer, 'GET', `/api/reports/${reportId}/activity?limit=3`);
    const rest = await call(viewer, 'GET', `/api/reports/${reportId}/activity?limit=50&cursor=${encodeURIComponent(first.body.next_cursor)}`);
    // Assess
    expect(first.status, first.text).toBe(200);
    const all = [...first.body.items, ...rest.body.items] as { action: string; user: string; user_name: string; detail: string; at: string }[];
    expect(all.map((e) => [e.action, e.user])).toEqual([
      ['report.status', editor.user.username],
      ['review.approve', reviewer.user.username],
      ['review.request', editor.user.username],
      ['section.edit', lead.user.username],
      ['section.edit', editor.user.username],
    ]);
    expect(all[1]).toMatchObject({ user_name: reviewer.user.name, detail: `${F} (version 4)` });
    expect(all[3]!.detail).toBe(F);
    expect([...all].map((e) => e.at)).toEqual([...all].map((e) => e.at).sort().reverse());
    expect(rest.body.next_cursor).toBeNull();
  });
});

describe('confidential clients', () => {
  it('an outsider gets 404 on every reviews and activity route; a member does not', async () => {
    // Prepare
    const reportId = await newReport('Secret review');
    await save(editor, reportId, 'findings', 'Confidential findings for the board only, not for the whole firm.');
    const asked = await call(editor, 'POST', `/api/reports/${reportId}/reviews`, { sections: ['findings'], reviewers: [reviewer.user.username], due: nextWeek() });
    expect((await call(lead, 'PUT', `/api/organizations/${orgId}/confidential`, { confidential: true })).status).toBe(200);
    try {
      const decision = `/api/reports/${reportId}/reviews/findings/${asked.body.reviews[0].id}/decision`;
      // Act
      const answers = await Promise.all([
        call(stranger, 'GET', `/api/reports/${reportId}/reviews`),
        call(stranger, 'POST', `/api/reports/${reportId}/reviews`, { sections: ['findings'], reviewers: [reviewer.user.username], due: nextWeek() }),
        call(stranger, 'POST', decision, { decision: 'approve' }),
        call(stranger, 'GET', `/api/reports/${reportId}/activity`),
        call(stranger, 'PUT', `/api/reports/${reportId}/status?status=Final&override_reason=x`),
      ]);
      // Assess
      for (const a of answers) expect({ status: a.status, detail: a.body?.detail }).toEqual({ status: 404, detail: details.reportNotFound });
      expect((await call(reviewer, 'GET', `/api/reports/${reportId}/activity`)).status).toBe(200);
      expect((await call(reviewer, 'POST', decision, { decision: 'approve' })).status).toBe(200);
    } finally {
      await call(lead, 'PUT', `/api/organizations/${orgId}/confidential`, { confidential: false });
    }
  });
});
