/**
 * Progress per step in the browser: a user never meets their own work as a conflict (completing a step and going to the
 * next step's address at once, reloading while a save is in flight, the browser's Back from the editor); two
 * people on different steps never conflict, and on the same step the second is told who saved it and when.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { pdfBytes } from '../helpers/evidence-fixtures';
import { http } from '../helpers/http';
import { apiSession, expect, signIn, stack, test, toast } from './fixtures';

const unique = (label: string) => `${label} ${randomUUID().slice(0, 6)}`;
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const conflictDialog = (page: Page) => page.getByRole('dialog', { name: 'Newer work was saved elsewhere' });
const conflictToast = (page: Page) => toast(page, 'Newer work was saved from another tab or device');

/** A report made through setup in the wizard, with the page on its Objectives step. */
async function reportAtObjectives(page: Page, prefix: string) {
  const api = await apiSession(prefix);
  await signIn(page, api.user);
  await page.goto('/assay/wizards/setup');
  await field(page, 'Organization name').fill(unique(`${prefix} Org`));
  await field(page, 'Report title').fill(unique(`${prefix} Report`));
  await field(page, 'Report owner').fill('Jane Smith');
  await page.getByRole('button', { name: 'Complete Setup' }).click();
  await expect(page).toHaveURL(/\/assay\/wizards\/data-intake\?report=[0-9a-f-]{36}$/);
  const reportId = new URL(page.url()).searchParams.get('report')!;
  await page.getByRole('button', { name: /Objectives & Scope/ }).click();
  await expect(field(page, 'Purpose')).toBeVisible();
  return { api, reportId };
}

/** No conflict was shown, and a save made now goes through (the page is not stuck on someone's "newer work"). */
async function expectNoConflict(page: Page) {
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(toast(page, 'Progress saved successfully').first()).toBeVisible();
  await expect(conflictDialog(page)).toHaveCount(0);
  await expect(conflictToast(page)).toHaveCount(0);
}

test.afterEach(async () => {
  await http(stack().urls.gateway, 'DELETE', '/__harness/faults');
});

test.describe('never your own work as a conflict', () => {
  test('complete a step, then go to the next step\'s address at once: no conflict, and the step\'s section is composed', async ({ page }) => {
    // Prepare
    const { api, reportId } = await reportAtObjectives(page, 'complete');
    const purpose = 'Assess the operating model ahead of the 2026 budget.';
    await field(page, 'Purpose').fill(purpose);
    // Act: complete, and go to the next step's address without waiting for anything
    const completed = page.waitForRequest((r) => r.url().includes('/steps/objectives/complete'));
    await page.getByRole('button', { name: 'Complete Objectives & Scope' }).click();
    await completed;
    await page.goto(`/assay/wizards/context?report=${reportId}`);
    // Assess
    await expect(page.getByRole('heading', { name: 'Business Context' })).toBeVisible();
    await expect(page.getByText('2 of 10 steps completed')).toBeVisible();
    await field(page, 'Company background').fill('A retailer with 120 stores.');
    await expectNoConflict(page);
    // the completed step's section was composed by the server, though the page that asked for it is gone
    await expect.poll(async () => (await api.call<{ content: string; origin: string }>('GET', `/api/reports/${reportId}/sections/introduction`)).content).toContain(purpose);
  });

  test('the wizard moves on by itself after "Complete"; the step\'s address opened within a second shows no conflict', async ({ page }) => {
    const { reportId } = await reportAtObjectives(page, 'advance');
    await field(page, 'Purpose').fill('Grow margins');
    await page.getByRole('button', { name: 'Complete Objectives & Scope' }).click();
    // the spec's auto-advance (1 s), which saves the step change; then a full navigation to the same address
    await expect(page).toHaveURL(new RegExp(`/assay/wizards/context\\?report=${reportId}$`));
    await page.goto(`/assay/wizards/context?report=${reportId}`);
    await expect(page.getByRole('heading', { name: 'Business Context' })).toBeVisible();
    await expectNoConflict(page);
  });

  test('reload while an auto-save is in flight: the typed text is there and no conflict', async ({ page }) => {
    // Prepare
    const { api, reportId } = await reportAtObjectives(page, 'reload');
    await field(page, 'Purpose').fill('Typed just before the reload');
    // the next progress write reaches DynamoDB 1.5 s late: it lands after the reloaded page has read the progress
    await http(stack().urls.gateway, 'POST', '/__harness/faults', { body: { service: 'dynamodb', operation: 'TransactWriteItems', kind: 'delay', delayMs: 1500, count: 1 } });
    const saving = page.waitForRequest((r) => r.url().endsWith('/api/wizard-progress') && r.method() === 'POST');
    // Act: moving to another step saves (the typed text with it); reload while that save is in flight
    await page.getByRole('button', { name: /Business Context/ }).click();
    await saving;
    await page.reload();
    // Assess
    await page.getByRole('button', { name: /Objectives & Scope/ }).click();
    await expect(field(page, 'Purpose')).toHaveValue('Typed just before the reload');
    await expectNoConflict(page);
    await expect.poll(async () => (await api.call<{ wizard_data: { objectives?: { purpose: string } } }>('GET', `/api/wizard-progress/${reportId}`)).wizard_data.objectives?.purpose).toBe('Typed just before the reload');
  });

  test('the browser\'s Back from the editor: no conflict, nothing lost', async ({ page }) => {
    const { reportId } = await reportAtObjectives(page, 'back');
    await field(page, 'Purpose').fill('Written before opening the editor');
    await page.goto(`/assay/editor?report=${reportId}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/assay/wizards/objectives\\?report=${reportId}$`));
    await expect(field(page, 'Purpose')).toHaveValue('Written before opening the editor');
    await field(page, 'Methodology').fill('Interviews');
    await expectNoConflict(page);
  });
});

test.describe('two people on one report', () => {
  async function signedInPage(browser: Browser, user: { username: string; password: string }) {
    const context = await browser.newContext({ baseURL: stack().urls.gateway });
    const page = await context.newPage();
    await signIn(page, user);
    return { context, page };
  }

  test('on different steps: no conflict and both kept; on the same step: the second is told who saved it and when', async ({ page, browser }) => {
    // Prepare: Dana set the report up; Sam opens it in a browser of his own
    const { api: dana, reportId } = await reportAtObjectives(page, 'dana');
    const sam = await apiSession('sam');
    const samBrowser = await signedInPage(browser, sam.user);
    const samPage = samBrowser.page;
    try {
      await samPage.goto(`/assay/wizards/context?report=${reportId}`);
      await expect(field(samPage, 'Company background')).toBeVisible();
      // Act 1: Dana on Objectives, Sam on Business Context
      await field(page, 'Purpose').fill('Dana\'s purpose');
      await field(samPage, 'Company background').fill('Sam\'s background');
      await expectNoConflict(page);
      await expectNoConflict(samPage);
      // Assess 1: both kept
      const both = await dana.call<{ wizard_data: { objectives?: { purpose: string }; context?: { companyBackground: string } } }>('GET', `/api/wizard-progress/${reportId}`);
      expect(both.wizard_data.objectives?.purpose).toBe('Dana\'s purpose');
      expect(both.wizard_data.context?.companyBackground).toBe('Sam\'s background');
      // Act 2: both on Implementation… no: both on Business Context; Sam saved it first
      await page.goto(`/assay/wizards/context?report=${reportId}`);
      await expect(field(page, 'Company background')).toHaveValue('Sam\'s background');
      await samPage.getByRole('button', { name: /Business Context/ }).click();
      await field(samPage, 'Company background').fill('Sam\'s second take');
      await samPage.getByRole('button', { name: 'Next' }).click();
      await expect(toast(samPage, 'Progress saved successfully').first()).toBeVisible();
      // (the toast of Sam's earlier save may still be showing: wait until the server holds his second take, so that Dana's
      // save is the second one whatever the machine's load)
      await expect
        .poll(async () => (await dana.call<{ wizard_data: { context?: { companyBackground: string } } }>('GET', `/api/wizard-progress/${reportId}`)).wizard_data.context?.companyBackground)
        .toBe('Sam\'s second take');
      await field(page, 'Company background').fill('Dana\'s take');
      await page.getByRole('button', { name: 'Next' }).click();
      // Assess 2: Dana is told that Sam saved Business Context, and when
      const dialog = conflictDialog(page);
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(`${sam.user.name} saved Business Context just now`);
      // she compares the step side by side, keeps hers, and Sam's version is kept as a saved file
      await dialog.getByRole('button', { name: 'Compare side by side' }).click();
      await expect(dialog.getByTestId('conflict-theirs')).toContainText('Sam\'s second take');
      await expect(dialog.getByTestId('conflict-mine')).toContainText('Dana\'s take');
      await expect(dialog.getByTestId('diff-view')).toBeVisible();
      await dialog.getByRole('button', { name: 'Keep mine and overwrite' }).click();
      await expect(toast(page, 'Progress saved successfully').first()).toBeVisible();
      const after = await dana.call<{ wizard_data: { context?: { companyBackground: string } } }>('GET', `/api/wizard-progress/${reportId}`);
      expect(after.wizard_data.context?.companyBackground).toBe('Dana\'s take');
      const files = await dana.call<{ items: { file_name: string }[] }>('GET', `/api/save-report-file/${reportId}`);
      expect(files.items.map((f) => f.file_name).join('\n')).toContain(`Version replaced by another tab (saved by ${sam.user.name})`);
    } finally {
      await samBrowser.context.close();
    }
  });
});

test.describe('AI drafts kept on the server', () => {
  test('a draft waits for review across a reload; accepting some of its items adds only those', async ({ page }) => {
    // Prepare: a report with analysed evidence, and a finding the consultant wrote
    const api = await apiSession('drafts');
    const org = await api.createOrganization(unique('Drafts Org'), { sector: 'retail' });
    const reportId = await api.createReport(org, 'Drafts report');
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(await pdfBytes([['Revenue grew 12% to 480 million while EBITDA margin improved to 18%.', 'Customer churn rose to 9% after the price increase.']]))]), 'annual.pdf');
    form.set('report_id', reportId);
    expect((await fetch(`${stack().urls.gateway}/api/files/upload`, { method: 'POST', headers: { authorization: `Bearer ${api.token}` }, body: form })).status).toBe(200);
    await signIn(page, api.user);
    await page.goto(`/assay/wizards/findings?report=${reportId}`);
    await page.getByRole('button', { name: 'Add finding' }).click();
    await page.getByLabel(/^Finding F1$/).fill('A finding the consultant wrote.');
    // Act 1: a draft is made, and the user puts off the decision
    await page.getByRole('button', { name: 'Generate with AI' }).click();
    const ask = page.getByRole('dialog', { name: 'Replace what you have written?' });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Cancel' }).click();
    const waiting = page.getByTestId('pending-draft');
    await expect(waiting).toHaveText(/An AI draft of Findings is waiting for your review\./);
    // Assess 1: a reload shows the same pending draft
    await page.reload();
    await expect(waiting).toBeVisible();
    // Act 2: review it and keep only the first of its items
    await waiting.getByRole('button', { name: 'Review the draft' }).click();
    await ask.getByRole('button', { name: 'Choose items' }).click();
    const choose = page.getByRole('dialog', { name: 'Choose what to keep from the AI draft' });
    const boxes = choose.getByRole('checkbox');
    const count = await boxes.count();
    expect(count).toBeGreaterThan(1);
    for (let i = 1; i < count; i++) await boxes.nth(i).uncheck();
    await choose.getByRole('button', { name: 'Add 1 chosen item' }).click();
    // Assess 2: the consultant's finding and the one chosen; the draft no longer waits
    await expect(toast(page, 'Findings generated successfully with AI!')).toBeVisible();
    await expect(page.getByTestId('report-item')).toHaveCount(2);
    await expect(waiting).toHaveCount(0);
    const stored = await api.call<{ wizard_data: { findings?: { findings: { statement: string }[] } } }>('GET', `/api/wizard-progress/${reportId}`);
    expect(stored.wizard_data.findings?.findings.map((f) => f.statement)[0]).toBe('A finding the consultant wrote.');
    expect(stored.wizard_data.findings?.findings).toHaveLength(2);
    expect((await api.call<{ draft: unknown }>('GET', `/api/reports/${reportId}/drafts/findings`)).draft).toBeNull();
  });
});
