/**
 * Keyboard only: signing in, the dashboard (status, a list dialog, the tabs, reordering a card, starting a
 * report) and the wizard's Project Setup step are done with Tab, Shift+Tab, Enter, Space, Escape and the arrow
 * keys; no clicks. Every control reached shows a visible focus indicator (an outline or a ring).
 */
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { apiSession, expect, test, toast } from './fixtures';

const unique = (label: string) => `${label} ${randomUUID().slice(0, 6)}`;

/** Whether the element has the focus, shown as :focus-visible with an outline or a box-shadow ring. */
const focusState = (target: Locator) =>
  target.evaluate((el) => {
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== 'none' && style.boxShadow !== '';
    return { focused: el === document.activeElement, visible: el.matches(':focus-visible') && (outline || ring) };
  });

/** Presses Tab (or Shift+Tab) until `target` has the focus, then checks the focus can be seen. */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}) {
  await target.waitFor();
  for (let i = 0; i < max; i++) {
    if ((await focusState(target)).focused) break;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  const state = await focusState(target);
  expect(state.focused, `reached ${await target.evaluate((el) => el.outerHTML.slice(0, 120))} by Tab`).toBe(true);
  expect(state.visible, `focus is visible on ${await target.evaluate((el) => el.outerHTML.slice(0, 120))}`).toBe(true);
}

/** Signs in on /login with Tab, typing and Enter only, and lands on the dashboard. */
async function signInByKeyboard(page: Page, user: { username: string; password: string }) {
  await page.goto('/login');
  await tabTo(page, page.getByLabel('Username'));
  await page.keyboard.type(user.username);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(user.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/assay$/);
}

const card = (page: Page, title: string) => page.getByTestId('report-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

test.describe('keyboard only', () => {
  test('sign in, then the dashboard: change a status, open and close a list, switch tabs, move a card, start a report', async ({ page }) => {
    // Prepare: two reports
    const api = await apiSession('keys');
    const org = await api.createOrganization(unique('Keys Org'));
    const first = unique('Keys first');
    const second = unique('Keys second');
    await api.createReport(org, first);
    await api.createReport(org, second);

    // Sign in
    await signInByKeyboard(page, api.user);
    await expect(card(page, second)).toBeVisible();

    // A report's status: Enter and Space both move it on
    const status = card(page, first).getByRole('button', { name: /^Status: / });
    await tabTo(page, status);
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Status updated to: In Review')).toBeVisible();
    await expect(status).toHaveText('In Review');
    // while the change is saved the button stays focused (only marked busy), so the next key reaches it
    await expect(status).not.toHaveAttribute('aria-disabled', 'true');
    expect((await focusState(status)).focused).toBe(true);
    await page.keyboard.press('Space');
    // nothing written yet: Final is refused, and the dialog that says why takes the focus; Escape closes it
    const blocked = page.getByRole('dialog', { name: 'Final needs approvals' });
    await expect(blocked).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(blocked).toBeHidden();
    await expect(status).toHaveText('In Review');

    // A stat card opens its list; Escape closes it and gives the focus back
    const total = page.getByRole('button', { name: /Total Reports/ });
    await tabTo(page, total, { back: true });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /^All Reports \(\d+\)$/ });
    await expect(dialog).toBeVisible();
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect((await focusState(total)).focused).toBe(true);

    // The tabs: arrows move between them
    const overview = page.getByRole('tab', { name: 'Overview' });
    await tabTo(page, overview, { back: true });
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Wizards' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(overview).toHaveAttribute('aria-selected', 'true');

    // A card moves by keyboard: Space picks it up, an arrow moves it, Space drops it
    const titles = async () => (await page.getByTestId('report-card').getByRole('heading').allInnerTexts()).filter((t) => t === first || t === second);
    const before = await titles();
    const handle = card(page, before[0]!).getByRole('button', { name: /^Drag to reorder / });
    await tabTo(page, handle);
    const live = page.locator('[id^="DndLiveRegion"]');
    await page.keyboard.press('Space');
    // the drag has started (and dnd-kit has measured the cards) before an arrow is pressed
    await expect(handle).toHaveAttribute('aria-pressed', 'true');
    await expect(live).toHaveText(/Picked up draggable item|was moved over droppable area/);
    await page.keyboard.press('ArrowRight');
    // over the other card, not its own place, before it is dropped
    await expect(live).toHaveText(/Draggable item (\S+) was moved over droppable area (?!\1\.)\S+\./);
    await page.keyboard.press('Space');
    await expect.poll(titles).toEqual([before[1], before[0]]);

    // Start a new report
    await tabTo(page, page.getByRole('button', { name: 'Start New Assessment' }), { back: true });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/assay\/wizards\/setup$/);
  });

  test('a wizard step by keyboard: Project Setup filled in, a select changed with the arrows, completed with Enter', async ({ page }) => {
    const api = await apiSession('keys-wizard');
    await signInByKeyboard(page, api.user);
    await tabTo(page, page.getByRole('button', { name: 'Start New Assessment' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText('Step 1 of 10')).toBeVisible();

    const field = (label: string) => page.getByLabel(label, { exact: true });
    await tabTo(page, field('Organization name'));
    await page.keyboard.type(unique('Keyboard Org'));
    const sector = field('Sector');
    await tabTo(page, sector);
    const sectorBefore = await sector.inputValue();
    await page.keyboard.press('ArrowUp'); // the default is the last option
    await expect(sector).not.toHaveValue(sectorBefore);
    await tabTo(page, field('Report title'));
    await page.keyboard.type(unique('Keyboard Report'));
    await tabTo(page, field('Report owner'));
    await page.keyboard.type('Jane Smith');
    await tabTo(page, page.getByRole('button', { name: 'Complete Setup' }));
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Project setup completed successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/assay\/wizards\/data-intake\?report=[0-9a-f-]{36}$/);

    // the steps list is reachable too: back to Project Setup with Enter
    await tabTo(page, page.getByRole('button', { name: /Project Setup/ }).first(), { back: true });
    await page.keyboard.press('Enter');
    await expect(page.getByText('Step 1 of 10')).toBeVisible();
  });
});
