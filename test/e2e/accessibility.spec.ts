/**
 * Every page, checked by axe-core in Chromium once its content has loaded: no serious or critical violations
 * of WCAG 2.1 A/AA (names, roles, labels, contrast, keyboard traps, …).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { apiSession, expect, signIn, test } from './fixtures';

async function audit(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  return serious.map((v) => `${v.id} (${v.impact}): ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

test.describe('accessibility (axe)', () => {
  test('every page: sign-in, dashboard, wizard steps, editor, visuals and the builder, exports, evidence', async ({ page }) => {
    // Prepare
    const api = await apiSession('a11y');
    const org = await api.createOrganization(`A11y Org ${Date.now()}`);
    const reportId = await api.createReport(org, 'Accessible report');

    // Act + Assess, page by page
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    expect(await audit(page), 'sign-in').toEqual([]);

    await signIn(page, api.user);
    await expect(page.getByText('Accessible report').first()).toBeVisible();
    expect(await audit(page), 'dashboard').toEqual([]);

    await page.goto(`/assay/wizards/setup?report=${reportId}`);
    await expect(page.getByText('Step 1 of 10')).toBeVisible();
    expect(await audit(page), 'wizard').toEqual([]);
    for (const [step, n] of [['findings', 5], ['swot', 6], ['recommendations', 7], ['roadmap', 8], ['executive-summary', 9]] as const) {
      await page.goto(`/assay/wizards/${step}?report=${reportId}`);
      await expect(page.getByText(`Step ${n} of 10`)).toBeVisible();
      await expect(page.getByRole('button', { name: /Generate with AI/ })).toBeVisible();
      expect(await audit(page), `wizard ${step}`).toEqual([]);
    }

    await page.goto(`/assay/wizards/finalize?report=${reportId}`);
    await expect(page.getByText('Step 10 of 10')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Complete Finalize & Brand' })).toBeVisible();
    expect(await audit(page), 'wizard finalize').toEqual([]);

    await page.goto(`/assay/editor?report=${reportId}`);
    await expect(page.getByTestId('section-link')).toHaveCount(9);
    await expect(page.getByRole('textbox', { name: /^Markdown of / })).toBeVisible();
    expect(await audit(page), 'editor').toEqual([]);

    await page.goto(`/assay/visuals?report=${reportId}`);
    await expect(page.getByRole('button', { name: 'Create Bar Chart' })).toBeVisible();
    expect(await audit(page), 'visuals').toEqual([]);
    await page.getByRole('button', { name: 'Create Bar Chart' }).click();
    await expect(page.getByRole('button', { name: 'Save Visual' })).toBeVisible();
    expect(await audit(page), 'visual builder').toEqual([]);

    await page.goto(`/assay/exports?report=${reportId}`);
    await expect(page.getByRole('heading', { name: 'Export Reports' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export All Formats' })).toBeVisible();
    expect(await audit(page), 'exports').toEqual([]);

    await page.goto(`/assay/evidence?report=${reportId}`);
    await expect(page.getByRole('searchbox').or(page.getByPlaceholder(/search/i)).first()).toBeVisible();
    expect(await audit(page), 'evidence').toEqual([]);
  });
});
