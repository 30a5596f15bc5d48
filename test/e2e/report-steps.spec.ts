import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Page } from '@playwright/test';
import { tableClient } from '../helpers/emulator-clients';
import { messages } from '@shared/messages';
import { docxBytes, pdfBytes } from '../helpers/evidence-fixtures';
import { apiSession, axeViolations, expect, exportDeck, signIn, stack, test, toast } from './fixtures';

async function upload(token: string, reportId: string, name: string, bytes: Uint8Array) {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)]), name);
  form.set('report_id', reportId);
  const res = await fetch(`${stack().urls.gateway}/api/files/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  if (res.status !== 200) throw new Error(`upload failed: ${res.status}`);
}

const items = (page: Page) => page.getByTestId('report-item');

/** A reload in the middle of the wizard: the page comes back on the same step. */
async function reloadAt(page: Page, step: number) {
  await page.reload();
  await expect(page.getByText(`Step ${step} of 10`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate with AI' })).toBeEnabled();
}

/** Generate with AI: the draft runs as a job on the server, its progress shown until the draft fills the step. */
async function generate(page: Page, what: string) {
  await page.getByRole('button', { name: 'Generate with AI' }).click();
  // the job's progress (a queued job shows until the first answer about it, so this is always seen)
  const progress = page.getByRole('progressbar', { name: `Drafting ${what}` });
  await expect(progress).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generating…' })).toBeDisabled();
  await expect(toast(page, `${what} generated successfully with AI!`).first()).toBeVisible({ timeout: 30_000 });
  await expect(progress).toBeHidden();
}

/** The step's drafting job as a worker at work leaves it in the table (running, at `stage`). */
async function jobInTable(reportId: string, step: string, fields: Record<string, unknown>) {
  const at = new Date().toISOString();
  await tableClient(stack()).send(
    new PutCommand({
      TableName: stack().tableName,
      Item: {
        PK: `REPORT#${reportId}`, SK: `DRAFTJOB#${step}`, entity: 'DraftJob', id: '0193a1c2-0000-7000-8000-00000000e2e1', report_id: reportId, step,
        status: 'running', stage: 'drafting', progress: 35, error: null, provenance_id: null, citations_dropped: null, provider: null,
        created_by: 'e2e', created_at: at, updated_at: at, completed_at: null, ...fields,
      },
    }),
  );
}

test.describe('report steps 5–9', () => {
  test('drafts every step from two uploaded files, reloading between steps, with citations, live consistency checks, nothing lost on reload, and exports a deck', async ({ page }) => {
    // five drafting jobs, five reloads and an export: more than the default minute on a loaded machine
    test.setTimeout(180_000);
    // Prepare: a report with a PDF and a Word document, set up through the API
    const api = await apiSession('steps');
    const org = await api.createOrganization(`Steps Org ${Date.now()}`, { sector: 'retail', geography: 'UK' });
    const reportId = await api.createReport(org, 'Steps report');
    await upload(api.token, reportId, 'annual.pdf', await pdfBytes([['Revenue grew 12% to 480 million in fiscal 2025 while EBITDA margin improved to 18%.', 'Customer churn rose to 9% in the SME segment after the price increase.']]));
    await upload(api.token, reportId, 'operations.docx', await docxBytes(['Warehouse automation cut order cycle time by 30% and picking errors fell sharply.', 'Staff turnover in the depots is 18%, well above the sector average, and morale is low.', 'A data protection audit found gaps in consent records that could lead to regulatory fines.']));
    await signIn(page, api.user);

    // Findings & Analysis
    await page.goto(`/assay/wizards/findings?report=${reportId}`);
    await expect(page.getByText('Step 5 of 10')).toBeVisible();
    await page.getByRole('button', { name: 'Complete Findings & Analysis' }).click();
    await expect(toast(page, 'Please add at least one finding')).toBeVisible();
    await generate(page, 'Findings');
    await expect(items(page).first()).toBeVisible();
    const first = items(page).first();
    await expect(first.getByText('AI draft')).toBeVisible();
    // the consultant edits a finding: it is theirs now
    const statement = first.getByLabel(/^Finding F1$/);
    await statement.fill('Revenue grew 12% in fiscal 2025, with margins up to 18%.');
    await expect(first.getByText('AI draft')).toBeHidden();
    // a citation opens its passage, highlighted in the source
    const chip = first.getByTestId('citation-chip').first();
    const quote = (await chip.getAttribute('title'))!.replace(/^“|” — .*$/g, '');
    await chip.click();
    const reader = page.getByRole('dialog');
    await expect(reader.getByTestId('cited-passage')).toHaveText(quote);
    await reader.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('heading', { name: 'Dimension scores' })).toBeVisible();
    await page.getByRole('button', { name: 'Complete Findings & Analysis' }).click();
    await expect(toast(page, 'Step completed successfully').first()).toBeVisible();

    // SWOT Analysis, after a reload (the draft of step 5 was saved, the wizard opens where the user left it)
    await expect(page.getByText('Step 6 of 10')).toBeVisible();
    await reloadAt(page, 6);
    await generate(page, 'SWOT analysis');
    await expect(page.getByTestId('swot-grid').locator('[data-quadrant="weaknesses"]').getByTestId('report-item')).not.toHaveCount(0);
    await page.getByRole('button', { name: 'Complete SWOT Analysis' }).click();
    await expect(toast(page, 'Step completed successfully').first()).toBeVisible();

    // Recommendations: unlinking one raises a warning; linking it again clears it
    await expect(page.getByText('Step 7 of 10')).toBeVisible();
    await reloadAt(page, 7);
    await generate(page, 'Recommendations');
    const rec = items(page).first();
    const warning = page.getByTestId('consistency-panel').locator('[data-rule="recommendation-addresses-nothing"]');
    await expect(warning).toHaveCount(0);
    const labels: string[] = [];
    for (const box of await rec.getByRole('checkbox', { checked: true }).all()) labels.push((await box.locator('xpath=..').innerText()).trim());
    expect(labels.length).toBeGreaterThan(0);
    for (const label of labels) await rec.getByRole('checkbox', { name: label }).uncheck();
    await expect(warning).toBeVisible();
    await expect(warning).toContainText('addresses no finding, weakness or threat');
    await rec.getByRole('checkbox', { name: labels[0] }).check();
    await expect(warning).toHaveCount(0);
    await page.getByRole('button', { name: 'Complete Recommendations' }).click();
    await expect(toast(page, 'Step completed successfully').first()).toBeVisible();

    // Implementation Roadmap
    await expect(page.getByText('Step 8 of 10')).toBeVisible();
    await reloadAt(page, 8);
    await generate(page, 'Roadmap');
    await expect(page.getByTestId('roadmap-timeline')).toBeVisible();
    await page.getByRole('button', { name: 'Complete Implementation Roadmap' }).click();
    await expect(toast(page, 'Step completed successfully').first()).toBeVisible();

    // Executive Summary
    await expect(page.getByText('Step 9 of 10')).toBeVisible();
    await reloadAt(page, 9);
    await page.getByRole('button', { name: 'Complete Executive Summary' }).click();
    await expect(toast(page, 'Please write the executive summary')).toBeVisible();
    await generate(page, 'Executive summary');
    await expect(page.getByLabel('Summary', { exact: true })).not.toHaveValue('');
    await page.getByRole('button', { name: 'Complete Executive Summary' }).click();
    await expect(toast(page, 'Step completed successfully').first()).toBeVisible();
    await expect(page.getByText('Step 10 of 10')).toBeVisible();
    await expect(page.getByText('5 of 10 steps completed')).toBeVisible();
    await expect(page.getByTestId('consistency-panel')).toBeVisible();

    // the sections were composed from the steps
    await expect
      .poll(async () => (await api.call<{ items: { key: string; content: string }[] }>('GET', `/api/reports/${reportId}/sections`)).items.filter((s) => s.content).map((s) => s.key))
      .toEqual(expect.arrayContaining(['executive-summary', 'findings', 'swot', 'recommendations', 'roadmap']));

    // Assess: a reload finds everything as it was
    await page.goto(`/assay/wizards/findings?report=${reportId}`);
    await expect(items(page).first().getByLabel(/^Finding F1$/)).toHaveValue('Revenue grew 12% in fiscal 2025, with margins up to 18%.');
    await expect(items(page).first().getByText('AI draft')).toBeHidden();
    await expect(page.getByText('5 of 10 steps completed')).toBeVisible();

    // Export: the deck of the drafted steps opens on its executive summary and draws the scores as a native chart
    await page.goto(`/assay/exports?report=${reportId}`);
    await expect(page.getByRole('heading', { name: 'Export Reports' })).toBeVisible();
    const deck = await exportDeck(page);
    const names = Object.keys(deck.files);
    const count = names.filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n)).length;
    const slides = await Promise.all(Array.from({ length: count }, (_, i) => deck.file(`ppt/slides/slide${i + 1}.xml`)!.async('string')));
    expect(slides[1]).toContain(messages.exports.deck.executiveSummary.toUpperCase());
    expect(names.filter((n) => /^ppt\/charts\/chart\d+\.xml$/.test(n)).length).toBeGreaterThan(0);
    const chart = slides.findIndex((x) => x.includes('<c:chart '));
    expect(chart).toBeGreaterThan(1);
    expect(await deck.file(`ppt/slides/_rels/slide${chart + 1}.xml.rels`)!.async('string')).toMatch(/charts\/chart\d+\.xml/);
    // the drafted findings are told one per slide (its kicker: the label and the dimension)
    expect(slides.some((x) => />F1 · [^<]+</.test(x))).toBe(true);
  });
});

test.describe('drafting runs on the server as a job', () => {
  test('a running job is picked up after a reload and on return to the step, its failure is shown with a retry, and the retry drafts the step', async ({ page }) => {
    // Prepare: a report with analysed evidence, and a worker at work on its findings
    const api = await apiSession('draftjob');
    const org = await api.createOrganization(`Job Org ${Date.now()}`, { sector: 'retail', geography: 'UK' });
    const reportId = await api.createReport(org, 'Job report');
    await upload(api.token, reportId, 'annual.pdf', await pdfBytes([['Revenue grew 12% to 480 million in fiscal 2025 while EBITDA margin improved to 18%.', 'Customer churn rose to 9% in the SME segment after the price increase.']]));
    await jobInTable(reportId, 'findings', {});
    await signIn(page, api.user);

    // Act 1: open the step: the job is picked up, with its stage in words
    await page.goto(`/assay/wizards/findings?report=${reportId}`);
    const progress = page.getByRole('progressbar', { name: 'Drafting Findings' });
    // Assess 1
    await expect(progress).toHaveAttribute('aria-valuenow', '35');
    await expect(progress).toHaveAttribute('aria-valuetext', 'Drafting…');
    await expect(page.getByRole('status').filter({ hasText: 'Drafting…' })).toBeVisible();
    await expect(page.getByText('This runs in the background: you can leave this step and come back.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Generating…' })).toBeDisabled();
    expect(await axeViolations(page), 'wizard: drafting job in progress').toEqual([]);

    // Act 2: leave the step, the job moves on meanwhile, come back, and reload
    await page.goto(`/assay/wizards/swot?report=${reportId}`);
    await expect(page.getByText('Step 6 of 10')).toBeVisible();
    await jobInTable(reportId, 'findings', { stage: 'checking', progress: 80 });
    await page.goto(`/assay/wizards/findings?report=${reportId}`);
    await expect(progress).toHaveAttribute('aria-valuetext', 'Checking citations…');
    await page.reload();
    await expect(progress).toHaveAttribute('aria-valuenow', '80');

    // Act 3: the job fails (the model was busy): the reason shows, with a retry
    await jobInTable(reportId, 'findings', { status: 'failed', stage: 'failed', progress: 100, error: 'The AI model is busy (Bedrock is throttling requests); please try again in a minute', completed_at: new Date().toISOString() });
    const failed = page.getByTestId('draft-failed');
    await expect(failed).toContainText('The draft could not be made: The AI model is busy (Bedrock is throttling requests); please try again in a minute');
    await expect(progress).toBeHidden();
    expect(await axeViolations(page), 'wizard: drafting job failed').toEqual([]);

    // Act 4: retry from the keyboard
    await failed.getByRole('button', { name: 'Try again' }).focus();
    await page.keyboard.press('Enter');
    // Assess 4: a new job runs to its end, and its draft fills the empty step
    await expect(toast(page, 'Findings generated successfully with AI!').first()).toBeVisible({ timeout: 30_000 });
    await expect(items(page).first()).toBeVisible();
    await expect(failed).toBeHidden();
    const job = await api.call<{ job: { status: string; stage: string } }>('GET', `/api/reports/${reportId}/drafts/findings/job`);
    expect(job.job).toMatchObject({ status: 'done', stage: 'ready' });
  });
});
