import { randomUUID } from 'node:crypto';
import { DATA_ROOM_FIXTURES, managementAccountsV2 } from '../helpers/data-room-fixtures';
import { apiSession, expect, signIn, stack, test, toast } from './fixtures';

/** Uploads a file to a report through the API (multipart, as the upload panel sends it). */
async function uploadFile(token: string, reportId: string, name: string, bytes: Uint8Array): Promise<string> {
  const form = new FormData();
  form.set('report_id', reportId);
  form.set('file', new Blob([Buffer.from(bytes)]), name);
  const res = await fetch(`${stack().urls.gateway}/api/files/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  expect(res.status).toBe(200);
  return ((await res.json()) as { file_id: string }).file_id;
}

/** A CSV of 120 days of sales: more rows than the Data tab shows a page. */
const dailyCsv = () =>
  new TextEncoder().encode(
    ['Date,Orders,Revenue', ...Array.from({ length: 120 }, (_, i) => `${new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10)},${100 + i},${(1000 + i * 7.5).toFixed(2)}`)].join('\n'),
  );

test.describe('the evidence view’s Data tab', () => {
  test('shows a workbook’s table, highlights the cells a KPI used, and pages a long CSV', async ({ page }) => {
    // Prepare
    const api = await apiSession('dataroom');
    const orgId = await api.createOrganization(`Harbour & Pine ${randomUUID().slice(0, 6)}`);
    const reportId = await api.createReport(orgId, 'Data room review');
    const accounts = DATA_ROOM_FIXTURES.find((f) => f.file === 'FY2024 management accounts.xlsx')!;
    await uploadFile(api.token, reportId, accounts.file, await accounts.build());
    await uploadFile(api.token, reportId, 'daily-sales.csv', dailyCsv());
    await signIn(page, api.user);
    await page.goto(`/assay/evidence?report=${reportId}`);
    // Act: open the workbook, its Data tab
    await page.getByTestId('evidence-card').filter({ hasText: accounts.file }).getByRole('button', { name: 'Open' }).click();
    const dialog = page.getByRole('dialog', { name: accounts.file });
    await dialog.getByRole('tab', { name: 'Data' }).click();
    // Assess: the P&L as the sheet shows it
    const table = dialog.getByTestId('data-table');
    await expect(table.getByRole('columnheader', { name: 'FY2024' })).toBeVisible();
    await expect(table.locator('[data-address="P&L!E6"]')).toHaveText('182.4');
    await expect(table.locator('[data-address="P&L!E9"]')).toHaveText('35.1%');
    await expect(table.locator('tr[data-kind="section"]')).toContainText('Operating expenses');
    // Act: a KPI's cells
    await dialog.getByRole('button', { name: 'Show cells: EBITDA margin FY2024 = P&L!E18 / P&L!E6 = 6.14%' }).click();
    // Assess: exactly its two cells highlighted, and the statement said
    await expect(dialog.getByTestId('kpi-highlight')).toContainText('Cells of: EBITDA margin FY2024 = P&L!E18 / P&L!E6 = 6.14%');
    await expect(table.locator('[data-highlight="true"]')).toHaveCount(2);
    await expect(table.locator('[data-address="P&L!E18"]')).toHaveAttribute('data-highlight', 'true');
    await expect(table.locator('[data-address="P&L!E6"]')).toHaveAttribute('data-highlight', 'true');
    // a KPI of another table opens that table
    await dialog.getByRole('button', { name: /^Show cells: Inventory days FY2024 = Stock!E4/ }).click();
    await expect(table.locator('[data-address="Stock!E4"]')).toHaveAttribute('data-highlight', 'true');
    await page.keyboard.press('Escape');

    // a long CSV: a page at a time
    await page.getByTestId('evidence-card').filter({ hasText: 'daily-sales.csv' }).getByRole('button', { name: 'Open' }).click();
    const csv = page.getByRole('dialog', { name: 'daily-sales.csv' });
    await csv.getByRole('tab', { name: 'Data' }).click();
    await expect(csv.getByText('Rows 1–50 of 120')).toBeVisible();
    await expect(csv.getByTestId('data-table').locator('tbody tr')).toHaveCount(50);
    await csv.getByRole('button', { name: 'Next rows' }).click();
    await expect(csv.getByText('Rows 51–100 of 120')).toBeVisible();
    await expect(csv.getByTestId('data-table').locator('[data-address="Sheet1!B52"]')).toHaveText('150');
  });
});

test.describe('a chart bound to a workbook’s table', () => {
  test('is built from the report’s tables with the type that fits, and redraws after a new version of the workbook is uploaded', async ({ page }) => {
    // Prepare
    const api = await apiSession('tablechart');
    const orgId = await api.createOrganization(`Harbour & Pine ${randomUUID().slice(0, 6)}`);
    const reportId = await api.createReport(orgId, 'Bound charts');
    const accounts = DATA_ROOM_FIXTURES.find((f) => f.file === 'FY2024 management accounts.xlsx')!;
    await uploadFile(api.token, reportId, accounts.file, await accounts.build());
    await signIn(page, api.user);
    await page.goto(`/assay/visuals?report=${reportId}`);

    // Act: a bar chart of a range of the P&L, chosen by the rows' and columns' labels, from the keyboard's controls
    await page.getByRole('button', { name: 'Create Bar Chart' }).click();
    const builder = page.getByRole('dialog');
    await builder.getByLabel('Data', { exact: true }).selectOption('data-table');
    await builder.getByLabel('Workbook').selectOption({ label: accounts.file });
    await builder.getByLabel('Table', { exact: true }).selectOption('t1');
    await builder.getByRole('checkbox', { name: 'Revenue (row 6)' }).check();
    await builder.getByRole('checkbox', { name: 'Operating expenses › Staff costs (row 12)' }).check();
    for (const [year, letter] of [['FY2022', 'C'], ['FY2023', 'D'], ['FY2024', 'E']]) await builder.getByRole('checkbox', { name: `${year} (column ${letter})` }).check();
    // Assess: a time series across: a line is suggested, and taken
    const suggestion = builder.getByTestId('chart-suggestion');
    await expect(suggestion).toContainText('Suggested: Line Chart, the columns are periods (a time series).');
    await suggestion.getByRole('button', { name: 'Use Line Chart' }).click();
    await expect(builder.getByLabel('Chart types')).toHaveValue('line');
    await expect(suggestion).toBeHidden();
    await builder.getByLabel('Title').fill('Revenue and staff costs');
    const preview = builder.getByTestId('builder-preview').getByTestId('visual-chart');
    await expect.poll(() => preview.getByTestId('visual-data-table').locator('tbody tr').allTextContents()).toEqual(['FY2022164.827.9', 'FY202317530.2', 'FY2024182.431.5']);
    await builder.getByRole('button', { name: 'Save Visual' }).click();
    await expect(toast(page, 'Visual created')).toBeVisible();
    const card = page.getByTestId('visual-card').filter({ hasText: 'Revenue and staff costs' });
    await expect(card.getByTestId('visual-chart').locator('svg')).toContainText('Source: FY2024 management accounts.xlsx, P&L!C6:E12');
    await expect(card.getByTestId('visual-range-note')).toHaveCount(0);

    // Act: a new version of the workbook, under the same name (the staff costs move up a row)
    await uploadFile(api.token, reportId, accounts.file, await managementAccountsV2());
    await page.reload();
    // Assess: the chart follows the new version, redrawn from its cells, and says what moved
    await expect(card.getByTestId('visual-range-note')).toHaveText('Staff costs moved from row 12 to row 11');
    await expect(card.getByTestId('visual-chart').locator('svg')).toContainText('Source: FY2024 management accounts.xlsx, P&L!C6:E11');
    await expect(card.getByTestId('visual-chart').locator('svg')).toContainText('Staff costs moved from row 12 to row 11');
  });
});
