/**
 * Re-assessment and sector benchmarks in the browser: a consultant starts a re-assessment from the
 * dashboard card, lands on its comparison with the baseline and, once the new findings are in, sees the scores'
 * changes and a metric's movement; step 5 shows the report's scores against its sector's Final reports.
 */
import { randomUUID } from 'node:crypto';
import { reassess } from '@shared/messages/reassess';
import { apiSession, axeViolations, expect, saveFindingsStep, scoredDimension, seedFinalPeers, signIn, test, toast } from './fixtures';

const dimension = scoredDimension;

test.describe('re-assessment and benchmarks', () => {
  test('start a re-assessment from the dashboard, see the comparison, and see the sector benchmark in step 5', async ({ page }) => {
    // Prepare: 5 Final peers in a geography of our own, then the baseline (newest, so its card is on the dashboard)
    const s = await apiSession('reassess');
    const geography = await seedFinalPeers('Bavaria');
    const orgId = await s.createOrganization(`Alpen Retail ${randomUUID().slice(0, 6)}`, { sector: 'retail', geography });
    const saveFindings = (reportId: string, findings: unknown) => saveFindingsStep(s, reportId, findings);
    const title = `Alpen operating review ${randomUUID().slice(0, 6)}`;
    const baselineId = await s.createReport(orgId, title);
    await saveFindings(baselineId, {
      dimensions: [dimension('Operational Efficiency', 55)],
      findings: [
        { id: 'b1', statement: 'On-time delivery is low at 78% because of warehouse picking delays', dimension: 'Operational Efficiency', impact: 'high', metric: { name: 'On-time delivery', value: 78, unit: '%', period: 'FY2025' }, citations: [] },
      ],
    });
    await signIn(page, s.user);

    // Act: start the re-assessment from the baseline's card
    const card = page.getByTestId('report-card').filter({ hasText: title });
    await card.getByRole('button', { name: `${reassess.start}: ${title}` }).click();

    // Assess: the comparison of the new report with its baseline
    await expect(toast(page, reassess.started)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: reassess.comparison.title })).toBeVisible();
    await expect(page.getByText(`${title} → ${reassess.details.reassessTitle(title)}`)).toBeVisible();
    const resolved = page.getByRole('region', { name: reassess.comparison.resolved });
    await expect(resolved.getByText('On-time delivery is low at 78%')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // Act: the re-assessment's findings come in; the page is read again
    const newId = /\/reports\/([0-9a-f-]{36})\/comparison/.exec(page.url())![1]!;
    await saveFindings(newId, {
      dimensions: [dimension('Operational Efficiency', 63)],
      findings: [
        { id: 'a1', statement: 'Warehouse picking delays still hold on-time delivery back, now at 86%', dimension: 'Operational Efficiency', impact: 'medium', metric: { name: 'On-time delivery', value: 86, unit: '%', period: 'FY2026' }, citations: [] },
      ],
    });
    await page.reload();

    // Assess: the score's change, the persisting finding and the metric's movement
    const row = page.getByTestId('comparison-score').filter({ hasText: 'Operational Efficiency' });
    await expect(row).toContainText('55');
    await expect(row).toContainText('63');
    await expect(row).toContainText('+8');
    await expect(page.getByRole('region', { name: reassess.comparison.persisting }).getByText(/now at 86%/)).toBeVisible();
    await expect(page.getByTestId('comparison-metric')).toHaveText('On-time delivery: 78% → 86% (+8)');

    // Act: the baseline's step 5
    await page.goto(`/assay/wizards/findings?report=${baselineId}`);

    // Assess: its score against the 5 Final peers: quartiles, never single clients
    const bench = page.getByTestId('benchmark-panel');
    await expect(bench.getByText(reassess.benchmark.scope('retail', geography, 5))).toBeVisible();
    const benchRow = bench.getByTestId('benchmark-row').filter({ hasText: 'Operational Efficiency' });
    await expect(benchRow.getByRole('cell')).toHaveText(['55', '60', '70', '80']);
    expect(await axeViolations(page)).toEqual([]);
  });
});
