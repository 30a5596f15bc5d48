import { randomUUID } from 'node:crypto';
import { ask as askTexts } from '@shared/messages/ask';
import { acceptNextConfirm, apiSession, axeViolations, expect, signIn, test, toast } from './fixtures';

const NOTES = 'Revenue grew 12% to 480 million in fiscal 2025 while EBITDA margin improved to 18%. Customer churn rose to 9% in the SME segment after the price increase.';

test.describe('client evidence library', () => {
  test('opens the client library, takes an item into a report, is offered the existing item on a duplicate upload, and deletes an item that reports use', async ({ page }) => {
    // Prepare: a client with last year's report (one interview) and this year's report (no evidence yet)
    const api = await apiSession('lib');
    const orgId = await api.createOrganization(`Library Org ${randomUUID().slice(0, 6)}`);
    const lastYear = await api.createReport(orgId, 'Assessment 2025');
    const thisYear = await api.createReport(orgId, 'Assessment 2026');
    await api.call('POST', `/api/reports/${lastYear}/evidence/interview`, { title: 'CFO interview', content: NOTES });
    await api.call('POST', `/api/reports/${lastYear}/evidence/interview`, { title: 'COO interview', content: 'The COO said the Leeds warehouse ran at 96% of capacity for most of the year.' });
    await signIn(page, api.user);
    await page.goto(`/assay/evidence?report=${thisYear}`);
    await expect(page.getByText('No evidence yet', { exact: false })).toBeVisible();

    // Act: open the client's library from this year's report
    await page.getByRole('group', { name: 'Scope' }).getByRole('button', { name: 'Client library' }).click();
    // Assess: both of the client's items, and which report uses each
    await expect(page.getByRole('heading', { name: 'Client evidence library' })).toBeVisible();
    const items = page.getByTestId('library-item');
    await expect(items).toHaveCount(2);
    const cfo = items.filter({ hasText: 'CFO interview' });
    await expect(cfo.getByRole('list', { name: 'Used by CFO interview' })).toHaveText('Assessment 2025');
    expect(await axeViolations(page), 'library view').toEqual([]);
    // the library can be asked: its Ask panel asks the client's library, and quotes an item this report does not use
    const panel = page.getByTestId('ask-panel');
    await expect(panel.getByRole('radio', { name: askTexts.scopeClient })).toBeChecked();
    await panel.getByLabel(askTexts.label).fill('At what share of its capacity did the Leeds warehouse run?');
    await panel.getByRole('button', { name: askTexts.submit, exact: true }).click();
    await expect(panel.getByTestId('ask-sentence')).toContainText('According to COO interview, “The COO said the Leeds warehouse ran at 96% of capacity for most of the year.”');
    await expect(panel.getByTestId('ask-takes')).toHaveText(askTexts.takesItems(1));
    // the filters: by report, then cleared
    await page.getByLabel('Type').selectOption('file');
    await expect(page.getByText('No evidence matches these filters.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(items).toHaveCount(2);

    // Act: take the CFO interview into this year's report
    await cfo.getByRole('button', { name: 'Take into “Assessment 2026”: CFO interview' }).click();
    // Assess: it is in this report now, used by both reports
    await expect(toast(page, '1 item taken from the library')).toBeVisible();
    await expect(cfo.getByText('In this report')).toBeVisible();
    await expect(cfo.getByRole('list', { name: 'Used by CFO interview' }).getByRole('listitem')).toHaveText(['Assessment 2025', 'Assessment 2026']);
    await page.getByRole('group', { name: 'Scope' }).getByRole('button', { name: 'Report', exact: true }).click();
    await expect(page.getByTestId('evidence-card')).toHaveCount(1);
    await expect(page.getByTestId('evidence-card')).toContainText('CFO interview');

    // Act: upload the COO's notes again as a file
    await page.getByLabel('Choose files').setInputFiles([{ name: 'coo-notes.txt', mimeType: 'text/plain', buffer: Buffer.from('The COO said the Leeds warehouse ran at 96% of capacity for most of the year.') }]);
    // Assess: the offer to use the library's item instead; taking it replaces the copy
    const offer = page.getByTestId('duplicate-offer');
    // (a file against interview notes: not the same bytes, the same text)
    await expect(offer).toContainText('This is nearly the same text (100% alike) as “COO interview” in the client\'s library.');
    await expect(page.getByTestId('evidence-card')).toHaveCount(2);
    await offer.getByRole('button', { name: 'Use the existing item instead' }).click();
    await expect(toast(page, 'Using “COO interview” from the library instead')).toBeVisible();
    await expect(offer).toHaveCount(0);
    await expect(page.getByTestId('evidence-card')).toHaveCount(2);
    await expect(page.getByTestId('evidence-card').filter({ hasText: 'COO interview' })).toHaveCount(1);
    await expect(page.getByTestId('evidence-card').filter({ hasText: 'coo-notes.txt' })).toHaveCount(0);

    // Act: delete the CFO interview from the library, which both reports use
    await page.getByRole('group', { name: 'Scope' }).getByRole('button', { name: 'Client library' }).click();
    const confirmText = acceptNextConfirm(page);
    await cfo.getByRole('button', { name: 'Delete from library: CFO interview' }).click();
    // Assess: the confirmation named both reports; the item is gone from the library
    expect(await confirmText).toContain('Assessment 2025');
    expect(await confirmText).toContain('Assessment 2026');
    await expect(toast(page, 'Deleted from the library')).toBeVisible();
    await expect(items).toHaveCount(1);
    await expect(items).toContainText('COO interview');
  });
});
