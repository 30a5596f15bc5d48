import type { Page } from '@playwright/test';
import { draftAndWait } from '../helpers/draft-job';
import { pdfBytes } from '../helpers/evidence-fixtures';
import { collaboration } from '@shared/messages/collaboration';
import { apiSession, axeViolations, expect, signIn, stack, test, toast } from './fixtures';

async function composedReport() {
  const api = await apiSession('editor');
  const org = await api.createOrganization(`Editor Org ${Date.now()}`, { sector: 'retail' });
  const reportId = await api.createReport(org, 'Editor report');
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(await pdfBytes([['Customer churn rose to 9% in the SME segment after the price increase.', 'Revenue grew 12% to 480 million in fiscal 2025 while EBITDA margin improved to 18%.']]))]), 'annual.pdf');
  form.set('report_id', reportId);
  await fetch(`${stack().urls.gateway}/api/files/upload`, { method: 'POST', headers: { authorization: `Bearer ${api.token}` }, body: form });
  const drafted = await draftAndWait(stack().urls.gateway, api.token, reportId, 'findings');
  await api.call('POST', '/api/wizard-progress', { report_id: reportId, wizard_data: { findings: drafted.data }, completed_steps: ['findings'], current_step: 4, version: 0 });
  await api.call('POST', `/api/reports/${reportId}/compose`, {});
  return { api, reportId };
}

const editorOf = (page: Page) => page.getByRole('textbox', { name: /^Markdown of / });

async function typeAtEnd(page: Page, text: string) {
  await editorOf(page).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
}

/** Writes a sentence at the end and cites the annual report's churn passage on it through the picker, as a user does. */
async function writeAndCiteChurn(page: Page) {
  await typeAtEnd(page, '\n\nChurn is the pressing problem ');
  await page.getByRole('button', { name: 'Add Citation' }).click();
  const picker = page.getByRole('dialog', { name: 'Add a citation' });
  await picker.getByRole('button', { name: 'annual.pdf' }).click();
  await picker.getByRole('button', { name: /^Cite this insight: Customer churn rose/ }).click();
  await expect(picker).toBeHidden();
  // the closed dialog gives the focus back to the button that opened it
  await expect(page.getByRole('button', { name: 'Add Citation' })).toBeFocused();
}

test.describe('editor', () => {
  test('Save Draft right after an auto-save still says the section is saved', async ({ page }) => {
    // Prepare
    const { api, reportId } = await composedReport();
    await signIn(page, api.user);
    await page.goto(`/assay/editor?report=${reportId}`);
    await page.getByTestId('section-link').filter({ hasText: 'Findings & Analysis' }).click();
    await expect(editorOf(page)).toContainText('Dimension scores');
    // Act: type, and let the auto-save (after a pause in typing) send it before the click
    const autoSaved = page.waitForResponse((r) => r.request().method() === 'PUT' && /\/sections\/findings$/.test(new URL(r.url()).pathname));
    await typeAtEnd(page, '\n\nSaved by the pause.');
    expect((await autoSaved).status()).toBe(200);
    await expect(page.getByTestId('save-badge')).toHaveText(/^Auto-saved \d+ min ago$/);
    const history = async () => (await api.call<{ items: unknown[] }>('GET', `/api/reports/${reportId}/sections/findings/versions`)).items.length;
    const saved = await history();
    await page.getByRole('button', { name: 'Save Draft' }).click();
    // Assess: the person who asked to save is told it is saved, and nothing was sent twice
    await expect(toast(page, 'Section saved').first()).toBeVisible();
    expect(await history()).toBe(saved);
  });

  test('a citation in the preview keeps the keyboard focus when an auto-save lands, and Enter opens its passage', async ({ page }) => {
    test.slow(); // the report is drafted and composed first
    // Prepare: the section's auto-save is held until the citation has the focus
    const { api, reportId } = await composedReport();
    await signIn(page, api.user);
    await page.goto(`/assay/editor?report=${reportId}`);
    await page.getByTestId('section-link').filter({ hasText: 'Findings & Analysis' }).click();
    await expect(editorOf(page)).toContainText('Dimension scores');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route((url) => url.pathname.endsWith('/sections/findings'), async (route) => {
      if (route.request().method() === 'PUT') await held;
      await route.continue();
    });
    const saving = page.waitForRequest((r) => r.method() === 'PUT' && /\/sections\/findings$/.test(new URL(r.url()).pathname));
    await writeAndCiteChurn(page);
    const mark = page.getByTestId('preview').getByTestId('preview-citation').last();
    await expect(mark).toHaveAttribute('aria-label', /Customer churn rose to 9%/);
    await saving;
    // Act: the reader is on the citation when the save's answer arrives (the focus is given until it holds: a
    // preview still settling from the typing may take it once)
    await expect(async () => {
      await mark.focus();
      await expect(mark).toBeFocused({ timeout: 1000 });
    }).toPass();
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && /\/sections\/findings$/.test(new URL(r.url()).pathname));
    release();
    expect((await saved).status()).toBe(200);
    await expect(page.getByTestId('save-badge')).toHaveText(/^Auto-saved \d+ min ago$/);
    // Assess: the focus stayed on the citation, so Enter opens its passage
    await expect(mark).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog').getByTestId('cited-passage')).toHaveText('Customer churn rose to 9% in the SME segment after the price increase.');
  });

  test('edits a composed section with a citation, AI Enhance and history, and handles a second editor without losing either text', async ({ page, browser }) => {
    // Prepare
    const { api, reportId } = await composedReport();
    await signIn(page, api.user);
    await page.goto(`/assay/editor?report=${reportId}`);
    await expect(page.getByRole('heading', { name: 'Editor report' })).toBeVisible();
    await expect(page.getByTestId('section-link')).toHaveCount(9);
    await page.getByTestId('section-link').filter({ hasText: 'Findings & Analysis' }).click();
    await expect(page.getByRole('heading', { name: 'Findings & Analysis', level: 2 })).toBeVisible();
    await expect(editorOf(page)).toContainText('Dimension scores');
    await expect(page.getByTestId('char-count')).toContainText('characters');

    // Act: write, cite a passage, save
    await writeAndCiteChurn(page);
    await expect(editorOf(page)).toContainText('Churn is the pressing problem [@c');
    const preview = page.getByTestId('preview');
    const mark = preview.getByTestId('preview-citation').last();
    await expect(mark).toHaveAttribute('aria-label', /Customer churn rose to 9%/);
    await mark.press('Enter'); // by keyboard (a toast may sit over the corner of the preview)
    await expect(page.getByRole('dialog').getByTestId('cited-passage')).toHaveText('Customer churn rose to 9% in the SME segment after the price increase.');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect(toast(page, 'Section saved').first()).toBeVisible();
    await expect(page.getByTestId('save-badge')).toHaveText(/^Auto-saved \d+ min ago$/);

    // AI Enhance the whole section: a diff, then accept; Ctrl+S saves
    await typeAtEnd(page, '. In order to act, the firm is able to move now.');
    await page.keyboard.press('Control+s');
    await expect.poll(async () => (await api.call<{ content: string }>('GET', `/api/reports/${reportId}/sections/findings`)).content).toContain('In order to act');
    await page.getByRole('button', { name: 'AI Enhance' }).click();
    const enhance = page.getByRole('dialog', { name: 'AI Enhance' });
    await enhance.getByRole('button', { name: 'Propose' }).click();
    const diff = enhance.getByTestId('diff-view');
    await expect(diff).toContainText('[removed: is able to]');
    await expect(diff).toContainText('[added: can]');
    await enhance.getByRole('button', { name: 'Accept' }).click();
    await expect(toast(page, 'AI change accepted')).toBeVisible();
    await expect(editorOf(page)).toContainText('To act, the firm can move now.');
    await editorOf(page).click();
    await page.keyboard.press('Control+s');
    await expect.poll(async () => (await api.call<{ content: string }>('GET', `/api/reports/${reportId}/sections/findings`)).content).toContain('To act, the firm can move now.');

    // History: restore the version before the AI change
    await page.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'Version history' });
    await expect(history.getByTestId('history-version').first()).toContainText('AI');
    const before = history.getByTestId('history-version').nth(1);
    const restoredVersion = Number((await before.getByText(/^Version \d+$/).innerText()).replace('Version ', ''));
    await before.getByRole('button', { name: 'Restore this version' }).click();
    await expect(toast(page, `Version ${restoredVersion} restored as a new version`)).toBeVisible();
    await history.getByRole('button', { name: 'Close' }).click();
    await expect(editorOf(page)).toContainText('In order to act, the firm is able to move now.');

    // A colleague saves the same section first: the second save is told, and keeps both texts
    const other = await browser.newContext();
    const colleague = await other.newPage();
    await signIn(colleague, api.user);
    await colleague.goto(`/assay/editor?report=${reportId}`);
    await colleague.getByTestId('section-link').filter({ hasText: 'Findings & Analysis' }).click();
    await typeAtEnd(colleague, '\n\nColleague addition.');
    await colleague.getByRole('button', { name: 'Save Draft' }).click();
    await expect(toast(colleague, 'Section saved').first()).toBeVisible();
    // the auto-save after a pause in typing meets the conflict: a notice, not a dialog that would take the focus
    // mid-sentence, and what is typed after it stays in the editor
    await typeAtEnd(page, '\n\nMy own');
    const waiting = page.getByTestId('conflict-waiting');
    await expect(waiting).toContainText('Someone else saved Findings & Analysis while you were writing.');
    const conflict = page.getByRole('dialog', { name: 'Someone else saved this section' });
    await expect(conflict).toBeHidden();
    await page.keyboard.type(' addition.');
    await expect(editorOf(page)).toContainText('My own addition.');
    // an explicit save (Ctrl+S in the editor) opens the comparison, with the text as it is now
    await page.keyboard.press('Control+s');
    await expect(conflict).toBeVisible();
    await expect(conflict.getByLabel('Their text')).toHaveValue(/Colleague addition\./);
    await expect(conflict.getByLabel('Your text')).toHaveValue(/My own addition\./);
    await conflict.getByRole('button', { name: 'Merge by hand' }).click();
    await expect(conflict.getByLabel('Merged text')).toHaveValue(/Colleague addition\.[\s\S]*My own addition\./);
    await conflict.getByRole('button', { name: 'Save merged text' }).click();
    await expect(conflict).toBeHidden();

    // Assess: the saved section holds both
    await expect
      .poll(async () => (await api.call<{ content: string }>('GET', `/api/reports/${reportId}/sections/findings`)).content)
      .toMatch(/Colleague addition\.[\s\S]*My own addition\./);
    await other.close();
  });

  test('AI provenance: who drafted what, with which model, from which evidence', async ({ page }) => {
    // Prepare: a report whose findings the AI drafted from one uploaded document, and one nothing drafted
    const { api, reportId } = await composedReport();
    const untouched = await api.createReport(await api.createOrganization(`Quiet Org ${Date.now()}`, { sector: 'retail' }), 'Quiet report');
    const records = await api.call<{ items: { user: string; model: string; provider: string }[] }>('GET', `/api/reports/${reportId}/provenance`);
    expect(records.items).toHaveLength(1);
    await signIn(page, api.user);

    // Act
    await page.goto(`/assay/editor?report=${reportId}`);
    await expect(page.getByRole('heading', { name: 'Editor report' })).toBeVisible();
    await page.getByRole('button', { name: 'AI provenance' }).click();

    // Assert: the draft's record names the step, the person, the model and the evidence by title
    const dialog = page.getByRole('dialog', { name: 'AI provenance' });
    const record = dialog.getByTestId('provenance-record');
    await expect(record).toHaveCount(1);
    await expect(record).toContainText('Draft: Findings & Analysis');
    await expect(record).toContainText(`${records.items[0]!.provider} · ${records.items[0]!.model}`);
    await expect(record).toContainText(records.items[0]!.user);
    await expect(record).toContainText('From 1 evidence item: annual.pdf');
    await expect(record).toContainText(/Every citation verified|did not verify and (was|were) dropped/);
    expect(await axeViolations(page), 'provenance dialog').toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // A report nothing was drafted for says so
    await page.goto(`/assay/editor?report=${untouched}`);
    await expect(page.getByRole('heading', { name: 'Quiet report' })).toBeVisible();
    await page.getByRole('button', { name: 'AI provenance' }).click();
    await expect(page.getByRole('dialog', { name: 'AI provenance' })).toContainText('No AI has drafted or rewritten anything in this report yet.');
  });

  test("a Final report is read-only in the editor and the wizard; its lead reopens it with a reason, back to In Review; an editor sees no Reopen", async ({ page, browser }) => {
    // Prepare: a lead's client with an editor on its team; a written report the lead set Final (override, audited)
    const lead = await apiSession('final-lead');
    const writer = await apiSession('final-editor');
    const org = await lead.createOrganization(`Final Org ${Date.now()}`, { sector: 'retail' });
    await lead.call('POST', `/api/organizations/${org}/team`, { username: writer.user.username, role: 'editor' });
    const reportId = await lead.createReport(org, 'Final report');
    await lead.call('PUT', `/api/reports/${reportId}/sections/findings`, { content: 'Margins held while revenue grew by a tenth.', citations: [], version: 0 });
    await lead.call('POST', '/api/wizard-progress', { report_id: reportId, wizard_data: { objectives: { purpose: 'Assess the operating model.', inScope: '', outOfScope: '', methodology: '' } }, completed_steps: [], current_step: 2 });
    await lead.call('PUT', `/api/reports/${reportId}/status?status=Final&override_reason=${encodeURIComponent('Signed off on the call')}`);
    const final = collaboration.final;

    // Act + Assess: the editor sees the report read-only, with the banner and no Reopen
    const theirs = await (await browser.newContext()).newPage();
    await signIn(theirs, writer.user);
    await theirs.goto(`/assay/editor?report=${reportId}&section=findings`);
    await expect(editorOf(theirs)).toContainText('Margins held');
    const banner = theirs.getByTestId('final-banner');
    await expect(banner).toContainText(final.banner);
    await expect(banner.getByRole('button', { name: final.reopen })).toHaveCount(0);
    await expect(editorOf(theirs)).toHaveAttribute('aria-readonly', 'true');
    await expect(editorOf(theirs)).not.toBeEditable();
    for (const name of ['Save Draft', 'Add Citation', 'AI Enhance']) await expect(theirs.getByRole('button', { name })).toBeDisabled();
    // …and in the wizard: the step's fields and its complete button are disabled
    await theirs.goto(`/assay/wizards/objectives?report=${reportId}`);
    await expect(theirs.getByTestId('final-banner')).toContainText(final.banner);
    await expect(theirs.getByLabel('Purpose')).toHaveValue('Assess the operating model.');
    await expect(theirs.getByLabel('Purpose')).toBeDisabled();
    await expect(theirs.getByRole('button', { name: 'Complete Objectives & Scope' })).toBeDisabled();
    await theirs.context().close();

    // Act: the lead reopens it from the editor, giving the reason
    await signIn(page, lead.user);
    await page.goto(`/assay/editor?report=${reportId}&section=findings`);
    await expect(editorOf(page)).toContainText('Margins held');
    await expect(page.getByTestId('final-banner')).toContainText(final.bannerLead);
    await expect(editorOf(page)).not.toBeEditable();
    await page.getByTestId('final-banner').getByRole('button', { name: final.reopen }).click();
    const dialog = page.getByRole('dialog', { name: final.reopenTitle });
    await expect(dialog.getByRole('button', { name: final.reopenConfirm })).toBeDisabled();
    await dialog.getByLabel(final.reason).fill('The client sent corrected figures');
    expect(await axeViolations(page), 'reopen dialog').toEqual([]);
    await dialog.getByRole('button', { name: final.reopenConfirm }).click();

    // Assess: In Review, editable again, the reason in the audit log
    await expect(toast(page, final.reopened)).toBeVisible();
    await expect(page.getByTestId('final-banner')).toHaveCount(0);
    await expect(page.locator('header [data-status]')).toHaveText('In Review');
    await expect(editorOf(page)).toBeEditable();
    await expect(page.getByRole('button', { name: 'Save Draft' })).toBeEnabled();
    const audit = await lead.call<{ items: { action: string; detail: string }[] }>('GET', `/api/reports/${reportId}/audit`);
    expect(audit.items.find((e) => e.action === 'report.reopen')?.detail).toBe('reason: The client sent corrected figures; approvals taken back');
  });
});
