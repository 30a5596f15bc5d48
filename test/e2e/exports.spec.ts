import { readFileSync } from 'node:fs';
import JSZip from 'jszip';
import type { Page } from '@playwright/test';
import { messages } from '@shared/messages';
import { logoPng } from '../helpers/export-fixtures';
import { http } from '../helpers/http';
import { reportToFinalize } from '../helpers/report-setup';
import { apiSession, expect, signIn, stack, test, toast } from './fixtures';

const REQUIRED = ['Executive Summary', 'Introduction', 'Findings & Analysis', 'Recommendations', 'Conclusion'];
const OPTIONAL = ['Business Context', 'SWOT Analysis', 'Implementation Roadmap', 'Appendices'];

const sectionBox = (page: Page, title: string) => page.getByTestId('section-checklist').getByRole('checkbox', { name: new RegExp(`^${title.replace(/[&]/g, '\\$&')}`) });

test.describe('finalize & brand, then export', () => {
  test('brands the report with a colour and a logo, then exports a PDF with progress and a download, and all formats as a zip', async ({ page }) => {
    // a composed report and two exports (a PDF, then all three formats drawn by the export worker): long work, each with its own progress
    test.setTimeout(120_000);
    // Prepare: a composed report (evidence, drafted steps with citations, visuals), steps 1–9 completed
    const api = await apiSession('exports');
    const report = await reportToFinalize(stack().urls.gateway, api.token);
    await signIn(page, api.user);

    // Act 1: Finalize & Brand
    await page.goto(`/assay/wizards/finalize?report=${report.reportId}`);
    await expect(page.getByText('Step 10 of 10')).toBeVisible();
    await expect(page.getByText('9 of 10 steps completed')).toBeVisible();
    const primary = page.getByTestId('primary-colour');
    await primary.fill('#f5d76e');
    await expect(page.getByTestId('contrast-warning')).toContainText('below the 4.5:1 WCAG AA asks for');
    await primary.fill('#7a1f3d');
    await expect(page.getByTestId('contrast-warning')).toBeHidden();
    await expect(page.getByTestId('contrast-ok')).toContainText('meets WCAG AA');
    await page.locator('#logo-file').setInputFiles({ name: 'nordlicht.png', mimeType: 'image/png', buffer: Buffer.from(await logoPng()) });
    await expect(toast(page, 'Logo uploaded')).toBeVisible();
    await expect(page.getByTestId('logo-preview')).toBeVisible();
    // the image really loads (from the bucket, through the page's own CSP)
    await expect(page.getByTestId('logo-preview')).toHaveJSProperty('naturalWidth', 120);
    await page.getByLabel('Subtitle').fill('Board pack, November');
    await expect(page.getByTestId('cover-preview')).toContainText('Board pack, November');
    await expect(page.getByTestId('consistency-panel')).toBeVisible();
    await page.getByRole('button', { name: 'Complete Finalize & Brand' }).click();
    await expect(toast(page, 'Step completed successfully').first()).toBeVisible();
    await expect(page.getByText('10 of 10 steps completed')).toBeVisible();
    // the organization keeps the brand for its next report
    await expect.poll(async () => (await api.call<{ brand_settings: { primaryColor?: string } }>('GET', `/api/organizations/${report.organizationId}`)).brand_settings.primaryColor).toBe('#7a1f3d');

    // Act 2: the export page, from the step's link
    await page.getByRole('link', { name: 'Open Export Page' }).click();
    await expect(page).toHaveURL(new RegExp(`/assay/exports\\?report=${report.reportId}$`));
    await expect(page.getByRole('heading', { name: 'Export Reports' })).toBeVisible();
    for (const title of REQUIRED) {
      await expect(sectionBox(page, title)).toBeChecked();
      await expect(sectionBox(page, title)).toBeDisabled();
    }
    for (const title of OPTIONAL) await expect(sectionBox(page, title)).not.toBeChecked();
    await sectionBox(page, 'SWOT Analysis').check();
    await sectionBox(page, 'Business Context').check();
    for (const title of OPTIONAL) await sectionBox(page, title).uncheck();
    for (const title of OPTIONAL) await expect(sectionBox(page, title)).not.toBeChecked();

    // Act 3: PDF, with a progress bar, then the download
    const pdfDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export PDF' }).click();
    await expect(page.getByTestId('export-progress').getByRole('progressbar', { name: 'Export progress' })).toBeVisible();
    const pdf = await pdfDownload;
    expect(pdf.suggestedFilename()).toMatch(new RegExp(`^${report.title} \\d{4}-\\d{2}-\\d{2}\\.pdf$`));
    expect(readFileSync((await pdf.path())).subarray(0, 5).toString()).toBe('%PDF-');
    await expect(page.getByTestId('export-done')).toContainText(`${pdf.suggestedFilename()} is ready`);
    const history = page.getByTestId('export-history');
    await expect(history.locator('tbody tr')).toHaveCount(1);
    await expect(history.locator('tbody tr').first()).toContainText('PDF');
    await expect(history.locator('tbody tr').first()).toContainText(REQUIRED.join(', '));
    await expect(history.locator('tbody tr').first()).toContainText(/\d+\.\d KB/);

    // Act 4: all formats, a zip of three files
    const zipDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export All Formats' }).click();
    const zip = await zipDownload;
    expect(zip.suggestedFilename()).toMatch(/\.zip$/);
    const bundle = await JSZip.loadAsync(readFileSync((await zip.path())));
    const files = Object.keys(bundle.files).sort();
    const base = zip.suggestedFilename().replace(/\.zip$/, '');
    expect(files).toEqual([`${base}.docx`, `${base}.pdf`, `${base}.pptx`]);
    // the deck reads as a consulting deck: the executive summary second, then the dimension scores as a native chart
    const deck = await JSZip.loadAsync(await bundle.file(`${base}.pptx`)!.async('uint8array'));
    const slideText = async (n: number) => (await deck.file(`ppt/slides/slide${n}.xml`)!.async('string'));
    const slideCount = Object.keys(deck.files).filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n)).length;
    const slides = await Promise.all(Array.from({ length: slideCount }, (_, i) => slideText(i + 1)));
    expect(slides[1]).toContain(messages.exports.deck.executiveSummary.toUpperCase());
    const scores = slides.findIndex((x) => /scores? (highest at )?\d+\/100/.test(x.replace(/<[^>]+>/g, '')));
    expect(scores).toBeGreaterThan(1);
    expect(slides[scores]).toContain('<c:chart ');
    expect(await deck.file(`ppt/slides/_rels/slide${scores + 1}.xml.rels`)!.async('string')).toMatch(/charts\/chart\d+\.xml/);
    await expect(history.locator('tbody tr')).toHaveCount(2);

    // Assess: an earlier export downloads again from the list
    const again = page.waitForEvent('download');
    await history.locator('tbody tr').nth(1).getByRole('button', { name: /Download/ }).click();
    expect((await again).suggestedFilename()).toBe(pdf.suggestedFilename());
  });

  test("shows the spec's alert when nothing that can be exported is chosen, and a report picker without a report", async ({ page }) => {
    // Prepare: a report with nothing written yet
    const api = await apiSession('exports-empty');
    const org = await api.createOrganization(`Empty Export Org ${Date.now()}`);
    const reportId = await api.createReport(org, 'Nothing written');
    await signIn(page, api.user);
    // Act
    await page.goto('/assay/exports');
    await expect(page.getByText('Choose a report to export.')).toBeVisible();
    await page.getByLabel('Report').selectOption(reportId);
    await expect(page).toHaveURL(new RegExp(`report=${reportId}`));
    await expect(page.getByTestId('section-checklist').getByText('Nothing written yet').first()).toBeVisible();
    await page.getByRole('button', { name: 'Export Word' }).click();
    // Assess
    await expect(page.getByRole('alert').filter({ hasText: 'Please select at least one section to export.' })).toBeVisible();
    const list = await http(stack().urls.gateway, 'GET', `/api/reports/${reportId}/exports`, { token: api.token });
    expect(list.body.items).toEqual([]);
  });
});
