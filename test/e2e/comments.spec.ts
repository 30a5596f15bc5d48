/**
 * Comments with mentions and the bell, with two people in two browser contexts: the author comments
 * on a section and mentions the reviewer through the autocomplete; the reviewer's bell counts it (the poll),
 * its list opens the section's comments, where the reviewer replies and resolves. axe runs with the
 * notification list and the thread open.
 */
import type { Browser } from '@playwright/test';
import { apiSession, axeViolations, expect, signIn, stack, test } from './fixtures';

async function signedInPage(browser: Browser, user: { username: string; password: string }) {
  const context = await browser.newContext({ baseURL: stack().urls.gateway });
  const page = await context.newPage();
  await signIn(page, user);
  return { context, page };
}

test('a mention reaches the reviewer through the bell, who replies and resolves on the section', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // Prepare: the author's report; the reviewer is signed in on the dashboard in a browser of their own
  const author = await apiSession('author');
  const reviewer = await apiSession('reviewer');
  const orgId = await author.createOrganization(`Comment Co ${Date.now()}`);
  const reportId = await author.createReport(orgId, 'Comment test report');
  const second = await signedInPage(browser, reviewer.user);
  const rpage = second.page;
  try {
    const bell = rpage.getByTestId('notification-bell');
    await expect(bell).toHaveAccessibleName('Notifications');

    // Act 1: the author comments on Introduction, mentioning the reviewer picked from the autocomplete
    await signIn(page, author.user);
    await page.goto(`/assay/editor?report=${reportId}`);
    await page.locator('[data-testid="section-link"][data-key="introduction"]').click();
    await page.getByTestId('open-comments').click();
    const dialog = page.getByRole('dialog', { name: 'Comments on Introduction' });
    await expect(dialog.getByText('No comments yet. Start a thread below.')).toBeVisible();
    const box = dialog.getByLabel('New comment');
    await box.fill(`Please check the figures, @${reviewer.user.username.slice(0, 12)}`);
    await expect(dialog.getByTestId('mention-option').filter({ hasText: reviewer.user.username })).toBeVisible();
    await box.press('Enter');
    await expect(box).toHaveValue(`Please check the figures, @${reviewer.user.username} `);
    await dialog.getByRole('button', { name: 'Comment', exact: true }).click();
    await expect(dialog.getByTestId('comment-thread')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(page.locator('[data-testid="section-link"][data-key="introduction"]').getByTestId('section-comment-count')).toHaveText('1');

    // Assess 1: the reviewer's bell counts it at its next poll (every 30 s), without reloading the page
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 45_000 });
    await expect(rpage.getByTestId('notification-count')).toHaveText('1');

    // Act 2: the reviewer opens the list (axe with it open) and the notification
    await bell.click();
    const list = rpage.getByTestId('notification-list');
    await expect(list.getByTestId('notification-item')).toHaveCount(1);
    await expect(list).toContainText(`${author.user.name} mentioned you`);
    expect(await axeViolations(rpage), 'notification list open').toEqual([]);
    await list.getByTestId('notification-item').click();

    // Assess 2: they land on the section's comments, with the thread
    await expect(rpage).toHaveURL(new RegExp(`/assay/editor\\?report=${reportId}&section=introduction&comment=`));
    const thread = rpage.getByRole('dialog', { name: 'Comments on Introduction' }).getByTestId('comment-thread');
    await expect(thread).toContainText('Please check the figures');
    // read now: the count is gone (the bell sits behind the open dialog)
    await expect(rpage.getByTestId('notification-count')).toHaveCount(0);

    // Act 3: reply (keyboard: type and Ctrl+Enter), then resolve; axe with the thread open
    const reply = thread.getByLabel('Reply');
    await reply.fill('Checked, they match the annual report.');
    await reply.press('Control+Enter');
    await expect(thread.getByTestId('comment')).toHaveCount(2);
    expect(await axeViolations(rpage), 'comment thread open').toEqual([]);
    await thread.getByRole('button', { name: 'Resolve' }).click();

    // Assess 3: resolved, for the author too
    const panel = rpage.getByRole('dialog', { name: 'Comments on Introduction' });
    await expect(panel.getByText('No comments yet. Start a thread below.')).toHaveCount(0);
    await expect(panel.getByRole('button', { name: 'Hide resolved' }).or(panel.getByRole('button', { name: 'Show 1 resolved' }))).toBeVisible();
    const stored = await author.call<{ threads: { status: string; comments: { body: string }[] }[]; open: { sections: Record<string, number> } }>('GET', `/api/reports/${reportId}/comments?section=introduction`);
    expect(stored.threads.map((t) => [t.status, t.comments.length])).toEqual([['resolved', 2]]);
    expect(stored.open.sections.introduction).toBeUndefined();
  } finally {
    await second.context.close();
  }
});
