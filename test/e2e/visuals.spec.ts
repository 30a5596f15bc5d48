import type { Locator } from '@playwright/test';
import { apiSession, axeViolations, expect, signIn, test, toast } from './fixtures';

const BRAND = '#0b5394';

/** A report whose Findings have dimension scores and whose Roadmap has actions (as the wizard saves them). */
async function reportWithData() {
  const api = await apiSession('visuals');
  const org = await api.createOrganization(`Visuals Org ${Date.now()}`, { sector: 'retail' });
  const reportId = await api.createReport(org, 'Visuals report');
  const wizard_data = {
    findings: {
      dimensions: [
        { dimension: 'Financial Performance', score: 72 },
        { dimension: 'Operational Efficiency', score: 55 },
        { dimension: 'Market & Customers', score: 48 },
      ],
      findings: [{ id: 'f-churn', statement: 'Customer churn rose to 9% in the SME segment.', dimension: 'Market & Customers', impact: 'high' }],
    },
    roadmap: {
      phases: [
        { id: 'phase-1', name: '0–3 months', start_month: 0, end_month: 3 },
        { id: 'phase-2', name: '3–6 months', start_month: 3, end_month: 6 },
      ],
      items: [
        { id: 'a-team', title: 'Form the retention team', phase_id: 'phase-1', start_month: 0, end_month: 2 },
        { id: 'a-offer', title: 'Design the loyalty offer', phase_id: 'phase-2', start_month: 3, end_month: 6 },
      ],
    },
    finalize: { brand: { primaryColor: BRAND } },
  };
  await api.call('POST', '/api/wizard-progress', { report_id: reportId, wizard_data, completed_steps: ['findings', 'roadmap'], current_step: 7, version: 0 });
  await api.call('POST', `/api/reports/${reportId}/compose`, {});
  return { api, reportId };
}

/** The rows of a chart's screen-reader table, as text. */
async function tableRows(chart: Locator): Promise<string[][]> {
  const table = chart.getByTestId('visual-data-table');
  return table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => Array.from(r.children).map((c) => (c.textContent ?? '').trim())));
}

test.describe('visuals', () => {
  test('creates a bar chart of the dimension scores and a gantt of the roadmap, inserts one into Findings and sees it in the editor preview', async ({ page }) => {
    // Prepare
    const { api, reportId } = await reportWithData();
    await signIn(page, api.user);
    await page.goto(`/assay/visuals?report=${reportId}`);
    await expect(page.getByRole('heading', { name: 'Visualizations', level: 1 })).toBeVisible();
    await expect(page.getByText('No visuals yet. Choose a chart type above to create one.')).toBeVisible();
    await expect(page.getByTestId('chart-type-tile')).toHaveCount(10);

    // Act: a bar chart of the dimension scores
    await page.getByRole('button', { name: 'Create Bar Chart' }).click();
    const builder = page.getByRole('dialog', { name: 'New Bar Chart' });
    await expect(builder.getByLabel('Data', { exact: true })).toHaveValue('dimension-scores');
    await builder.getByRole('button', { name: 'Save Visual' }).click();
    await expect(builder.getByText('Please give the visual a title')).toBeVisible();
    await builder.getByLabel('Title').fill('Dimension scores');
    await builder.getByLabel('Caption').fill('Scores by dimension, 0 to 100');
    const preview = builder.getByTestId('builder-preview').getByTestId('visual-chart');
    await expect(preview.getByRole('img', { name: 'Bar Chart: Dimension scores' })).toBeVisible();
    await expect.poll(() => tableRows(preview)).toEqual([['Financial Performance', '72'], ['Operational Efficiency', '55'], ['Market & Customers', '48']]);
    // the chart itself: one bar per dimension in the report's brand colour
    await expect(preview.locator(`svg path[fill="${BRAND}"]`)).toHaveCount(3);
    await builder.getByRole('button', { name: 'Save Visual' }).click();
    await expect(toast(page, 'Visual created')).toBeVisible();
    await expect(builder).toBeHidden();
    const barCard = page.getByTestId('visual-card').filter({ hasText: 'Dimension scores' });
    await expect(barCard.getByTestId('visual-status')).toHaveText('completed');
    await expect(barCard.getByTestId('visual-used-in')).toHaveText('Not used in the report yet');

    // a gantt of the roadmap
    await page.getByRole('button', { name: 'Create Gantt Chart' }).click();
    const gantt = page.getByRole('dialog', { name: 'New Gantt Chart' });
    await expect(gantt.getByLabel('Data', { exact: true })).toHaveValue('roadmap');
    await gantt.getByLabel('Title').fill('Roadmap');
    await gantt.getByLabel('Status').selectOption('draft');
    await expect.poll(() => tableRows(gantt.getByTestId('builder-preview').getByTestId('visual-chart'))).toEqual([
      ['Form the retention team', '0–3 months', '0', '2', ''],
      ['Design the loyalty offer', '3–6 months', '3', '6', ''],
    ]);
    await gantt.getByRole('button', { name: 'Save Visual' }).click();
    await expect(toast(page, 'Visual created').last()).toBeVisible(); // the first chart's toast may still be up
    await expect(page.getByTestId('visual-card').filter({ hasText: 'Roadmap' }).getByTestId('visual-status')).toHaveText('draft');

    // insert the bar chart into Findings & Analysis
    await barCard.getByRole('button', { name: 'Insert into section: Dimension scores' }).click();
    const insert = page.getByRole('dialog', { name: 'Insert into section' });
    await insert.getByLabel('Section').selectOption({ label: 'Findings & Analysis' });
    await insert.getByRole('button', { name: 'Insert' }).click();
    await expect(toast(page, 'Visual inserted into Findings & Analysis')).toBeVisible();
    await expect(barCard.getByTestId('visual-used-in')).toHaveText('Used in: Findings & Analysis');
    const onPage = await tableRows(barCard.getByTestId('visual-chart'));

    // Assess: the editor's preview draws it, with the same values for screen readers
    await page.getByRole('link', { name: 'Open in the editor' }).click();
    await page.getByTestId('section-link').filter({ hasText: 'Findings & Analysis' }).click();
    const embedded = page.getByTestId('preview').getByTestId('embedded-visual');
    await expect(embedded.getByRole('img', { name: 'Bar Chart: Dimension scores' })).toBeVisible();
    await expect(embedded.locator(`svg path[fill="${BRAND}"]`)).toHaveCount(3);
    await expect(embedded.locator('figcaption')).toHaveText('Scores by dimension, 0 to 100');
    expect(await tableRows(embedded)).toEqual(onPage);
    expect(onPage).toEqual([['Financial Performance', '72'], ['Operational Efficiency', '55'], ['Market & Customers', '48']]);
  });

  test('builds a waterfall by typing and pasting in the datasheet: cells checked one by one, arrows and undo work, the builder passes axe, the chart renders', async ({ page }) => {
    // Prepare
    const { api, reportId } = await reportWithData();
    await signIn(page, api.user);
    await page.goto(`/assay/visuals?report=${reportId}`);

    // Act: a waterfall of a typed datasheet
    await page.getByRole('button', { name: 'Create Waterfall' }).click();
    const builder = page.getByRole('dialog', { name: 'New Waterfall' });
    await builder.getByLabel('Data', { exact: true }).selectOption('table');
    await builder.getByLabel('Title').fill('Margin bridge');
    const sheet = builder.getByTestId('datasheet');
    const cell = (name: string) => sheet.getByRole('textbox', { name, exact: true });
    await cell('Column 1 heading').fill('Step');
    await page.keyboard.press('Tab');
    await expect(cell('Column 2 heading')).toBeFocused();
    await page.keyboard.type('Margin (%)');
    await page.keyboard.press('Tab');
    await expect(cell('Row 1 label')).toBeFocused();
    await page.keyboard.type('FY2023');
    await page.keyboard.press('Tab');
    await page.keyboard.type('41');
    await sheet.getByRole('button', { name: 'Add row' }).click();
    await expect(cell('Row 2 label')).toBeFocused();
    await page.keyboard.type('Price');
    await page.keyboard.press('Tab');
    await page.keyboard.type('abc');

    // text in a number cell is marked and named, and saving is held back
    const bad = cell('Row 2, Margin (%)');
    await expect(bad).toHaveAttribute('aria-invalid', 'true');
    await expect(builder.getByTestId('datasheet-problems')).toContainText('Row 2, Margin (%): "abc" is not a number (or e for a total)');
    await builder.getByRole('button', { name: 'Save Visual' }).click();
    await expect(builder.getByRole('alert')).toHaveText('Some cells of the datasheet are not numbers: fix the marked cells, then save.');
    await expect(bad).toBeFocused();
    await bad.fill('1.5');
    await expect(builder.getByTestId('datasheet-problems')).toBeHidden();
    // arrows move between cells; Enter moves down as in a spreadsheet
    await page.keyboard.press('ArrowUp');
    await expect(cell('Row 1, Margin (%)')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(bad).toBeFocused();

    // paste rows copied from a spreadsheet onto the second label: the sheet grows
    await cell('Row 2 label').focus();
    await cell('Row 2 label').evaluate((el) => {
      const data = new DataTransfer();
      data.setData('text/plain', 'Price\t1.5\r\nFreight\t-6\r\nFY2024\te\r\n');
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await expect(builder.getByTestId('datasheet-notice')).toHaveText('Pasted 3 rows × 2 columns.');
    await expect(builder.getByTestId('datasheet-size')).toContainText('4 rows × 2 columns');

    // Assess: the preview draws the bridge, its end the sum of the steps
    const preview = builder.getByTestId('builder-preview').getByTestId('visual-chart');
    await expect(preview.getByRole('img', { name: 'Waterfall: Margin bridge' })).toBeVisible();
    const bridge = [
      ['FY2023', '41'],
      ['Price', '+1.5'],
      ['Freight', '-6'],
      ['FY2024', '36.5'],
    ];
    await expect.poll(() => tableRows(preview)).toEqual(bridge);
    // undo takes the paste back, redo brings it again
    await page.keyboard.press('Control+z');
    await expect(builder.getByTestId('datasheet-size')).toContainText('2 rows × 2 columns');
    await page.keyboard.press('Control+y');
    await expect.poll(() => tableRows(preview)).toEqual(bridge);
    expect(await axeViolations(page), 'the chart builder with its datasheet').toEqual([]);

    await builder.getByRole('button', { name: 'Save Visual' }).click();
    await expect(toast(page, 'Visual created')).toBeVisible();
    await expect(builder).toBeHidden();
    const card = page.getByTestId('visual-card').filter({ hasText: 'Margin bridge' });
    await expect(card.getByRole('img', { name: 'Waterfall: Margin bridge' })).toBeVisible();
    expect(await tableRows(card.getByTestId('visual-chart'))).toEqual(bridge);
    const saved = await api.call<{ items: { title: string; type: string; binding: unknown }[] }>('GET', `/api/reports/${reportId}/visuals`);
    expect(saved.items.find((v) => v.title === 'Margin bridge')).toMatchObject({
      type: 'waterfall',
      binding: { source: 'table', columns: ['Step', 'Margin (%)'], rows: [['FY2023', '41'], ['Price', '1.5'], ['Freight', '-6'], ['FY2024', 'e']] },
    });
  });

  test('warns before deleting a visual a section uses; an embed of a deleted visual is a labelled box in the editor', async ({ page }) => {
    // Prepare
    const { api, reportId } = await reportWithData();
    const visual = await api.call<{ id: string }>('POST', `/api/reports/${reportId}/visuals`, { type: 'gantt', title: 'Roadmap', binding: { source: 'roadmap' } });
    const section = await api.call<{ content: string; version: number }>('GET', `/api/reports/${reportId}/sections/roadmap`);
    await api.call('PUT', `/api/reports/${reportId}/sections/roadmap`, { content: `${section.content}\n\n![The plan](visual:${visual.id})\n`, version: section.version });
    await signIn(page, api.user);
    await page.goto(`/assay/visuals?report=${reportId}`);
    const card = page.getByTestId('visual-card').filter({ hasText: 'Roadmap' });
    await expect(card.getByTestId('visual-used-in')).toHaveText('Used in: Implementation Roadmap');

    // Act: duplicate, then delete the original after the warning
    await card.getByRole('button', { name: 'Duplicate Roadmap' }).click();
    await expect(toast(page, 'Visual duplicated')).toBeVisible();
    await expect(page.getByTestId('visual-card').filter({ hasText: 'Roadmap (copy)' })).toBeVisible();
    const asked = new Promise<string>((resolve) => page.once('dialog', (d) => (resolve(d.message()), void d.accept())));
    await card.getByRole('button', { name: 'Delete Roadmap', exact: true }).click();
    expect(await asked).toBe('"Roadmap" is used in 1 section:\n• Implementation Roadmap\n\nIf you delete it, those places will show a missing visual. Delete anyway?');
    await expect(toast(page, 'Visual deleted')).toBeVisible();
    await expect(page.getByTestId('visual-card')).toHaveCount(1);

    // Assess
    await page.goto(`/assay/editor?report=${reportId}`);
    await page.getByTestId('section-link').filter({ hasText: 'Implementation Roadmap' }).click();
    await expect(page.getByTestId('preview').getByTestId('visual-missing')).toHaveText(`Visual not found (${visual.id}): it may have been deleted. (The plan)`);
  });
});
