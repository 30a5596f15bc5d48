/**
 * The claim ledger through the local gateway: a typed figure with no citation is listed as unsupported and keeps
 * the report from Final (409 naming the figure); a lead's waiver with a reason lets it through and is in the audit
 * log (an editor may not waive); citing the figure's source clears it; a disagreement between two sections is
 * listed and blocks Final too; an unsupported figure is offered the cited value of its measure and a computation
 * from cited figures, found in another section.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ledgerDetails } from '@shared/messages/ledger';
import { systemDetails } from '@shared/messages/system';
import { LEDGER_PAGE } from '@shared/schemas/ledger';
import { http, registerAndLogin } from '../helpers/http';

const stack = inject('stack');
const gw = stack.urls.gateway;

type Session = Awaited<ReturnType<typeof registerAndLogin>>;
let lead: Session;
let editor: Session;
let orgId: string;

const call = (s: Session, method: string, path: string, body?: unknown) => http(gw, method, path, { token: s.token, body });
const TYPED = 'EBITDA margin fell to 11% in FY2024.';
const SOURCE = 'The finance director said the EBITDA margin fell to 11% in FY2024, after two years of price cuts.';

async function newReport(organizationId = orgId): Promise<string> {
  const report = await call(lead, 'POST', '/api/reports', { title: `Ledger ${randomUUID().slice(0, 6)}`, organization_id: organizationId, owner: 'Ann' });
  expect(report.status, report.text).toBe(200);
  return report.body.id as string;
}

async function save(s: Session, reportId: string, key: string, content: string, citations: unknown[] = []) {
  const current = await call(s, 'GET', `/api/reports/${reportId}/sections/${key}`);
  const saved = await call(s, 'PUT', `/api/reports/${reportId}/sections/${key}`, { content, citations, version: current.body.version });
  expect(saved.status, saved.text).toBe(200);
}

/** Final without the reviews (a lead's override of the review gate): what is left to refuse it is the ledger. */
const final = (s: Session, reportId: string) => call(s, 'PUT', `/api/reports/${reportId}/status?status=Final&override_reason=${encodeURIComponent('Reviewed on paper')}`);

beforeAll(async () => {
  [lead, editor] = await Promise.all([registerAndLogin(gw, 'lead'), registerAndLogin(gw, 'editor')]);
  const org = await call(lead, 'POST', '/api/organizations', { name: `Ledgered ${randomUUID().slice(0, 6)}` });
  orgId = org.body.id as string;
  const added = await call(lead, 'POST', `/api/organizations/${orgId}/team`, { username: editor.user.username, role: 'editor' });
  expect(added.status, added.text).toBe(200);
});

describe('the claim ledger and Final', () => {
  it('a typed unsupported figure keeps the report from Final; a lead’s waiver lets it through, audited', async () => {
    // Prepare
    const reportId = await newReport();
    await save(editor, reportId, 'findings', `${TYPED} Costs held flat across the regions.`);

    // Act
    const ledger = await call(editor, 'GET', `/api/reports/${reportId}/ledger`);
    const refused = await final(lead, reportId);

    // Assess
    expect(ledger.status, ledger.text).toBe(200);
    expect(ledger.body.counts).toMatchObject({ figures: 1, unsupported: 1, blocking: 1 });
    expect(ledger.body.pending).toEqual([]);
    const [figure] = ledger.body.entries;
    expect(figure).toMatchObject({ text: '11%', support: 'unsupported', measure: 'EBITDA margin', period: 'FY2024', where: 'Findings & Analysis', waived: false });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(ledgerDetails.finalNeedsFigures([`“11%” in “${TYPED}”`]));
    expect((await call(lead, 'GET', `/api/reports/${reportId}`)).body.status).toBe('Draft');

    // Act: an editor may not waive; the lead does, with a reason
    const byEditor = await call(editor, 'POST', `/api/reports/${reportId}/ledger/waivers`, { figure_id: figure.id, reason: 'Management accounts' });
    const byLead = await call(lead, 'POST', `/api/reports/${reportId}/ledger/waivers`, { figure_id: figure.id, reason: 'From the management accounts, not in the data room' });
    const twice = await call(lead, 'POST', `/api/reports/${reportId}/ledger/waivers`, { figure_id: figure.id, reason: 'Again' });
    const unknown = await call(lead, 'POST', `/api/reports/${reportId}/ledger/waivers`, { figure_id: 'deadbeef', reason: 'Nothing' });
    const allowed = await final(lead, reportId);
    const audit = await call(lead, 'GET', `/api/reports/${reportId}/audit`);

    // Assess
    expect(byEditor.status).toBe(403);
    expect(byLead.status, byLead.text).toBe(200);
    expect(byLead.body.counts).toMatchObject({ unsupported: 1, waived: 1, blocking: 0 });
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toBe(ledgerDetails.waiverExists);
    expect(unknown.status).toBe(404);
    expect(allowed.status, allowed.text).toBe(200);
    expect(allowed.body.status).toBe('Final');
    const waived = (audit.body.items as { action: string; user: string; detail: string }[]).find((e) => e.action === 'ledger.waiver');
    expect(waived).toMatchObject({ user: lead.user.username, detail: `“11%” in “${TYPED}”; reason: From the management accounts, not in the data room` });
  });

  it('citing the figure’s source clears it', async () => {
    // Prepare
    const reportId = await newReport();
    await save(editor, reportId, 'findings', TYPED);
    const interview = await call(editor, 'POST', `/api/reports/${reportId}/evidence/interview`, { title: 'Finance director', content: SOURCE });
    expect(interview.status, interview.text).toBe(200);
    const evidenceId = interview.body.evidence.id as string;
    const text = (await call(editor, 'GET', `/api/reports/${reportId}/evidence/${evidenceId}`)).body.textContent as string;
    const quote = 'the EBITDA margin fell to 11% in FY2024';
    const start = text.indexOf(quote);
    expect(start).toBeGreaterThanOrEqual(0);
    expect((await final(lead, reportId)).status).toBe(409);

    // Act
    await save(editor, reportId, 'findings', 'EBITDA margin fell to 11% in FY2024 [@fd1].', [{ id: 'fd1', evidence_id: evidenceId, start, end: start + quote.length, quote }]);
    const ledger = await call(editor, 'GET', `/api/reports/${reportId}/ledger`);
    const allowed = await final(lead, reportId);

    // Assess
    expect(ledger.body.counts).toMatchObject({ figures: 1, cited: 1, unsupported: 0, blocking: 0 });
    expect(ledger.body.entries[0]).toMatchObject({ text: '11%', support: 'cited', citation_id: 'fd1' });
    expect(allowed.status, allowed.text).toBe(200);
  });

  it('two sections that state one measure differently disagree, and that blocks Final', async () => {
    // Prepare
    const reportId = await newReport();
    await save(editor, reportId, 'executive-summary', 'The EBITDA margin was 11% in FY2024.');
    await save(editor, reportId, 'findings', 'The EBITDA margin was 10% in FY2024.');

    // Act
    const ledger = await call(editor, 'GET', `/api/reports/${reportId}/ledger`);

    // Assess
    expect(ledger.body.counts).toMatchObject({ figures: 2, unsupported: 2, disagreements: 1, blocking: 3 });
    expect(ledger.body.disagreements).toMatchObject([{ kind: 'value', detail: 'EBITDA margin (FY2024): 11% vs 10%' }]);
    expect(ledger.body.entries.every((e: { disagrees: string[] }) => e.disagrees.length === 1)).toBe(true);
  });

  it('offers an unsupported figure the cited value of its measure and a computation from cited figures, from another section', async () => {
    // Prepare: findings cite the EBITDA margin and on-time delivery for two years; the summary restates the margin
    // wrongly and the change in on-time delivery without its source
    const reportId = await newReport();
    const quotes = { em1: 'The EBITDA margin was 10% in FY2024.', od1: 'On-time delivery reached 91% in FY2024.', od2: 'On-time delivery was 78% in FY2023.' };
    const interview = await call(editor, 'POST', `/api/reports/${reportId}/evidence/interview`, { title: 'Operations review', content: Object.values(quotes).join('\n') });
    expect(interview.status, interview.text).toBe(200);
    const evidenceId = interview.body.evidence.id as string;
    const text = (await call(editor, 'GET', `/api/reports/${reportId}/evidence/${evidenceId}`)).body.textContent as string;
    const citations = Object.entries(quotes).map(([id, quote]) => ({ id, evidence_id: evidenceId, start: text.indexOf(quote), end: text.indexOf(quote) + quote.length, quote }));
    await save(editor, reportId, 'findings', 'The EBITDA margin was 10% in FY2024 [@em1].\n\nOn-time delivery reached 91% in FY2024 [@od1].\n\nOn-time delivery was 78% in FY2023 [@od2].', citations);
    // (after more typed figures than a page lists, so the fixes are found on the second page)
    const typed = Array.from({ length: LEDGER_PAGE + 20 }, (_, i) => `The queue was ${(i % 50) + 100}% longer.`).join(' ');
    await save(editor, reportId, 'executive-summary', `${typed}\n\nThe EBITDA margin was 11% in FY2024. On-time delivery improved 13 points. Churn was 4% in FY2024.`);

    // Act
    const ledger = await call(editor, 'GET', `/api/reports/${reportId}/ledger`);
    const second = await call(editor, 'GET', `/api/reports/${reportId}/ledger?cursor=${encodeURIComponent(ledger.body.next_cursor as string)}`);

    // Assess
    expect(ledger.status, ledger.text).toBe(200);
    expect(second.status, second.text).toBe(200);
    const entries = second.body.entries as { text: string; support: string; fixes?: unknown }[];
    const byText = (t: string) => entries.find((e) => e.text === t);
    expect(byText('11%')).toMatchObject({
      support: 'unsupported',
      fixes: { corrections: [{ text: '10%', citation_id: 'em1', part: 'section:findings', period: 'FY2024', basis: `Findings & Analysis (FY2024): “${quotes.em1}”` }], derivations: [] },
    });
    expect(byText('13 points')).toMatchObject({
      support: 'unsupported',
      fixes: {
        corrections: [],
        derivations: [{ computation: '13 points = 91% − 78%', op: 'minus', operands: [{ text: '91%', citation_id: 'od1', part: 'section:findings' }, { text: '78%', citation_id: 'od2', part: 'section:findings' }] }],
      },
    });
    // nothing cited states churn: no fix; a cited figure is offered none
    expect(byText('4%')).toMatchObject({ support: 'unsupported' });
    expect(byText('4%')).not.toHaveProperty('fixes');
    expect(byText('91%')).toMatchObject({ support: 'cited' });
    expect(byText('91%')).not.toHaveProperty('fixes');
    expect([...(ledger.body.entries as object[]), ...entries].some((e) => 'correction' in e)).toBe(false);
  });

  it('pages through a large ledger: every figure once, blocking ones first; a bad cursor is a 400, an outsider a 404', async () => {
    // Prepare: a confidential client's report (an outsider may not see it) with more figures than a page over three
    // sections: typed ones, the app's own scores in a table, two that disagree
    const org = await call(lead, 'POST', '/api/organizations', { name: `Confidential ledger ${randomUUID().slice(0, 6)}` });
    expect((await call(lead, 'POST', `/api/organizations/${org.body.id}/team`, { username: editor.user.username, role: 'editor' })).status).toBe(200);
    expect((await call(lead, 'PUT', `/api/organizations/${org.body.id}/confidential`, { confidential: true })).status).toBe(200);
    const reportId = await newReport(org.body.id as string);
    const typed = (n: number) => Array.from({ length: n }, (_, i) => `The queue was ${(i % 50) + 1}% longer.`).join(' ');
    const table = ['| Workstream | Score |', '|---|---|', ...Array.from({ length: 120 }, (_, i) => `| Stream ${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))} | ${(i % 9) + 1} |`)].join('\n');
    await save(editor, reportId, 'findings', `${typed(400)}\n\n${table}`);
    await save(editor, reportId, 'executive-summary', `The EBITDA margin was 11% in FY2024. ${typed(300)}`);
    await save(editor, reportId, 'recommendations', 'The EBITDA margin was 10% in FY2024.');
    const outsider = await registerAndLogin(gw, 'outsider');

    // Act
    const pages = [];
    let cursor: string | null | undefined;
    do {
      const page = await call(editor, 'GET', `/api/reports/${reportId}/ledger${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.status, page.text).toBe(200);
      pages.push(page.body);
      cursor = page.body.next_cursor as string | null;
    } while (cursor && pages.length < 10);
    const bad = await call(editor, 'GET', `/api/reports/${reportId}/ledger?cursor=${Buffer.from('{"rank":7}').toString('base64url')}`);
    const garbage = await call(editor, 'GET', `/api/reports/${reportId}/ledger?cursor=not!a!cursor`);
    const notOurs = await call(outsider, 'GET', `/api/reports/${reportId}/ledger`);

    // Assess
    const first = pages[0]!;
    const all = pages.flatMap((p) => p.entries as { id: string; support: string; disagrees: string[] }[]);
    expect(pages.length).toBeGreaterThan(1);
    expect(first.entries).toHaveLength(LEDGER_PAGE);
    expect(all).toHaveLength(first.counts.figures);
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
    expect(pages.at(-1)!.omitted).toBe(0);
    const blocking = (e: { support: string; disagrees: string[] }) => e.support === 'unsupported' || e.disagrees.length > 0;
    const lastBlocking = all.map(blocking).lastIndexOf(true);
    expect(all.slice(0, lastBlocking + 1).every(blocking)).toBe(true);
    expect(first.counts).toMatchObject({ figures: 822, data: 120, unsupported: 702 });
    expect(first.disagreements.map((d: { detail: string }) => d.detail)).toContain('EBITDA margin (FY2024): 11% vs 10%');
    expect(all.slice(-120).every((e) => e.support === 'data')).toBe(true);
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe(systemDetails.invalidCursor);
    expect(garbage.status).toBe(400);
    expect(notOurs.status).toBe(404);
  });
});
