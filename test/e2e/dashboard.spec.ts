import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { messages } from '@shared/messages';
import { spawnLocalStack } from '../helpers/local-stack';
import { acceptNextConfirm, apiSession, expect, signIn, test, toast } from './fixtures';

const unique = (label: string) => `${label} ${randomUUID().slice(0, 6)}`;
const card = (page: Page, title: string) => page.getByTestId('report-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

async function signedInWithReports(page: Page, titles: string[]) {
  const api = await apiSession('dash');
  const orgId = await api.createOrganization(unique('Org'));
  const ids: string[] = [];
  for (const title of titles) ids.push(await api.createReport(orgId, title));
  await signIn(page, api.user);
  return { api, orgId, ids };
}

test.describe('dashboard', () => {
  test('an empty firm sees the empty state; reports created through the API then appear', async ({ page }) => {
    // Prepare: a stack of its own, so that no other test's reports exist
    const fresh = await spawnLocalStack({ staticDir: resolve(import.meta.dirname, '../../frontend/dist') });
    try {
      const api = await apiSession('empty', fresh.urls.gateway);
      await page.goto(`${fresh.urls.gateway}/login`);
      await page.getByLabel('Username').fill(api.user.username);
      await page.getByLabel('Password', { exact: true }).fill(api.user.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      // Act / Assess: the empty state
      await expect(page.getByRole('heading', { name: 'No Reports Yet' })).toBeVisible();
      await expect(page.getByText('Create your first business assessment report to get started')).toBeVisible();
      await page.getByTestId('stat-card').filter({ hasText: 'Final Reports' }).click();
      await expect(page.getByRole('dialog', { name: 'Final Reports (0)' })).toBeVisible();
      await expect(page.getByText('No items found.')).toBeVisible();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Create First Report' }).click();
      await expect(page).toHaveURL(/\/assay\/wizards\/setup$/);
      // reports appear once they exist
      const orgId = await api.createOrganization('Fresh Org');
      await api.createReport(orgId, 'First assessment');
      await api.createReport(orgId, 'Second assessment');
      await page.goto(`${fresh.urls.gateway}/assay`);
      await expect(page.getByTestId('report-card')).toHaveCount(2);
      await expect(page.getByTestId('report-card').first()).toContainText('Second assessment');
      await expect(page.getByRole('heading', { name: 'No Reports Yet' })).toHaveCount(0);
    } finally {
      await fresh.stop();
    }
  });

  test('shows the loading placeholder while data loads, and says so when loading fails', async ({ page }) => {
    const api = await apiSession('loading');
    await signIn(page, api.user);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/reports?*', async (route) => {
      await held;
      await route.fulfill({ status: 500, body: '{"detail":"boom"}', contentType: 'application/json' });
    });
    await page.reload();
    await expect(page.getByTestId('dashboard-loading')).toBeVisible();
    release();
    await expect(toast(page, 'Failed to load data')).toBeVisible();
  });

  test("loads the account menu's code only when its button is pointed at, and opens the menu on the click", async ({ page }) => {
    // Prepare: a dashboard with a card, and every script it asks for noted
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    const title = unique('Menu report');
    await signedInWithReports(page, [title]);
    // other tests' reports on this worker's stack may be listed too: wait for this one's card
    await expect(card(page, title)).toBeVisible();
    // the bell (drawn after the first paint) has come: the page has done its start-up
    await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();
    const menuCode = (s: string) => /\/assets\/account-menu-[\w-]+\.js$/.test(s);
    expect(scripts.filter(menuCode)).toEqual([]);
    // Act: point at the button, then click it
    const button = page.getByRole('button', { name: 'Account', exact: true });
    const asked = page.waitForRequest((r) => menuCode(new URL(r.url()).pathname));
    await button.hover();
    await asked;
    await button.click();
    // Assess: the menu is open, with its items
    await expect(page.getByRole('menuitem', { name: messages.dashboard.signOutEverywhere })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Account', exact: true })).toBeFocused();
  });

  test('paints the heading and loading cards from the page itself before the app code arrives, in the place the page then draws its heading', async ({ page }) => {
    const api = await apiSession('shell');
    await signIn(page, api.user);
    // the app's entry is held: what shows is what the HTML and its inlined CSS draw on a slow network
    let releaseEntry!: () => void;
    const entryHeld = new Promise<void>((r) => (releaseEntry = r));
    await page.route('**/assets/index-*.js', async (route) => {
      await entryHeld;
      await route.continue();
    });
    await page.goto('/assay', { waitUntil: 'commit' });
    const shell = page.locator('#boot-shell-dashboard');
    const early = shell.getByText('Executive Business Analysis Reports', { exact: true });
    await expect(early).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Executive Business Analysis Reports' })).toHaveCount(0);
    // the sign-in page's first paint is not shown to a signed-in visitor
    await expect(page.locator('#boot-shell')).toBeHidden();
    const before = await early.boundingBox();

    releaseEntry();
    const heading = page.getByRole('heading', { name: 'Executive Business Analysis Reports' });
    await expect(heading).toBeVisible();
    await expect(shell).toHaveCount(0);
    expect(await heading.boundingBox()).toEqual(before);
    await page.unroute('**/assets/index-*.js');
  });

  test('a stored session the server refuses leaves the dashboard\'s first paint for the sign-in page', async ({ page }) => {
    const api = await apiSession('shell-out');
    await signIn(page, api.user);
    await page.route('**/api/auth/verify', (route) => route.fulfill({ status: 401, body: '{"detail":"expired"}', contentType: 'application/json' }));
    await page.route('**/api/auth/refresh', (route) => route.fulfill({ status: 401, body: '{"detail":"expired"}', contentType: 'application/json' }));
    await page.goto('/assay');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await expect(page.locator('#boot-shell-dashboard')).toHaveCount(0);
    await expect(page.getByText('Executive Business Analysis Reports')).toHaveCount(0);
  });

  test("cycles a report's status Draft → In Review → Final with the spec's toasts and badge styles; Final stays Final (reopening is a lead's, with a reason)", async ({ page }) => {
    const title = unique('Status report');
    await signedInWithReports(page, [title]);
    const badge = card(page, title).getByRole('button', { name: /^Status: / });
    await expect(badge).toHaveText('Draft');
    await expect(badge).toHaveClass(/bg-amber-100/);
    await badge.click();
    await expect(toast(page, 'Status updated to: In Review')).toBeVisible();
    await expect(badge).toHaveText('In Review');
    await expect(badge).toHaveClass(/bg-sky-100/);
    // nothing is written yet: Final needs its required sections, so the lead (the client's creator) sets it anyway
    await badge.click();
    const blocked = page.getByRole('dialog', { name: 'Final needs approvals' });
    await blocked.getByLabel('Reason to set Final anyway (leads only)').fill('Board asked for the shell');
    await blocked.getByRole('button', { name: 'Set Final Anyway' }).click();
    await expect(toast(page, 'Status updated to: Final')).toBeVisible();
    await expect(badge).toHaveText('Final');
    await expect(badge).toHaveClass(/bg-emerald-100/);
    // a Final report does not go back by a click: it says to reopen it
    await badge.click();
    await expect(toast(page, 'Failed to update status').filter({ hasText: 'This report is Final: reopen it to make changes' })).toBeVisible();
    await expect(badge).toHaveText('Final');
  });

  test('bulk delete: nothing selected says so; two selected are deleted after the confirmation', async ({ page }) => {
    const [a, b, keep] = [unique('Bulk A'), unique('Bulk B'), unique('Bulk keep')];
    await signedInWithReports(page, [a, b, keep]);
    await page.getByRole('button', { name: /^Delete Selected/ }).click();
    await expect(toast(page, 'No reports selected')).toBeVisible();

    await card(page, a).getByRole('checkbox').check();
    await card(page, b).getByRole('checkbox').check();
    const confirmText = acceptNextConfirm(page);
    await page.getByRole('button', { name: 'Delete Selected (2)' }).click();
    expect(await confirmText).toBe('Are you sure you want to delete 2 report(s)? This action cannot be undone.');
    await expect(toast(page, 'Successfully deleted 2 report(s)')).toBeVisible();
    await expect(card(page, a)).toHaveCount(0);
    await expect(card(page, b)).toHaveCount(0);
    await expect(card(page, keep)).toHaveCount(1);
  });

  test('select all and deselect all', async ({ page }) => {
    await signedInWithReports(page, [unique('Select me')]);
    await page.getByRole('button', { name: 'Select All' }).click();
    const boxes = page.getByTestId('report-card').getByRole('checkbox');
    const n = await boxes.count();
    for (let i = 0; i < n; i++) await expect(boxes.nth(i)).toBeChecked();
    await expect(page.getByRole('button', { name: `Delete Selected (${n})` })).toBeVisible();
    await page.getByRole('button', { name: 'Deselect All' }).click();
    await expect(page.getByRole('button', { name: 'Delete Selected (0)' })).toBeVisible();
  });

  test('deletes one report after its confirmation', async ({ page }) => {
    const title = unique('Single delete');
    await signedInWithReports(page, [title]);
    const confirmText = acceptNextConfirm(page);
    await card(page, title).getByRole('button', { name: `Delete ${title}` }).click();
    expect(await confirmText).toBe('Are you sure you want to delete this report? This action cannot be undone.');
    await expect(toast(page, 'Report deleted successfully')).toBeVisible();
    await expect(card(page, title)).toHaveCount(0);
  });

  test('Edit and Export lead to the wizard and the export page for that report', async ({ page }) => {
    const title = unique('Navigate');
    const { ids } = await signedInWithReports(page, [title]);
    await card(page, title).getByRole('button', { name: 'Edit' }).click();
    await expect(page).toHaveURL(new RegExp(`/assay/wizards\\?report=${ids[0]}$`));
    await page.goBack();
    await card(page, title).getByRole('button', { name: 'Export' }).click();
    await expect(page).toHaveURL(new RegExp(`/assay/exports\\?report=${ids[0]}$`));
    await page.goBack();
    await page.getByRole('button', { name: 'Start New Assessment' }).click();
    await expect(page).toHaveURL(/\/assay\/wizards\/setup$/);
  });

  test('each stat card opens its modal list, titled with its count', async ({ page }) => {
    const title = unique('Modal report');
    await signedInWithReports(page, [title]);
    for (const [cardLabel, modalTitle] of [
      ['Total Reports', 'All Reports'],
      ['Organizations', 'All Organizations'],
      ['Draft Reports', 'Draft Reports'],
      ['Final Reports', 'Final Reports'],
    ] as const) {
      const stat = page.getByTestId('stat-card').filter({ hasText: cardLabel });
      const n = (await stat.getByTestId('stat-value').innerText()).replace(/,/g, '');
      await stat.click();
      await expect(page.getByRole('dialog', { name: `${modalTitle} (${n})` })).toBeVisible();
      await page.getByRole('button', { name: 'Close' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
    // a report item in the list: title, owner, status badge, dates, Edit and Export
    await page.getByTestId('stat-card').filter({ hasText: 'Draft Reports' }).click();
    const item = page.getByTestId('modal-report-item').filter({ hasText: title });
    await expect(item).toContainText('Owner: Jane Smith');
    await expect(item).toContainText('Created:');
    await expect(item).toContainText('Updated:');
    await expect(item.getByText('Draft', { exact: true })).toBeVisible();
    await item.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(/\/assay\/wizards\?report=/);
  });

  test('a list dialog keeps its title and Close in place while its list loads', async ({ page }) => {
    await signedInWithReports(page, [unique('Dialog report')]);
    // hold the organizations' list until the dialog has been measured
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/api\/organizations\?limit=25/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByTestId('stat-card').filter({ hasText: 'Organizations' }).click();
    const dialog = page.getByRole('dialog', { name: /^All Organizations/ });
    await expect(dialog.locator('[aria-busy="true"]')).toBeVisible();
    const close = dialog.getByRole('button', { name: 'Close' });
    const before = await close.boundingBox();
    release();
    await expect(dialog.getByRole('listitem').first()).toBeVisible();
    expect(await close.boundingBox()).toEqual(before);
    await close.click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('edits an organization inline: one at a time, name required, then saved', async ({ page }) => {
    const name = unique('Editable Org');
    const api = await apiSession('orgedit');
    await api.createOrganization(name, { sector: 'finance' });
    await api.createOrganization(unique('Other Org'));
    await signIn(page, api.user);
    await page.getByTestId('stat-card').filter({ hasText: 'Organizations' }).click();
    const dialog = page.getByRole('dialog');
    const item = dialog.getByTestId('organization-item').filter({ hasText: name });
    await expect(item).toContainText('Sector: Finance');
    await expect(item).toContainText('FY start: January');
    await item.getByRole('button', { name: 'Edit' }).click();
    const form = dialog.getByTestId('organization-edit');
    await expect(dialog.getByTestId('organization-item').getByRole('button', { name: 'Edit' }).first()).toBeDisabled();
    await form.getByLabel('Name').fill('   ');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Organization name is required')).toBeVisible();
    const renamed = `${name} Renamed`;
    await form.getByLabel('Name').fill(renamed);
    await form.getByLabel('Sector').selectOption({ label: 'Healthcare' });
    await form.getByLabel('Currency').selectOption('EUR');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Organization updated successfully')).toBeVisible();
    const updated = dialog.getByTestId('organization-item').filter({ hasText: renamed });
    await expect(updated).toContainText('Sector: Healthcare');
    await expect(updated).toContainText('Currency: EUR');
  });

  test('a stale organization edit is refused, reloaded and said so, and nothing typed is lost', async ({ page }) => {
    const name = unique('Contended Org');
    const api = await apiSession('stale');
    const id = await api.createOrganization(name);
    await signIn(page, api.user);
    await page.getByTestId('stat-card').filter({ hasText: 'Organizations' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('organization-item').filter({ hasText: name }).getByRole('button', { name: 'Edit' }).click();
    const form = dialog.getByTestId('organization-edit');
    await form.getByLabel('Geography').fill('Canada');
    // meanwhile, a colleague changes it
    await api.call('PUT', `/api/organizations/${id}`, { name, sector: 'Retail', geography: 'Mexico', fy_start: 'July', currency: 'USD', version: 1 });
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Failed to update organization')).toBeVisible();
    await expect(form.getByRole('alert')).toContainText('Someone else changed this organization');
    await expect(form.getByLabel('Geography')).toHaveValue('Canada');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Organization updated successfully')).toBeVisible();
    const org = await api.call<{ geography: string; version: number }>('GET', `/api/organizations/${id}`);
    expect(org).toMatchObject({ geography: 'Canada', version: 3 });
  });

  test('refuses to delete an organization in use and shows the server\'s reason', async ({ page }) => {
    const name = unique('Busy Org');
    const api = await apiSession('busy');
    const orgId = await api.createOrganization(name);
    await api.createReport(orgId, unique('Keeps it busy'));
    await signIn(page, api.user);
    await page.getByTestId('stat-card').filter({ hasText: 'Organizations' }).click();
    const confirmText = acceptNextConfirm(page);
    await page.getByRole('dialog').getByTestId('organization-item').filter({ hasText: name }).getByRole('button', { name: 'Delete' }).click();
    expect(await confirmText).toBe(`Are you sure you want to delete "${name}"? This action cannot be undone.`);
    await expect(toast(page, `${name} cannot be deleted: 1 report uses it. Delete those reports first.`)).toBeVisible();
  });

  test('each tab has its button, which goes to its page; Back returns to the tab the user left', async ({ page }) => {
    const api = await apiSession('tabs');
    await signIn(page, api.user);
    await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('data-state', 'active');
    for (const [tab, button, path] of [
      ['Wizards', 'Launch Wizards', '/assay/wizards'],
      ['Editor', 'Open Editor', '/assay/editor'],
      ['Evidence', 'Manage Evidence', '/assay/evidence'],
      ['Visuals', 'Create Visuals', '/assay/visuals'],
      ['Exports', 'Export Reports', '/assay/exports'],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page).toHaveURL(new RegExp(`/assay\\?tab=${tab.toLowerCase()}$`));
      await page.getByRole('button', { name: button }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`/assay\\?tab=${tab.toLowerCase()}$`));
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('data-state', 'active');
      await expect(page.getByRole('button', { name: button })).toBeVisible();
    }
  });

  test('the tab is in the address: a reload keeps it, Overview clears it, a first visit shows Overview', async ({ page }) => {
    const api = await apiSession('tab-url');
    await signIn(page, api.user);
    await expect(page).toHaveURL(/\/assay$/);
    await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('data-state', 'active');
    await page.getByRole('tab', { name: 'Visuals' }).click();
    await expect(page).toHaveURL(/\/assay\?tab=visuals$/);
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Visuals' })).toHaveAttribute('data-state', 'active');
    await expect(page.getByRole('button', { name: 'Create Visuals' })).toBeVisible();
    await page.getByRole('tab', { name: 'Overview' }).click();
    await expect(page).toHaveURL(/\/assay$/);
    await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('data-state', 'active');
    // a link that names no tab (or one that does not exist) opens on Overview
    await page.goto('/assay?tab=nonsense');
    await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('data-state', 'active');
  });

  test('Back before the tool page has been drawn (a slow CPU) still shows the tab the user left', async ({ page }) => {
    const api = await apiSession('tab-slow');
    await signIn(page, api.user);
    const cdp = await page.context().newCDPSession(page);
    await page.getByRole('tab', { name: 'Exports' }).click();
    await expect(page.getByRole('button', { name: 'Export Reports' })).toBeVisible();
    // the route change is a transition: on a slow CPU the address changes while the dashboard is still drawn
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 30 });
    await page.getByRole('button', { name: 'Export Reports' }).click();
    await page.waitForURL(/\/assay\/exports$/);
    await page.goBack();
    await page.waitForURL(/\/assay\?tab=exports$/);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await expect(page.getByRole('tab', { name: 'Exports' })).toHaveAttribute('data-state', 'active');
    await expect(page.getByRole('button', { name: 'Export Reports' })).toBeVisible();
  });

  test('a drag reorder by the grip handle says so and survives a reload', async ({ page }) => {
    const [first, second, third] = [unique('Order one'), unique('Order two'), unique('Order three')];
    await signedInWithReports(page, [first, second, third]);
    const titles = async () => (await page.getByTestId('report-card').getByRole('heading').allInnerTexts()).filter((t) => [first, second, third].includes(t));
    await expect.poll(titles).toEqual([third, second, first]);
    // drag the oldest card onto the newest one's place
    const from = await card(page, first).getByRole('button', { name: `Drag to reorder ${first}` }).boundingBox();
    const to = await card(page, third).getByRole('button', { name: `Drag to reorder ${third}` }).boundingBox();
    await page.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2);
    await page.mouse.down();
    await page.mouse.move(to!.x + to!.width / 2, to!.y + to!.height / 2, { steps: 15 });
    await page.mouse.up();
    await expect(toast(page, 'Reports reordered')).toBeVisible();
    await expect.poll(titles).toEqual([first, third, second]);
    await page.reload();
    await expect(page.getByTestId('report-card').first()).toBeVisible();
    await expect.poll(titles).toEqual([first, third, second]);
  });
});
