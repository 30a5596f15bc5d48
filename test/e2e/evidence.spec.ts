import { randomUUID } from 'node:crypto';
import { docxBytes, pdfBytes } from '../helpers/evidence-fixtures';
import { acceptNextConfirm, apiSession, expect, signIn, stack, test, toast } from './fixtures';

const FINANCE = [
  'Revenue grew 12% to 480 million in fiscal 2025 while EBITDA margin improved to 18%.',
  'Operating cash flow covered capital expenditure twice over, and net debt fell to 1.1 times EBITDA.',
  'Customer churn rose to 9% in the SME segment after the price increase.',
];

test.describe('evidence page', () => {
  test('uploads two files with progress, says what the AI found, then filters and searches', async ({ page }) => {
    // Prepare
    const api = await apiSession('evid');
    const orgId = await api.createOrganization(`Evidence Org ${randomUUID().slice(0, 6)}`);
    const reportId = await api.createReport(orgId, 'Evidence review');
    await api.call('POST', `/api/reports/${reportId}/evidence/interview`, { title: 'CFO interview', content: 'The CFO expects the cost programme to save 40 million a year from logistics.', tags: 'finance' });
    await signIn(page, api.user);
    await page.goto(`/assay/evidence?report=${reportId}`);
    await expect(page.getByRole('heading', { name: 'Evidence Library' })).toBeVisible();
    await expect(page.getByTestId('evidence-card')).toHaveCount(1);
    // Act: one small file (through the API) and one over 4 MB (straight to S3)
    const bigText = `${FINANCE.join(' ')}\n`.repeat(20_000); // ~4.6 MB
    await page.getByLabel('Choose files').setInputFiles([
      { name: 'annual-report.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await pdfBytes([FINANCE])) },
      { name: 'board-minutes.txt', mimeType: 'text/plain', buffer: Buffer.from(bigText) },
    ]);
    // Assess: a progress bar per file, the spec's toasts, two more cards
    await expect(page.getByTestId('upload-row')).toHaveCount(2);
    await expect(page.getByRole('progressbar', { name: /annual-report\.pdf/ })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: /board-minutes\.txt/ })).toBeVisible();
    await expect(toast(page, 'annual-report.pdf uploaded and analyzed successfully!')).toBeVisible();
    await expect(toast(page, /^AI found \d+ key insights$/).first()).toBeVisible();
    await expect(page.getByTestId('upload-row').filter({ hasText: 'board-minutes.txt' })).toHaveAttribute('data-phase', 'done', { timeout: 30_000 });
    await expect(page.getByTestId('upload-row').filter({ hasText: 'annual-report.pdf' })).toHaveAttribute('data-phase', 'done');
    await expect(page.getByRole('progressbar', { name: /board-minutes\.txt/ })).toHaveAttribute('aria-valuenow', '100');
    await expect(page.getByTestId('evidence-card')).toHaveCount(3);

    // relevance shown as a percentage, coloured by the spec's thresholds; file size in KB with one decimal
    const pdfCard = page.getByTestId('evidence-card').filter({ hasText: 'annual-report.pdf' });
    await expect(pdfCard.getByTitle('Relevance')).toHaveText(/^\d+%$/);
    await expect(pdfCard).toContainText(/\d+\.\d KB/);
    const interviewCard = page.getByTestId('evidence-card').filter({ hasText: 'CFO interview' });
    await expect(interviewCard.getByTitle('Relevance')).toHaveAttribute('data-tone', /green|yellow|red/);

    // type filters
    const filters = page.getByRole('group', { name: 'Type' });
    await filters.getByRole('button', { name: 'Interviews', exact: true }).click();
    await expect(page.getByTestId('evidence-card')).toHaveCount(1);
    await filters.getByRole('button', { name: 'Files', exact: true }).click();
    await expect(page.getByTestId('evidence-card')).toHaveCount(2);
    await filters.getByRole('button', { name: 'URLs', exact: true }).click();
    await expect(page.getByText('No evidence matches your search.')).toBeVisible();
    await filters.getByRole('button', { name: 'All Types', exact: true }).click();

    // search over extracted text
    await page.getByRole('searchbox', { name: 'Search evidence' }).fill('net debt fell');
    await expect(page.getByTestId('evidence-card')).toHaveCount(2);
    await expect(page.getByTestId('evidence-card').filter({ hasText: 'CFO interview' })).toHaveCount(0);
    await page.getByRole('searchbox', { name: 'Search evidence' }).fill('logistics');
    await expect(page.getByTestId('evidence-card')).toHaveCount(1);
    await expect(page.getByTestId('evidence-card')).toContainText('CFO interview');
  });

  test('opens an item to read its text with the insights highlighted, and deletes it', async ({ page }) => {
    const api = await apiSession('evid2');
    const orgId = await api.createOrganization(`Evidence Org ${randomUUID().slice(0, 6)}`);
    const reportId = await api.createReport(orgId, 'Reading review');
    const form = new FormData();
    form.set('report_id', reportId);
    form.set('file', new Blob([Buffer.from(await docxBytes(FINANCE))]), 'memo.docx');
    const uploaded = await fetch(`${stack().urls.gateway}/api/files/upload`, { method: 'POST', headers: { authorization: `Bearer ${api.token}` }, body: form });
    expect(uploaded.status).toBe(200);
    await signIn(page, api.user);
    await page.goto(`/assay/evidence?report=${reportId}`);
    const card = page.getByTestId('evidence-card').filter({ hasText: 'memo.docx' });
    await card.getByRole('button', { name: 'Open' }).click();
    const dialog = page.getByRole('dialog', { name: 'memo.docx' });
    await expect(dialog.getByTestId('evidence-text')).toContainText('net debt fell to 1.1 times EBITDA');
    await expect(dialog.getByTestId('evidence-text').locator('mark').first()).toBeVisible();
    await page.keyboard.press('Escape');
    const confirmText = acceptNextConfirm(page);
    await card.getByRole('button', { name: 'Delete memo.docx' }).click();
    expect(await confirmText).toBe('Are you sure you want to delete "memo.docx"? This action cannot be undone.');
    await expect(toast(page, 'Evidence deleted')).toBeVisible();
    await expect(page.getByTestId('evidence-card')).toHaveCount(0);
  });

  test('adds URL and interview evidence with the spec\'s validation', async ({ page }) => {
    const api = await apiSession('evid3');
    const orgId = await api.createOrganization(`Evidence Org ${randomUUID().slice(0, 6)}`);
    const reportId = await api.createReport(orgId, 'Forms review');
    await signIn(page, api.user);
    await page.goto(`/assay/evidence?report=${reportId}`);
    await page.getByRole('tab', { name: 'Add URL' }).click();
    await page.getByRole('form', { name: 'Add URL' }).getByRole('button', { name: 'Add URL' }).click();
    await expect(toast(page, 'Please provide URL and title')).toBeVisible();
    await page.getByRole('textbox', { name: 'URL' }).fill('http://169.254.169.254/latest/meta-data/');
    await page.getByRole('form', { name: 'Add URL' }).getByLabel('Title').fill('Metadata');
    await page.getByRole('form', { name: 'Add URL' }).getByRole('button', { name: 'Add URL' }).click();
    await expect(toast(page, 'Failed to add evidence')).toBeVisible();
    await expect(page.getByText(/not allowed/).first()).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'URL' })).toHaveValue('http://169.254.169.254/latest/meta-data/');

    await page.getByRole('tab', { name: 'Add Interview' }).click();
    const interview = page.getByRole('form', { name: 'Add Interview' });
    await interview.getByRole('button', { name: 'Add Interview' }).click();
    await expect(toast(page, 'Please provide title and content')).toBeVisible();
    await interview.getByLabel('Title').fill('Plant manager');
    await interview.getByLabel('Notes').fill('Line utilisation is 71% and scrap fell by a third after the new maintenance schedule.');
    await interview.getByLabel('Tags (comma-separated)').fill('operations, plant');
    await interview.getByRole('button', { name: 'Add Interview' }).click();
    await expect(toast(page, 'Plant manager added')).toBeVisible();
    const card = page.getByTestId('evidence-card').filter({ hasText: 'Plant manager' });
    await expect(card).toContainText('operations');
    await expect(card).toContainText('Analyzed');
  });

  test('searches a large library a share at a time: "Search further" goes on until the match is found', async ({ page }) => {
    // Prepare: 104 interviews, the word searched for only in the last one (a search reads 100 items per request)
    const api = await apiSession('evidlib');
    const orgId = await api.createOrganization(`Library Org ${randomUUID().slice(0, 6)}`);
    const reportId = await api.createReport(orgId, 'Library review');
    for (let i = 0; i < 103; i += 8) {
      await Promise.all(
        Array.from({ length: Math.min(8, 103 - i) }, (_, k) => api.call('POST', `/api/reports/${reportId}/evidence/interview`, { title: `Interview ${i + k}`, content: `Notes of interview ${i + k} about customers.` })),
      );
    }
    // added last, so it is read last
    await api.call('POST', `/api/reports/${reportId}/evidence/interview`, { title: 'Interview 103', content: 'The warehouse in Malmö runs at 96% of capacity.' });
    await signIn(page, api.user);
    await page.goto(`/assay/evidence?report=${reportId}`);
    // Act
    await page.getByRole('searchbox', { name: 'Search evidence' }).fill('Malmö');
    // Assess: nothing yet, and the page says the search can go on
    const status = page.getByRole('status').filter({ hasText: 'Not all of this report’s evidence has been searched yet.' });
    await expect(status).toBeVisible();
    await expect(page.getByTestId('evidence-card')).toHaveCount(0);
    await status.getByRole('button', { name: 'Search further' }).click();
    await expect(page.getByTestId('evidence-card')).toHaveCount(1);
    await expect(page.getByTestId('evidence-card')).toContainText('Interview 103');
    await expect(status).toBeHidden();
  });
});
