/**
 * The SPA's controls for the library, re-assessment and benchmark routes: the export's optional sections (the comparison with the baseline,
 * the sector benchmark), a lead's benchmark consent on the client's team panel, and the library page's client
 * picker. Each does what a user does and checks what they get (the DOCX's own text, a reload, the URL).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import JSZip from 'jszip';
import type { Browser, Page } from '@playwright/test';
import { collaboration } from '@shared/messages/collaboration';
import { libraryTexts } from '@shared/messages/library';
import { figureSourcesTexts } from '@shared/messages/ledger';
import { libraryUi } from '@shared/messages/library-ui';
import { reassess } from '@shared/messages/reassess';
import { apiSession, axeViolations, expect, saveFindingsStep, scoredDimension, seedFinalPeers, signIn, test, toast } from './fixtures';

const dimension = scoredDimension;
const teams = collaboration.teams;

/** Opens the Organizations list on the dashboard and the Team panel of `org`. */
async function openTeam(page: Page, org: string) {
  await page.getByTestId('stat-card').filter({ hasText: 'Organizations' }).click();
  await page.getByTestId('organization-item').filter({ hasText: org }).getByRole('button', { name: teams.button, exact: true }).click();
  const panel = page.getByRole('region', { name: teams.heading(org) });
  await expect(panel.getByTestId('team-member').first()).toBeVisible();
  return panel;
}

async function signedInPage(browser: Browser, user: { username: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, user);
  return { context, page };
}

test.describe('library and benchmark controls', () => {
  test('a re-assessment exports its comparison with the baseline when the box is ticked (kept over a reload), and not the benchmark left unticked', async ({ page }) => {
    test.slow(); // five Final peers prepared, two audits and a Word export
    // Prepare: 5 Final peers in a geography of our own (the benchmark is shown), a baseline and its re-assessment
    // with a written section
    const api = await apiSession('extras');
    const geography = await seedFinalPeers('Styria');
    const orgId = await api.createOrganization(`Graz Retail ${randomUUID().slice(0, 6)}`, { sector: 'retail', geography });
    const saveFindings = (reportId: string, findings: unknown) => saveFindingsStep(api, reportId, findings);
    const baselineTitle = `Graz operations ${randomUUID().slice(0, 6)}`;
    const baselineId = await api.createReport(orgId, baselineTitle);
    await saveFindings(baselineId, { dimensions: [dimension('Operational Efficiency', 55)], findings: [] });
    const re = await api.call<{ id: string }>('POST', `/api/reports/${baselineId}/reassess`, { idempotency_key: `k-${randomUUID()}` });
    await saveFindings(re.id, { dimensions: [dimension('Operational Efficiency', 63)], findings: [] });
    const section = await api.call<{ version: number }>('GET', `/api/reports/${re.id}/sections/findings`);
    await api.call('PUT', `/api/reports/${re.id}/sections/findings`, { content: 'Delivery improved over the year.', citations: [], version: section.version });
    await signIn(page, api.user);

    // Act: the re-assessment's Export page; tick the comparison, then reload
    await page.goto(`/assay/exports?report=${re.id}`);
    const extras = page.getByRole('group', { name: libraryUi.exportExtras.legend });
    const comparison = extras.getByRole('checkbox', { name: reassess.exports.includeComparison });
    const benchmark = extras.getByRole('checkbox', { name: reassess.exports.includeBenchmark });
    await expect(comparison).not.toBeChecked();
    await expect(benchmark).not.toBeChecked();
    await expect(benchmark).toHaveAccessibleDescription(libraryUi.exportExtras.benchmarkHint(5));
    await comparison.check();
    await page.reload();

    // Assess: the choice is kept for this report
    await expect(comparison).toBeChecked();
    await expect(benchmark).not.toBeChecked();
    expect(await axeViolations(page), 'export page with its extras').toEqual([]);

    // Act: export to Word
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Word' }).click();
    const file = await download;

    // Assess: the comparison is a section of the document (heading, both titles, the score change); the
    // benchmark is not; the export history names what was asked for
    const zip = await JSZip.loadAsync(readFileSync(await file.path()));
    const body = (await zip.file('word/document.xml')!.async('string')).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(body).toContain(reassess.exports.comparisonHeading);
    expect(body).toContain(baselineTitle);
    expect(body).toContain(reassess.details.reassessTitle(baselineTitle));
    expect(body).toContain('+8');
    expect(body).not.toContain(reassess.exports.benchmarkHeading);
    const jobs = await api.call<{ items: { extras?: string[] }[] }>('GET', `/api/reports/${re.id}/exports`);
    expect(jobs.items.map((j) => j.extras)).toEqual([['comparison']]);

    // Act + Assess: the baseline has no baseline of its own: no comparison box, only the benchmark's and the
    // sources of figures' (which every report offers)
    await page.goto(`/assay/exports?report=${baselineId}`);
    await expect(extras.getByRole('checkbox', { name: reassess.exports.includeBenchmark })).toBeVisible();
    await expect(extras.getByRole('checkbox', { name: figureSourcesTexts.include })).toBeVisible();
    await expect(extras.getByRole('checkbox')).toHaveCount(2);
  });

  test("a confidential client's lead lets it count in benchmarks (kept over a reload); a viewer sees the setting read-only", async ({ browser }) => {
    // Prepare: A's confidential client (A leads it), B on its team as a viewer
    const a = await apiSession('consent-lead');
    const b = await apiSession('consent-viewer');
    const org = `Aa Consent ${randomUUID().slice(0, 6)}`;
    const orgId = await a.createOrganization(org);
    await a.call('PUT', `/api/organizations/${orgId}/confidential`, { confidential: true });
    await a.call('POST', `/api/organizations/${orgId}/team`, { username: b.user.username, role: 'viewer' });
    const A = await signedInPage(browser, a.user);

    // Act: A turns the consent on
    let panel = await openTeam(A.page, org);
    let consent = panel.getByRole('switch', { name: reassess.benchmark.consentLabel });
    await expect(consent).not.toBeChecked();
    await expect(consent).toBeEnabled();
    await consent.click();

    // Assess: saved (a toast, the server's state), and still on after a reload
    await expect(toast(A.page, libraryUi.consent.saved(true))).toBeVisible();
    await expect(consent).toBeChecked();
    expect((await a.call<{ benchmark_consent?: boolean }>('GET', `/api/organizations/${orgId}/team`)).benchmark_consent).toBe(true);
    expect(await axeViolations(A.page), 'team panel with the consent switch').toEqual([]);
    await A.page.reload();
    panel = await openTeam(A.page, org);
    consent = panel.getByRole('switch', { name: reassess.benchmark.consentLabel });
    await expect(consent).toBeChecked();

    // Act + Assess: B sees it on, cannot change it, and is told who decides
    const B = await signedInPage(browser, b.user);
    const bPanel = await openTeam(B.page, org);
    const bConsent = bPanel.getByRole('switch', { name: reassess.benchmark.consentLabel });
    await expect(bConsent).toBeChecked();
    await expect(bConsent).toBeDisabled();
    await expect(bPanel.getByTestId('benchmark-consent')).toContainText(libraryUi.consent.readOnly(true));
    expect(await axeViolations(B.page), 'read-only team panel').toEqual([]);
    await A.context.close();
    await B.context.close();
  });

  test('the library page picks its client from a list; the URL keeps it over a reload', async ({ page }) => {
    // Prepare: two clients, each with one interview in a report
    const api = await apiSession('picker');
    const suffix = randomUUID().slice(0, 6);
    const north = `Aa North ${suffix}`;
    const south = `Aa South ${suffix}`;
    const northId = await api.createOrganization(north);
    const southId = await api.createOrganization(south);
    const northReport = await api.createReport(northId, 'North review');
    const southReport = await api.createReport(southId, 'South review');
    await api.call('POST', `/api/reports/${northReport}/evidence/interview`, { title: 'North CFO interview', content: 'Revenue grew 12% in fiscal 2025.' });
    await api.call('POST', `/api/reports/${southReport}/evidence/interview`, { title: 'South COO interview', content: 'The warehouse ran at 96% of capacity.' });
    await signIn(page, api.user);

    // Act: the Evidence page without a report; the client library scope
    await page.goto('/assay/evidence');
    await page.getByRole('group', { name: libraryTexts.scopeLabel }).getByRole('button', { name: libraryTexts.scopeClient }).click();
    // Assess: asked to choose a client
    await expect(page.getByText(libraryTexts.chooseClient)).toBeVisible();
    const picker = page.getByRole('combobox', { name: libraryTexts.clientLabel });
    await expect(picker.getByRole('option', { name: north })).toBeAttached();
    expect(await axeViolations(page), 'library page without a client').toEqual([]);

    // Act: choose the northern client
    await picker.selectOption({ label: north });
    // Assess: its library, and the URL names it
    await expect(page).toHaveURL(new RegExp(`scope=client.*client=${northId}|client=${northId}.*scope=client`));
    const items = page.getByTestId('library-item');
    await expect(items).toHaveCount(1);
    await expect(items).toContainText('North CFO interview');

    // Act + Assess: a reload keeps the client
    await page.reload();
    await expect(picker).toHaveValue(northId);
    await expect(items).toHaveCount(1);
    await expect(items).toContainText('North CFO interview');
    expect(await axeViolations(page), 'library page with a client').toEqual([]);

    // Act + Assess: switching to the other client shows its library
    await picker.selectOption({ label: south });
    await expect(page).toHaveURL(new RegExp(`client=${southId}`));
    await expect(items).toHaveCount(1);
    await expect(items).toContainText('South COO interview');
  });
});
