/**
 * The wizard when the server's storage fails (a DynamoDB error injected through the harness's fault table,
 * the SDK's middleware stack; the API answers 503): the user's words are kept in the browser's local copy,
 * come back after a reload, and reach the server once it works again.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { http } from '../helpers/http';
import { apiSession, expect, signIn, stack, test, toast } from './fixtures';

const unique = (label: string) => `${label} ${randomUUID().slice(0, 6)}`;
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

test.afterEach(async () => {
  await http(stack().urls.gateway, 'DELETE', '/__harness/faults');
});

test('a save that meets a storage failure keeps the input locally and syncs it later', async ({ page }) => {
  const api = await apiSession('storefail');
  await signIn(page, api.user);
  await page.goto('/assay/wizards/setup');
  await field(page, 'Organization name').fill(unique('Fault Org'));
  await field(page, 'Report title').fill(unique('Fault Report'));
  await field(page, 'Report owner').fill('Jane Smith');
  await page.getByRole('button', { name: 'Complete Setup' }).click();
  await expect(toast(page, 'Project setup completed successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/assay\/wizards\/data-intake\?report=[0-9a-f-]{36}$/);
  const reportId = new URL(page.url()).searchParams.get('report')!;
  // the step change is saved before the fault is armed (so that the fault falls on the save of the text)
  const stepSaved = page.waitForResponse((r) => r.url().endsWith('/api/wizard-progress') && r.request().method() === 'POST');
  await page.getByRole('button', { name: /Objectives & Scope/ }).click();
  await stepSaved;
  await field(page, 'Purpose').fill('Written while the store was down');
  // the next write of the progress (its steps and PROGRESS item, one transaction) fails in DynamoDB
  const armed = await http(stack().urls.gateway, 'POST', '/__harness/faults', { body: { service: 'dynamodb', operation: 'TransactWriteItems', kind: 'error', count: 1 } });
  expect(armed.status).toBe(200);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(toast(page, 'Progress saved locally')).toBeVisible();
  const injected = await http(stack().urls.gateway, 'GET', '/__harness/faults');
  expect((injected.body as { injected: unknown[] }).injected.length).toBeGreaterThan(0);
  // a reload: the local copy comes back
  await page.goto(`/assay/wizards/objectives?report=${reportId}`);
  await expect(field(page, 'Purpose')).toHaveValue('Written while the store was down');
  // the store works again: the wizard's retry (or the reopened wizard) sends the local copy to the server
  await expect
    .poll(async () => (await api.call<{ wizard_data: { objectives?: { purpose: string } } }>('GET', `/api/wizard-progress/${reportId}`)).wizard_data.objectives?.purpose)
    .toBe('Written while the store was down');
});
