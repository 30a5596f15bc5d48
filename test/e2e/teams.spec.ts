import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { details, messages } from '@shared/messages';
import { spawnLocalStack } from '../helpers/local-stack';
import { acceptNextConfirm, apiSession, axeViolations, expect, test, toast } from './fixtures';
import { collaboration } from '@shared/messages/collaboration';

const t = collaboration.teams;
const stat = (page: Page, label: string) => page.getByTestId('stat-card').filter({ hasText: label }).getByTestId('stat-value');

async function signedIn(browser: Browser, base: string, user: { username: string; password: string }) {
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/assay$/);
  return { context, page };
}

/** Opens the Organizations list and the Team panel of `org`. */
async function openTeam(page: Page, org: string) {
  await page.getByTestId('stat-card').filter({ hasText: 'Organizations' }).click();
  // like Edit and Delete beside it, the button is named by its text; the item it sits in names the client
  await page.getByTestId('organization-item').filter({ hasText: org }).getByRole('button', { name: t.button, exact: true }).click();
  const panel = page.getByRole('region', { name: t.heading(org) });
  await expect(panel.getByTestId('team-member').first()).toBeVisible();
  return panel;
}

test.describe('client teams', () => {
  test('a lead makes a client confidential: another user loses it (lists, counts, direct link) until added as viewer; the last lead cannot leave', async ({ browser }) => {
    // two users, two browsers and a stack of its own: about 50 s on a quiet machine, past the 60 s default on a busy one
    test.setTimeout(180_000);
    // Prepare: a stack of its own, so the firm-wide counts are only this test's; user A's client and report, user B
    const fresh = await spawnLocalStack({ staticDir: resolve(import.meta.dirname, '../../frontend/dist') });
    try {
      const base = fresh.urls.gateway;
      const a = await apiSession('lead', base);
      const b = await apiSession('viewer', base);
      const org = `Northwind ${randomUUID().slice(0, 6)}`;
      const reportTitle = 'Board assessment';
      const orgId = await a.createOrganization(org);
      const reportId = await a.createReport(orgId, reportTitle);
      const A = await signedIn(browser, base, a.user);
      const B = await signedIn(browser, base, b.user);
      await expect(B.page.getByTestId('report-card')).toHaveCount(1);
      await expect(stat(B.page, 'Total Reports')).toHaveText('1');
      await expect(stat(B.page, 'Organizations')).toHaveText('1');

      // Act: A opens the client's Team panel and makes the client confidential
      const panel = await openTeam(A.page, org);
      await expect(panel.getByTestId('team-member')).toHaveCount(1);
      await expect(panel.getByRole('combobox', { name: t.add.staffLabel })).toBeVisible();
      const confidential = panel.getByRole('switch', { name: t.confidential.label, exact: true });
      await expect(confidential).not.toBeChecked();
      await confidential.click();
      await expect(toast(A.page, t.toasts.madeConfidential)).toBeVisible();
      await expect(confidential).toBeChecked();
      await expect(panel.getByText(t.confidential.on)).toBeVisible();
      // the client is marked where it is listed, with accessible text
      await expect(A.page.getByTestId('organization-item').filter({ hasText: org }).getByText(t.confidential.badgeLabel)).toBeAttached();

      // Assess: B no longer sees the client or its report, the counts leave them out, the direct link is "not found"
      await B.page.reload();
      await expect(stat(B.page, 'Total Reports')).toHaveText('0');
      await expect(stat(B.page, 'Organizations')).toHaveText('0');
      await expect(B.page.getByTestId('report-card')).toHaveCount(0);
      await B.page.goto(`/assay/exports?report=${reportId}`);
      await expect(B.page.getByRole('alert').filter({ hasText: messages.exports.reportMissing })).toBeVisible();

      // Act: A adds B as viewer through the autocomplete, with the keyboard only
      const box = panel.getByRole('combobox', { name: t.add.staffLabel });
      await box.focus();
      await A.page.keyboard.type(b.user.username.slice(0, 12));
      const options = A.page.getByRole('listbox', { name: t.add.staffLabel }).getByRole('option');
      await expect(options.filter({ hasText: b.user.username })).toBeVisible();
      await expect(box).toHaveAttribute('aria-expanded', 'true');
      // Escape closes the list, not the dialog around the panel; an arrow opens it again
      await A.page.keyboard.press('Escape');
      await expect(box).toHaveAttribute('aria-expanded', 'false');
      await expect(panel).toBeVisible();
      await A.page.keyboard.press('ArrowDown');
      await expect(box).toHaveAttribute('aria-expanded', 'true');
      // axe with the Team panel and the autocomplete open
      expect(await axeViolations(A.page), 'team panel with the autocomplete open').toEqual([]);
      await A.page.keyboard.press('ArrowDown');
      await A.page.keyboard.press('ArrowUp');
      await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
      await expect(options.filter({ hasText: b.user.username })).toHaveAttribute('aria-selected', 'true');
      await A.page.keyboard.press('Enter');
      await expect(box).toHaveAttribute('aria-expanded', 'false');
      await expect(box).toHaveValue(b.user.name);
      await expect(panel.getByLabel(t.add.roleLabel, { exact: true })).toHaveValue('viewer');
      await A.page.keyboard.press('Enter');
      await expect(toast(A.page, t.toasts.added(b.user.name, t.roles.viewer))).toBeVisible();
      await expect(panel.getByTestId('team-member')).toHaveCount(2);
      await expect(panel.getByRole('combobox', { name: t.add.staffLabel })).toHaveValue('');

      // Assess: B sees the client and its report again, read-only in the Team panel
      await B.page.goto('/assay');
      await expect(stat(B.page, 'Total Reports')).toHaveText('1');
      await expect(stat(B.page, 'Organizations')).toHaveText('1');
      await expect(B.page.getByTestId('report-card').filter({ hasText: reportTitle })).toHaveCount(1);
      const bPanel = await openTeam(B.page, org);
      await expect(bPanel.getByText(t.readOnly)).toBeVisible();
      await expect(bPanel.getByRole('switch', { name: t.confidential.label, exact: true })).toBeDisabled();
      await expect(bPanel.getByRole('combobox')).toHaveCount(0);
      await expect(bPanel.getByTestId('team-member').filter({ hasText: b.user.username }).getByTestId('team-role')).toHaveText(t.roles.viewer);

      // Act: A, the only lead, tries to leave the team
      const confirmSeen = acceptNextConfirm(A.page);
      await panel.getByRole('button', { name: t.removeLabel(a.user.name) }).click();
      expect(await confirmSeen).toBe(t.confirmRemoveSelf(org));

      // Assess: the server's reason is shown, and A is still on the team as lead
      await expect(panel.getByTestId('team-problem')).toHaveText(details.teamLastLead(a.user.username));
      await expect(toast(A.page, t.toasts.failed)).toBeVisible();
      await expect(panel.getByTestId('team-member')).toHaveCount(2);
      await expect(panel.getByRole('combobox', { name: t.roleOf(a.user.name) })).toHaveValue('lead');
      expect(await axeViolations(A.page), 'team panel with its error').toEqual([]);
      await A.context.close();
      await B.context.close();
    } finally {
      await fresh.stop();
    }
  });
});
