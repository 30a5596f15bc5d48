import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { pdfBytes } from '../helpers/evidence-fixtures';
import { http } from '../helpers/http';
import { apiSession, expect, signIn, stack, test, toast } from './fixtures';

const unique = (label: string) => `${label} ${randomUUID().slice(0, 6)}`;
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function completeSetup(page: Page, org: string, title: string) {
  await page.goto('/assay/wizards/setup');
  await field(page, 'Organization name').fill(org);
  await field(page, 'Report title').fill(title);
  await field(page, 'Report owner').fill('Jane Smith');
  await page.getByRole('button', { name: 'Complete Setup' }).click();
  await expect(toast(page, 'Project setup completed successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/assay\/wizards\/data-intake\?report=[0-9a-f-]{36}$/);
  return new URL(page.url()).searchParams.get('report')!;
}

test.afterEach(async () => {
  await http(stack().urls.gateway, 'DELETE', '/__harness/faults');
});

test.describe('report wizard', () => {
  test('walks a new report through steps 1–4 with every validation, evidence and AI context', async ({ page }) => {
    const api = await apiSession('wizard');
    await signIn(page, api.user);
    // the empty route
    await page.goto('/assay/wizards');
    await expect(page.getByText('Select a wizard step to begin.')).toBeVisible();
    await expect(page.getByText('No recent saves')).toBeVisible();
    await expect(page.getByText('0 of 10 steps completed')).toBeVisible();
    await page.getByRole('button', { name: 'Start with Project Setup' }).click();
    await expect(page).toHaveURL(/\/assay\/wizards\/setup$/);
    await expect(page.getByRole('heading', { name: 'Project Setup' })).toBeVisible();
    await expect(page.getByText('Step 1 of 10')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();

    // Setup: required fields, stakeholders, defaults
    await page.getByRole('button', { name: 'Complete Setup' }).click();
    await expect(toast(page, 'Please fill in all required fields')).toBeVisible();
    const org = unique('Wizard Org');
    const title = unique('Wizard Report');
    await field(page, 'Organization name').fill(`  ${org}  `);
    await field(page, 'Report title').fill(title);
    await field(page, 'Report owner').fill('Jane Smith');
    await expect(field(page, 'Sector')).toHaveValue('other');
    await expect(page.getByRole('option', { name: 'technology' })).toHaveCount(1);
    await field(page, 'Sector').selectOption('technology');
    await expect(page.getByRole('button', { name: 'Remove stakeholder 1' })).toBeDisabled();
    await field(page, 'Name 1').fill('Priya Patel');
    await field(page, 'Role 1').fill('CFO');
    await expect(field(page, 'Influence 1')).toHaveValue('Medium');
    await page.getByRole('button', { name: 'Add stakeholder' }).click();
    await field(page, 'Name 2').fill('Tom Brown');
    await page.getByRole('button', { name: 'Remove stakeholder 2' }).click();
    await expect(page.getByTestId('stakeholder-row')).toHaveCount(1);
    await page.getByRole('button', { name: 'Complete Setup' }).click();
    await expect(toast(page, 'Project setup completed successfully!')).toBeVisible();
    // auto-advance after a second
    await expect(page.getByRole('heading', { name: 'Data Intake' })).toBeVisible();
    await expect(page).toHaveURL(/\/assay\/wizards\/data-intake\?report=/);
    const reportId = new URL(page.url()).searchParams.get('report')!;
    await expect(page.getByText('1 of 10 steps completed')).toBeVisible();
    const orgs = await api.call<{ items: { name: string; sector: string }[] }>('GET', '/api/organizations?limit=100');
    expect(orgs.items.filter((o) => o.name === org)).toEqual([expect.objectContaining({ sector: 'technology' })]);

    // Data intake: validation, a file, a URL, an interview
    await page.getByRole('button', { name: 'Complete Data Intake (0 items)' }).click();
    await expect(toast(page, 'Please add at least one piece of evidence')).toBeVisible();
    await page.getByLabel('Choose files').setInputFiles({
      name: 'finance.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(await pdfBytes([['Revenue grew 12% to 480 million while EBITDA margin improved to 18%. Customer churn rose to 9% after the price increase.']])),
    });
    await expect(toast(page, 'finance.pdf uploaded and analyzed successfully!')).toBeVisible();
    await expect(toast(page, /^AI found \d+ key insights$/).first()).toBeVisible();
    await page.getByRole('tab', { name: 'Add URL' }).click();
    await page.getByRole('form', { name: 'Add URL' }).getByRole('button', { name: 'Add URL' }).click();
    await expect(toast(page, 'Please provide URL and title')).toBeVisible();
    await page.getByRole('tab', { name: 'Add Interview' }).click();
    const interview = page.getByRole('form', { name: 'Add Interview' });
    await interview.getByRole('button', { name: 'Add Interview' }).click();
    await expect(toast(page, 'Please provide title and content')).toBeVisible();
    await interview.getByLabel('Title').fill('CEO interview');
    await interview.getByLabel('Notes').fill('Two competitors entered the market and gross margin fell by two points. Staff turnover is 18% in the depots.');
    await interview.getByLabel('Tags (comma-separated)').fill(' strategy, , people ');
    await interview.getByRole('button', { name: 'Add Interview' }).click();
    const interviewItem = page.getByTestId('intake-item').filter({ hasText: 'CEO interview' });
    await expect(interviewItem).toHaveAttribute('data-status', 'analyzed');
    await expect(interviewItem).toContainText('strategy');
    await expect(interviewItem).toContainText('people');
    // a dimension link toggles
    const link = interviewItem.getByRole('button', { name: 'Link Risks & Compliance' });
    const before = await link.getAttribute('aria-pressed');
    await link.click();
    await expect(link).toHaveAttribute('aria-pressed', before === 'true' ? 'false' : 'true');
    await page.getByRole('button', { name: 'Complete Data Intake (2 items)' }).click();
    await expect(toast(page, 'Step completed successfully')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Objectives & Scope' })).toBeVisible();

    // Objectives
    await page.getByRole('button', { name: 'Complete Objectives & Scope' }).click();
    await expect(toast(page, 'Please define the report purpose')).toBeVisible();
    await field(page, 'Purpose').fill('Assess the operating model ahead of the 2026 budget.');
    await field(page, 'In scope').fill('UK retail and logistics');
    await field(page, 'Out of scope').fill('International');
    await field(page, 'Methodology').fill('Interviews, financial analysis and benchmarking');
    await page.getByRole('button', { name: 'Complete Objectives & Scope' }).click();
    await expect(page.getByRole('heading', { name: 'Business Context' })).toBeVisible();

    // Context: required, then Generate with AI fills the three fields
    await page.getByRole('button', { name: 'Complete Business Context' }).click();
    await expect(toast(page, 'Please provide company background information')).toBeVisible();
    await page.getByRole('button', { name: 'Generate with AI' }).click();
    await expect(toast(page, 'Business context generated successfully with AI!')).toBeVisible();
    for (const label of ['Company background', 'Market environment', 'Internal context']) await expect(field(page, label)).not.toHaveValue('');
    await expect(field(page, 'Company background')).toHaveValue(new RegExp(org));
    await page.getByRole('button', { name: 'Complete Business Context' }).click();
    await expect(page.getByRole('heading', { name: 'Findings & Analysis' })).toBeVisible();
    await expect(page.getByText('4 of 10 steps completed')).toBeVisible();

    // step 5 is the real Findings & Analysis step now
    await expect(page.getByRole('button', { name: 'Generate with AI' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Dimension scores' })).toBeVisible();

    // back to the dashboard: the report is there; its Edit resumes at the saved step with every field intact
    await page.getByRole('link', { name: 'Back to dashboard' }).click();
    const card = page.getByTestId('report-card').filter({ hasText: title });
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: 'Edit' }).click();
    await expect(page).toHaveURL(new RegExp(`/assay/wizards/findings\\?report=${reportId}$`));
    await expect(page.getByText('4 of 10 steps completed')).toBeVisible();
    await expect(page.getByTestId('save-badge')).toHaveText(/^Auto-saved \d+ min ago$/);
    await page.getByRole('button', { name: /Objectives & Scope/ }).click();
    await expect(field(page, 'Purpose')).toHaveValue('Assess the operating model ahead of the 2026 budget.');
    await expect(field(page, 'Methodology')).toHaveValue('Interviews, financial analysis and benchmarking');
    await page.getByRole('button', { name: /Project Setup/ }).click();
    await expect(field(page, 'Organization name')).toHaveValue(org);
    await expect(field(page, 'Name 1')).toHaveValue('Priya Patel');
    await page.getByRole('button', { name: /Data Intake/ }).click();
    await expect(page.getByTestId('intake-item')).toHaveCount(2);
  });

  test('files added before setup are linked to the report setup creates', async ({ page }) => {
    const api = await apiSession('early');
    await signIn(page, api.user);
    await page.goto('/assay/wizards/data-intake');
    await page.getByLabel('Choose files').setInputFiles({ name: 'early.txt', mimeType: 'text/plain', buffer: Buffer.from('Revenue grew 8% and margins improved in the second half.') });
    await expect(toast(page, 'early.txt uploaded and analyzed successfully!')).toBeVisible();
    const reportId = await completeSetup(page, unique('Early Org'), unique('Early Report'));
    await expect(page.getByTestId('intake-item').filter({ hasText: 'early.txt' })).toBeVisible();
    const evidence = await api.call<{ items: { title: string }[] }>('GET', `/api/reports/${reportId}/evidence`);
    expect(evidence.items.map((i) => i.title)).toEqual(['early.txt']);
  });

  test('setup is one server operation: a storage failure leaves no organization behind, and the retry creates exactly one', async ({ page }) => {
    // Prepare
    const api = await apiSession('orphan');
    await signIn(page, api.user);
    const org = unique('Orphan Org');
    await page.goto('/assay/wizards/setup');
    await field(page, 'Organization name').fill(org);
    await field(page, 'Report title').fill('Orphan test');
    await field(page, 'Report owner').fill('Jane');
    // the transaction that writes organization, report and progress fails in DynamoDB
    const armed = await http(stack().urls.gateway, 'POST', '/__harness/faults', { body: { service: 'dynamodb', operation: 'TransactWriteItems', kind: 'error', count: 1 } });
    expect(armed.status).toBe(200);
    // Act
    await page.getByRole('button', { name: 'Complete Setup' }).click();
    // Assess
    await expect(toast(page, 'Failed to create project setup')).toBeVisible();
    const afterFailure = await api.call<{ items: { name: string }[] }>('GET', '/api/organizations?limit=100');
    expect(afterFailure.items.filter((o) => o.name === org)).toHaveLength(0);
    await page.getByRole('button', { name: 'Complete Setup' }).click();
    await expect(toast(page, 'Project setup completed successfully!')).toBeVisible();
    const afterRetry = await api.call<{ items: { name: string }[] }>('GET', '/api/organizations?limit=100');
    expect(afterRetry.items.filter((o) => o.name === org)).toHaveLength(1);
  });

  test('before setup, progress is kept under the temporary key and restored with the spec\'s message', async ({ page }) => {
    const api = await apiSession('temp');
    await signIn(page, api.user);
    await page.goto('/assay/wizards/setup');
    await field(page, 'Organization name').fill('Temporary Org');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(toast(page, 'Progress saved temporarily')).toBeVisible();
    await page.goto('/assay');
    await page.goto('/assay/wizards/setup');
    await expect(toast(page, 'Loaded previous session data')).toBeVisible();
    await expect(field(page, 'Organization name')).toHaveValue('Temporary Org');
  });

  test('when the API is unreachable, progress is saved locally, restored, and synced when it is back', async ({ page, context }) => {
    const api = await apiSession('offline');
    await signIn(page, api.user);
    const reportId = await completeSetup(page, unique('Offline Org'), unique('Offline Report'));
    // the step change is saved while the API is still there (else it may be the first save to fail, and toast too)
    const stepSaved = page.waitForResponse((r) => r.url().endsWith('/api/wizard-progress') && r.request().method() === 'POST');
    await page.getByRole('button', { name: /Objectives & Scope/ }).click();
    await stepSaved;
    // the API goes away mid-work
    await context.route('**/api/wizard-progress**', (route) => route.abort('internetdisconnected'));
    await field(page, 'Purpose').fill('Written while offline');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(toast(page, 'Progress saved locally')).toBeVisible();
    // a reload while still offline: the local copy comes back, silently
    await page.goto(`/assay/wizards/objectives?report=${reportId}`);
    await expect(field(page, 'Purpose')).toHaveValue('Written while offline');
    // the API is back: the work is synced
    await context.unroute('**/api/wizard-progress**');
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(toast(page, 'Progress saved successfully')).toBeVisible();
    const progress = await api.call<{ wizard_data: { objectives?: { purpose: string } } }>('GET', `/api/wizard-progress/${reportId}`);
    expect(progress.wizard_data.objectives?.purpose).toBe('Written while offline');
  });

  test('two tabs: the stale one is told, and nothing is lost', async ({ page, context }) => {
    const api = await apiSession('tabs');
    await signIn(page, api.user);
    const reportId = await completeSetup(page, unique('Tabs Org'), unique('Tabs Report'));
    const tabA = page;
    // on to Objectives inside the app: a full navigation would send the step change as the page unloads, and on a
    // slow machine the next page could read the version before it (then tab A itself met 'newer work')
    await tabA.getByRole('button', { name: 'Next' }).click();
    // (Next moves on once its save has answered)
    await expect(tabA).toHaveURL(new RegExp(`/assay/wizards/objectives\\?report=${reportId}$`));
    await field(tabA, 'Purpose').fill('Purpose from tab A');
    const tabB = await context.newPage();
    await tabB.goto(`/assay/wizards/objectives?report=${reportId}`);
    await expect(field(tabB, 'Purpose')).toBeVisible();
    await tabA.getByRole('button', { name: 'Next' }).click();
    await expect(tabA).toHaveURL(new RegExp(`/assay/wizards/context\\?report=${reportId}$`));
    await expect(toast(tabA, 'Progress saved successfully').first()).toBeVisible();
    await field(tabB, 'Purpose').fill('Purpose from tab B');
    // tab B meets tab A's save on Next or, when the machine is slow, first on its 20-second auto-save (the dialog
    // then hides Next): either way the same toast and dialog
    const dialog = tabB.getByRole('dialog', { name: 'Newer work was saved elsewhere' });
    const next = tabB.getByRole('button', { name: 'Next' });
    await expect(next.or(dialog).first()).toBeVisible();
    if (await next.isVisible()) await next.click();
    await expect(toast(tabB, 'Newer work was saved from another tab or device')).toBeVisible();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Load the newer work' }).click();
    await tabB.getByRole('button', { name: /Objectives & Scope/ }).click();
    await expect(field(tabB, 'Purpose')).toHaveValue('Purpose from tab A');
    // tab B's own words were kept as a saved report file, and can be restored
    await tabB.getByRole('button', { name: 'Save' }).click();
    const save = tabB.getByRole('dialog', { name: 'Save Report File' });
    const backup = save.getByRole('listitem').filter({ hasText: 'Unsaved changes from another tab' });
    await expect(backup).toBeVisible();
    await backup.getByRole('button', { name: 'Restore' }).click();
    await expect(field(tabB, 'Purpose')).toHaveValue('Purpose from tab B');
  });

  test('Save Report File validates, saves a named file, and lists it', async ({ page }) => {
    const api = await apiSession('savefile');
    await signIn(page, api.user);
    await completeSetup(page, unique('Save Org'), unique('Save Report'));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Save Report File' });
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, 'Please enter a file name')).toBeVisible();
    await dialog.getByLabel('File name').fill('Board draft v1');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, 'Saved "Board draft v1"')).toBeVisible();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Save Report File' }).getByText('Board draft v1')).toBeVisible();
  });

  test('Save Report File with nothing to save says so', async ({ page }) => {
    const api = await apiSession('nodata');
    await signIn(page, api.user);
    await page.evaluate(() => localStorage.removeItem('assay.wizard.temp'));
    await page.goto('/assay/wizards/setup');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Save Report File' });
    await dialog.getByLabel('File name').fill('Empty');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, 'No data to save')).toBeVisible();
  });

  test('Next on an empty wizard simply moves on: \'No data to save\' belongs to the save dialog only', async ({ page }) => {
    const api = await apiSession('emptynext');
    await signIn(page, api.user);
    await page.evaluate(() => localStorage.removeItem('assay.wizard.temp'));
    await page.goto('/assay/wizards/setup');
    await expect(page.getByText('Step 1 of 10')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/assay\/wizards\/data-intake$/);
    await expect(page.getByText('Step 2 of 10')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Step 3 of 10')).toBeVisible();
    // the toast would have been shown before the move; none was, and nothing was saved as if it were data
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('assay.wizard.temp'))).toBeNull();
  });
});
