/**
 * Review and approval with two people in two browsers (the other required sections written and approved beforehand):
 * the consultant's Final is refused for want of
 * approvals (the dialog says which sections; the status stays) and they request a review from it; the reviewer
 * sees the request under the bell and opens it, comments on the section mentioning the consultant, and requests
 * changes with a comment; the consultant, told of the mention by their bell, edits the section and asks again;
 * the reviewer approves; now the badge moves to Final. axe runs with the request dialog open.
 */
import type { Browser, Page } from '@playwright/test';
import { SECTION_TITLES } from '@shared/schemas/report-document';
import { apiSession, axeViolations, expect, signIn, stack, test, toast } from './fixtures';

const FINDINGS = SECTION_TITLES.findings;

async function person(browser: Browser, user: { username: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ baseURL: stack().urls.gateway });
  const page = await context.newPage();
  await signIn(page, user);
  return page;
}

const card = (page: Page, title: string) => page.getByTestId('report-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const sectionLink = (page: Page) => page.getByTestId('section-link').filter({ hasText: FINDINGS });

test.describe('review and approval', () => {
  test('consultant requests review → reviewer requests changes → consultant fixes and asks again → reviewer approves → Final', async ({ browser }) => {
    // two people, two browsers, the whole cycle (the bells may wait for their next poll)
    test.setTimeout(180_000);
    // Prepare: a lead's client with the consultant (editor) and the reviewer on its team, and a written section
    const [lead, consultant, reviewer] = await Promise.all([apiSession('lead'), apiSession('consultant'), apiSession('reviewer')]);
    const title = `Board pack ${Date.now()}`;
    const orgId = await lead.createOrganization(`Reviewed client ${Date.now()}`);
    await lead.call('POST', `/api/organizations/${orgId}/team`, { username: consultant.user.username, role: 'editor' });
    await lead.call('POST', `/api/organizations/${orgId}/team`, { username: reviewer.user.username, role: 'reviewer' });
    const reportId = await lead.createReport(orgId, title);
    await consultant.call('PUT', `/api/reports/${reportId}/sections/findings`, { content: 'Revenue grew 12% while costs held flat across the regions.', citations: [], version: 0 });
    // the other required sections, written by the lead and already approved by the reviewer (Final needs them all)
    const others = ['executive-summary', 'introduction', 'recommendations', 'conclusion'] as const;
    for (const key of others) await lead.call('PUT', `/api/reports/${reportId}/sections/${key}`, { content: `${SECTION_TITLES[key]}: written and agreed before the board pack.`, citations: [], version: 0 });
    const due = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const agreed = await lead.call<{ reviews: { id: string; section: string }[] }>('POST', `/api/reports/${reportId}/reviews`, { sections: [...others], reviewers: [reviewer.user.username], due });
    for (const r of agreed.reviews) await reviewer.call('POST', `/api/reports/${reportId}/reviews/${r.section}/${r.id}/decision`, { decision: 'approve' });
    await reviewer.call('POST', '/api/notifications/read-all');
    const mine = await person(browser, consultant.user);
    const theirs = await person(browser, reviewer.user);

    // Act 1: the consultant cycles the badge: In Review, then Final, which is refused and says why
    const badge = card(mine, title).getByRole('button', { name: /^Status: / });
    await badge.click();
    await expect(badge).toHaveText('In Review');
    await badge.click();
    const blocked = mine.getByRole('dialog', { name: 'Final needs approvals' });
    await expect(blocked).toBeVisible();
    await expect(blocked.getByRole('listitem').filter({ hasText: FINDINGS })).toContainText('Draft');
    // …and requests the review from there
    await blocked.getByRole('button', { name: 'Request Review' }).click();
    const ask = mine.getByRole('dialog', { name: 'Request a review' });
    await expect(ask.getByRole('checkbox', { name: FINDINGS })).toBeChecked();
    await ask.getByRole('checkbox', { name: new RegExp(reviewer.user.name) }).check();
    await ask.getByLabel('Note (optional)').fill('Please check the growth figure.');
    expect(await axeViolations(mine), 'the request-review dialog').toEqual([]);
    await ask.getByRole('button', { name: 'Send Request' }).click();
    await expect(toast(mine, 'Review requested')).toBeVisible();
    await expect(ask).toBeHidden();
    await blocked.getByRole('button', { name: 'Close' }).first().click();
    await expect(badge).toHaveText('In Review');

    // Act 2: the reviewer sees the request under the bell (their page loaded again: the bell reads on load, then
    // every 30 s), opens it, comments on the section mentioning the consultant, and requests changes
    await theirs.reload();
    const bell = theirs.getByTestId('notification-bell');
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 45_000 });
    await bell.click();
    const request = theirs.getByTestId('notification-list').getByTestId('notification-item').filter({ hasText: `${consultant.user.name} asked you to review` });
    await expect(request).toContainText('Please check the growth figure.');
    await request.click();
    await expect(theirs).toHaveURL(new RegExp(`/assay/editor\\?report=${reportId}&section=findings`));
    // (the bell's list closes as the editor opens; under load a click can land while the page is still settling, and a
    // user clicks again: the test does the same, until the comments are open)
    await expect(theirs.getByTestId('notification-list')).toBeHidden();
    const comments = theirs.getByRole('dialog', { name: `Comments on ${FINDINGS}` });
    await expect(async () => {
      if (!(await comments.isVisible())) await theirs.getByTestId('open-comments').click();
      await expect(comments).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 60_000 });
    const box = comments.getByLabel('New comment');
    await box.fill(`Which regions grew, @${consultant.user.username.slice(0, 12)}`);
    await expect(comments.getByTestId('mention-option').filter({ hasText: consultant.user.username })).toBeVisible();
    await box.press('Enter');
    await expect(box).toHaveValue(`Which regions grew, @${consultant.user.username} `);
    await comments.getByRole('button', { name: 'Comment', exact: true }).click();
    await expect(comments.getByTestId('comment-thread')).toHaveCount(1);
    await theirs.keyboard.press('Escape');
    await expect(comments).toBeHidden();
    // the request opened is read: the bell counts nothing
    await expect(theirs.getByTestId('notification-count')).toHaveCount(0, { timeout: 30_000 });
    const waiting = theirs.getByTestId('pending-review').filter({ hasText: FINDINGS });
    await expect(waiting).toContainText('Please check the growth figure.');
    await expect(sectionLink(theirs)).toContainText('In review');
    await waiting.getByLabel('Comment').fill('Name the regions and cite the source of the 12%.');
    await waiting.getByRole('button', { name: 'Request Changes' }).click();
    await expect(toast(theirs, 'Changes requested')).toBeVisible();
    await expect(sectionLink(theirs)).toContainText('Changes requested');

    // Act 3: the consultant sees the comment, edits the section and asks again
    await mine.goto(`/assay/editor?report=${reportId}`);
    const myBell = mine.getByTestId('notification-bell');
    await expect(myBell).toHaveAccessibleName(/^Notifications, [1-9]\d* unread$/, { timeout: 45_000 });
    await myBell.click();
    await expect(mine.getByTestId('notification-list').getByTestId('notification-item').filter({ hasText: `${reviewer.user.name} mentioned you` })).toContainText('Which regions grew');
    await mine.keyboard.press('Escape');
    await expect(mine.getByTestId('review-item').first()).toContainText('Name the regions and cite the source of the 12%.');
    await expect(sectionLink(mine)).toContainText('Changes requested');
    await sectionLink(mine).click();
    const text = mine.getByRole('textbox', { name: `Markdown of ${FINDINGS}` });
    await text.click();
    await mine.keyboard.press('Control+End');
    await mine.keyboard.type(' North, South and West; source: the annual report.');
    await mine.getByRole('button', { name: 'Save Draft' }).click();
    await expect(toast(mine, 'Section saved').first()).toBeVisible();
    await expect(mine.getByTestId('activity-item').filter({ hasText: `${consultant.user.name} edited ${FINDINGS}` })).toBeVisible();
    await mine.getByTestId('review-panel').getByRole('button', { name: 'Request Review' }).click();
    const again = mine.getByRole('dialog', { name: 'Request a review' });
    // before it is sent, the dialog shows the ledger's counts: the typed 12% has no citation
    await expect(again.getByTestId('ledger-counts-line')).toContainText('1 unsupported, 0 disagreeing');
    // the findings alone (the whole report is ticked until one picks; the other sections stay approved)
    await again.getByRole('checkbox', { name: 'Whole report (every written section)' }).uncheck();
    await again.getByRole('checkbox', { name: FINDINGS }).check();
    await again.getByRole('checkbox', { name: new RegExp(reviewer.user.name) }).check();
    await again.getByRole('button', { name: 'Send Request' }).click();
    await expect(toast(mine, 'Review requested')).toBeVisible();
    await expect(sectionLink(mine)).toContainText('In review');

    // Act 4: the reviewer approves the new version
    await theirs.reload();
    const next = theirs.getByTestId('pending-review').filter({ hasText: FINDINGS });
    await next.getByRole('button', { name: 'Approve' }).click();
    await expect(toast(theirs, 'Section approved')).toBeVisible();
    await expect(sectionLink(theirs)).toContainText('Approved');
    await expect(theirs.getByTestId('activity-item').filter({ hasText: `${reviewer.user.name} approved ${FINDINGS}` })).toBeVisible();

    // Assess: every section approved, Final is still refused while the typed 12% has no support, and says so
    await mine.goto('/assay');
    await card(mine, title).getByRole('button', { name: /^Status: / }).click();
    await expect(mine.getByText(/^Final needs every figure supported and none disagreeing \(or a lead's waiver\): .*12%/).first()).toBeVisible();
    await expect(card(mine, title).getByRole('button', { name: /^Status: / })).toHaveText('In Review');
    // the lead waives it with a reason; then the status becomes Final
    const ledger = await lead.call<{ entries: { id: string; text: string; support: string }[] }>('GET', `/api/reports/${reportId}/ledger`);
    const figure = ledger.entries.find((e) => e.support === 'unsupported' && e.text.includes('12%'));
    expect(figure, JSON.stringify(ledger.entries)).toBeTruthy();
    await lead.call('POST', `/api/reports/${reportId}/ledger/waivers`, { figure_id: figure!.id, reason: 'From the CFO\'s board letter; cited in the appendix.' });
    await card(mine, title).getByRole('button', { name: /^Status: / }).click();
    await expect(toast(mine, 'Status updated to: Final')).toBeVisible();
    await expect(card(mine, title).getByRole('button', { name: /^Status: / })).toHaveText('Final');
    await expect(mine.getByRole('dialog', { name: 'Final needs approvals' })).toBeHidden();
  });
});
