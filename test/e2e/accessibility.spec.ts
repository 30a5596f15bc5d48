/**
 * Every page, checked by axe-core in Chromium once its content has loaded, and again with each of its dialogs
 * open: no serious or critical violations of WCAG 2.1 A/AA (names, roles, labels, contrast, landmarks, …).
 * To check another state: bring it about, then `expect(await audit(page), 'what it is').toEqual([])`.
 */
import { pdfBytes } from '../helpers/evidence-fixtures';
import { apiSession, axeViolations as audit, expect, signIn, stack, test } from './fixtures';

test.describe('accessibility (axe)', () => {
  test('every page: sign-in, dashboard, wizard steps, editor, visuals and the builder, exports, evidence', async ({ page }) => {
    test.slow(); // fifteen pages, each loaded and audited
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

  test('with dialogs open: a report list, save report file, replace the AI draft, citation picker, AI enhance, history', async ({ page }) => {
    test.slow(); // a drafting call and seven audits
    // Prepare: a report with one uploaded file (for drafting and citing)
    const api = await apiSession('a11y-dialogs');
    const org = await api.createOrganization(`A11y Dialogs ${Date.now()}`, { sector: 'retail', geography: 'UK' });
    const reportId = await api.createReport(org, 'Dialog report');
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(await pdfBytes([['Revenue grew 12% to 480 million in fiscal 2025 while EBITDA margin improved to 18%.']]))]), 'annual.pdf');
    form.set('report_id', reportId);
    const upload = await fetch(`${stack().urls.gateway}/api/files/upload`, { method: 'POST', headers: { authorization: `Bearer ${api.token}` }, body: form });
    expect(upload.status).toBe(200);
    await signIn(page, api.user);

    // Dashboard: a stat card's list
    await page.getByRole('button', { name: /Total Reports/ }).click();
    await expect(page.getByRole('dialog', { name: 'All Reports (1)' })).toBeVisible();
    expect(await audit(page), 'dashboard: All Reports dialog').toEqual([]);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Wizard: Save Report File
    await page.goto(`/assay/wizards/setup?report=${reportId}`);
    await expect(page.getByText('Step 1 of 10')).toBeVisible();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Save Report File' })).toBeVisible();
    expect(await audit(page), 'wizard: Save Report File dialog').toEqual([]);
    await page.keyboard.press('Escape');

    // Wizard: the AI draft would replace a finding the consultant wrote
    await page.goto(`/assay/wizards/findings?report=${reportId}`);
    await expect(page.getByText('Step 5 of 10')).toBeVisible();
    await page.getByRole('button', { name: 'Add finding' }).click();
    await page.getByLabel(/^Finding F1$/).fill('Churn is rising in the SME segment.');
    await page.getByRole('button', { name: 'Generate with AI' }).click();
    const replace = page.getByRole('dialog', { name: 'Replace what you have written?' });
    await expect(replace).toBeVisible();
    expect(await audit(page), 'wizard: replace-with-AI-draft dialog').toEqual([]);
    await replace.getByRole('button', { name: 'Cancel' }).click();
    await expect(replace).toBeHidden();

    // Editor: citation picker, AI Enhance, version history
    await page.goto(`/assay/editor?report=${reportId}`);
    await expect(page.getByRole('textbox', { name: /^Markdown of / })).toBeVisible();
    await page.getByRole('button', { name: 'Add Citation' }).click();
    const picker = page.getByRole('dialog', { name: 'Add a citation' });
    await expect(picker.getByRole('textbox', { name: 'Search evidence' })).toBeVisible();
    expect(await audit(page), 'editor: citation picker').toEqual([]);
    await page.keyboard.press('Escape');
    await expect(picker).toBeHidden();
    // AI Enhance needs text to work on
    await page.getByRole('textbox', { name: /^Markdown of / }).click();
    await page.keyboard.type('Revenue grew strongly while margins held.');
    await page.getByRole('button', { name: 'AI Enhance' }).click();
    await expect(page.getByRole('dialog', { name: 'AI Enhance' })).toBeVisible();
    expect(await audit(page), 'editor: AI Enhance dialog').toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'History' }).click();
    await expect(page.getByRole('dialog', { name: 'Version history' })).toBeVisible();
    expect(await audit(page), 'editor: version history').toEqual([]);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
