/**
 * The claim ledger and the pre-read beside the editor, as a consultant uses them: a figure typed without a source
 * is listed first as unsupported, and requesting a review shows the count; its button selects its sentence; a passage of the evidence that states it is
 * suggested and becomes a citation in one click, and the unsupported count falls to 0. The Pre-read list names the
 * executive summary's opening sentence, and its item selects that sentence. The titles read alone are listed in
 * order, a high-impact finding buried under a low-impact one is named, and a title in the list goes to its heading.
 * A typed figure that disagrees with a cited one is corrected to the cited value in one click, and a typed difference
 * between two cited figures is marked as derived, its computation written into the text; a fix whose save meets
 * another writer's version says so and keeps the corrected text.
 */
import type { Page } from '@playwright/test';
import { collaboration } from '@shared/messages/collaboration';
import { editorTexts } from '@shared/messages/editor';
import { ledgerTexts as t, preReadTexts } from '@shared/messages/ledger';
import { apiSession, axeViolations, expect, signIn, test, toast } from './fixtures';

const QUOTE = 'Fuel costs rose 21% year on year.';
const TYPED = 'Fuel costs rose 21% last year.';
const OPENING = 'This report looks at Orbis Freight.';

/** Passages of one evidence item, cited by the findings under these ids. */
const QUOTES = { od1: 'On-time delivery reached 91% in FY2024.', od2: 'On-time delivery was 78% in FY2023.', em1: 'The EBITDA margin was 10% in FY2024.' };

/** A report whose findings cite on-time delivery for two years and the EBITDA margin, each from its evidence. */
async function reportWithCitedFindings(prefix: string) {
  const api = await apiSession(prefix);
  const org = await api.createOrganization(`Orbis Freight ${Date.now()}`);
  const reportId = await api.createReport(org, 'Orbis fixes');
  const added = await api.call<{ evidence: { id: string } }>('POST', `/api/reports/${reportId}/evidence/interview`, { title: 'Operations review FY2024', content: `Orbis Freight operations review.\n${Object.values(QUOTES).join('\n')}`, source: 'Operations' });
  const text = (await api.call<{ textContent: string }>('GET', `/api/reports/${reportId}/evidence/${added.evidence.id}`)).textContent;
  const citations = Object.entries(QUOTES).map(([id, quote]) => ({ id, evidence_id: added.evidence.id, start: text.indexOf(quote), end: text.indexOf(quote) + quote.length, quote }));
  const findings = 'On-time delivery reached 91% in FY2024 [@od1].\n\nOn-time delivery was 78% in FY2023 [@od2].\n\nThe EBITDA margin was 10% in FY2024 [@em1].';
  await api.call('PUT', `/api/reports/${reportId}/sections/findings`, { content: findings, citations, version: 0 });
  return { api, reportId };
}

const editorOf = (page: Page) => page.getByRole('textbox', { name: /^Markdown of / });
/** The text selected in the page (CodeMirror keeps the DOM selection in step with its own while focused). */
const selected = (page: Page) => page.evaluate(() => document.getSelection()?.toString() ?? '');

test.describe('figures and the pre-read', () => {
  test('an unsupported typed figure is listed first, cited from a suggested passage in one click, and the pre-read jumps to its sentence', async ({ page }) => {
    test.slow(); // a question of the evidence and two saves
    // Prepare: a report with one evidence item, an executive summary that does not open with the answer, and a
    // roadmap whose months are the app's own figures
    const api = await apiSession('figures');
    const org = await api.createOrganization(`Orbis Freight ${Date.now()}`);
    const reportId = await api.createReport(org, 'Orbis figures');
    await api.call('POST', `/api/reports/${reportId}/evidence/interview`, { title: 'Annual report FY2024', content: `Orbis Freight annual report FY2024.\n${QUOTE}`, source: 'Finance' });
    await api.call('PUT', `/api/reports/${reportId}/sections/executive-summary`, { content: `${OPENING} Margins are under pressure.`, citations: [], version: 0 });
    await api.call('PUT', `/api/reports/${reportId}/sections/roadmap`, { content: '| Action | Months |\n| --- | --- |\n| Renew the fleet | 6 |', citations: [], version: 0 });
    await signIn(page, api.user);
    await page.goto(`/assay/editor?report=${reportId}`);
    await expect(page.getByTestId('section-link')).toHaveCount(9, { timeout: 30_000 });
    const panel = page.getByTestId('figures-panel');
    await expect(panel.getByTestId('ledger-counts-line')).toContainText('0 unsupported, 0 disagreeing');

    // Act 1: type a figure with no source into Findings and save
    await page.getByTestId('section-link').filter({ hasText: 'Findings & Analysis' }).click();
    await expect(page.getByRole('heading', { name: 'Findings & Analysis', level: 2 })).toBeVisible();
    await editorOf(page).click();
    await page.keyboard.type(TYPED);
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect(toast(page, 'Section saved').first()).toBeVisible();
    // Assess: the typed figure comes first, unsupported; the count says so
    await expect(panel.getByTestId('ledger-counts-line')).toContainText('1 unsupported, 0 disagreeing');
    const first = panel.getByTestId('figure-entry').first();
    await expect(first).toHaveAttribute('data-support', 'unsupported');
    await expect(first).toContainText(TYPED);
    expect(await axeViolations(page)).toEqual([]);

    // Act 1b: requesting a review shows the ledger's counts before it is sent
    await page.getByRole('button', { name: collaboration.reviews.requestReview }).click();
    const dialog = page.getByRole('dialog', { name: collaboration.reviews.requestTitle });
    // Assess
    await expect(dialog.getByTestId('review-ledger')).toContainText(t.reviewCounts);
    await expect(dialog.getByTestId('ledger-counts-line')).toContainText('1 unsupported, 0 disagreeing');
    await expect(dialog.getByText(t.reviewBlocking)).toBeVisible();
    await dialog.getByRole('button', { name: collaboration.reviews.cancel }).click();
    await expect(dialog).toBeHidden();

    // Act 2: its button goes to the sentence (from another section)
    await page.getByTestId('section-link').filter({ hasText: 'Executive Summary' }).click();
    await first.getByRole('button', { name: t.goTo('21%', 'Findings & Analysis') }).click();
    // Assess
    await expect(page.getByRole('heading', { name: 'Findings & Analysis', level: 2 })).toBeVisible();
    await expect.poll(() => selected(page)).toBe(TYPED);

    // Act 3: a suggested passage becomes a citation in one click
    await first.getByRole('button', { name: t.findSources }).click();
    const suggestion = first.getByTestId('figure-suggestions').getByRole('listitem').filter({ hasText: QUOTE });
    await expect(suggestion).toBeVisible();
    await suggestion.getByRole('button', { name: t.citeLabel('Annual report FY2024') }).click();
    // Assess: the mark is on the sentence, the section is saved, and nothing is unsupported any more
    await expect(toast(page, t.cited).first()).toBeVisible();
    await expect(editorOf(page)).toContainText(/Fuel costs rose 21% last year \[@[A-Za-z0-9_-]+\]\./);
    await expect(panel.getByTestId('ledger-counts-line')).toContainText('0 unsupported, 0 disagreeing');
    // (the excerpt drops the mark and the space it leaves before the full stop)
    await expect(panel.getByTestId('figure-entry').filter({ hasText: 'Fuel costs rose 21% last year.' })).toHaveAttribute('data-support', 'cited');
    const saved = await api.call<{ content: string; citations: { quote: string }[] }>('GET', `/api/reports/${reportId}/sections/findings`);
    expect(saved.citations.map((c) => c.quote)).toEqual([QUOTE]);
    const ledger = await api.call<{ counts: { unsupported: number; blocking: number } }>('GET', `/api/reports/${reportId}/ledger`);
    expect(ledger.counts).toMatchObject({ unsupported: 0, blocking: 0 });

    // Act 4: the pre-read names the summary's opening, which has no answer; its item goes there
    const preRead = page.getByTestId('pre-read-panel');
    await expect(preRead.getByTestId('pre-read-score')).toContainText(preReadTexts.title);
    const item = preRead.getByTestId('pre-read-item').and(preRead.locator('[data-rule="answer-first"]'));
    await expect(item).toContainText(OPENING);
    await item.getByRole('button').click();
    // Assess
    await expect(page.getByRole('heading', { name: 'Executive Summary', level: 2 })).toBeVisible();
    await expect.poll(() => selected(page)).toBe(OPENING);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('a typed wrong figure is corrected to the cited value, and a typed difference is marked as derived with its computation, each in one click', async ({ page }) => {
    test.slow(); // two fixes, each a save and a ledger read
    // Prepare: findings that cite on-time delivery for two years and the EBITDA margin, each from the evidence
    const { api, reportId } = await reportWithCitedFindings('figfix');
    await signIn(page, api.user);
    await page.goto(`/assay/editor?report=${reportId}`);
    await expect(page.getByTestId('section-link')).toHaveCount(9, { timeout: 30_000 });
    const panel = page.getByTestId('figures-panel');
    await expect(panel.getByTestId('ledger-counts-line')).toContainText('0 unsupported, 0 disagreeing');
    // the summary states the margin wrongly and the change in on-time delivery without its source
    await expect(page.getByRole('heading', { name: 'Executive Summary', level: 2 })).toBeVisible();
    await editorOf(page).click();
    await page.keyboard.type('The EBITDA margin was 11% in FY2024. On-time delivery improved 13 points.');
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect(toast(page, 'Section saved').first()).toBeVisible();
    await expect(panel.getByTestId('ledger-counts-line')).toContainText('2 unsupported, 1 disagreeing');
    const margin = panel.getByTestId('figure-entry').filter({ has: page.getByRole('button', { name: t.goTo('11%', 'Executive Summary') }) });
    const delivery = panel.getByTestId('figure-entry').filter({ has: page.getByRole('button', { name: t.goTo('13 points', 'Executive Summary') }) });
    await expect(margin).toHaveAttribute('data-support', 'unsupported');
    await expect(delivery.getByRole('button', { name: t.derivedLabel('13 points = 91% − 78%', 'Executive Summary') })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // Act 1: correct the margin to the value the findings cite
    await margin.getByRole('button', { name: t.correctLabel('10%', '11%', 'Executive Summary') }).click();
    // Assess: the figure and its citation are in the text, saved, and it no longer disagrees
    await expect(toast(page, t.corrected).first()).toBeVisible();
    await expect(editorOf(page)).toContainText('The EBITDA margin was 10% in FY2024 [@em1].');
    await expect(panel.getByTestId('ledger-counts-line')).toContainText('1 unsupported, 0 disagreeing');
    await expect(panel.getByTestId('figure-disagreement')).toHaveCount(0);

    // Act 2: mark the change in on-time delivery as derived
    await delivery.getByRole('button', { name: t.derivedLabel('13 points = 91% − 78%', 'Executive Summary') }).click();
    // Assess: the computation is written after the figure with its operands' citations; the ledger finds it derived
    await expect(toast(page, t.derivedSaved).first()).toBeVisible();
    await expect(editorOf(page)).toContainText('On-time delivery improved 13 points (91% [@od1] − 78% [@od2]).');
    await expect(panel.getByTestId('ledger-counts-line')).toContainText('0 unsupported, 0 disagreeing');
    const derived = panel.getByTestId('figure-entry').filter({ has: page.getByRole('button', { name: t.goTo('13 points', 'Executive Summary') }) });
    await expect(derived).toHaveAttribute('data-support', 'derived');
    await expect(derived).toContainText('13 points = 91% − 78%');
    const saved = await api.call<{ citations: { id: string; quote: string }[] }>('GET', `/api/reports/${reportId}/sections/executive-summary`);
    expect(saved.citations.map((c) => [c.id, c.quote])).toEqual([
      ['em1', QUOTES.em1],
      ['od1', QUOTES.od1],
      ['od2', QUOTES.od2],
    ]);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('a fix whose save meets another writer’s version says so, and the corrected text is kept', async ({ page }) => {
    // Prepare: the summary states the margin wrongly; the editor is open on it
    const { api, reportId } = await reportWithCitedFindings('figclash');
    const WRONG = 'The EBITDA margin was 11% in FY2024.';
    await api.call('PUT', `/api/reports/${reportId}/sections/executive-summary`, { content: WRONG, citations: [], version: 0 });
    await signIn(page, api.user);
    await page.goto(`/assay/editor?report=${reportId}`);
    const panel = page.getByTestId('figures-panel');
    // (found by its words: while the conflict dialog is open, the page behind it is hidden from roles)
    const margin = panel.getByTestId('figure-entry').filter({ hasText: WRONG });
    const correct = margin.getByRole('button', { name: t.correctLabel('10%', '11%', 'Executive Summary') });
    await expect(correct).toBeVisible({ timeout: 30_000 });
    // someone else saves the summary meanwhile
    await api.call('PUT', `/api/reports/${reportId}/sections/executive-summary`, { content: `${WRONG} Another writer's sentence.`, citations: [], version: 1 });

    // Act
    await correct.click();

    // Assess: the conflict is shown with the corrected text as this writer's, and the panel says it was not saved
    const dialog = page.getByRole('dialog', { name: editorTexts.conflict.title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel(editorTexts.conflict.mine)).toHaveValue('The EBITDA margin was 10% in FY2024 [@em1].');
    await expect(margin.getByText(t.fixNotSaved)).toBeVisible();

    // Act: keep this writer's text
    await dialog.getByRole('button', { name: editorTexts.conflict.keepMine }).click();
    // Assess: saved over theirs, and the figure is cited
    await expect(dialog).toBeHidden();
    await expect(panel.getByTestId('ledger-counts-line')).toContainText('0 unsupported, 0 disagreeing');
    const saved = await api.call<{ content: string }>('GET', `/api/reports/${reportId}/sections/executive-summary`);
    expect(saved.content).toBe('The EBITDA margin was 10% in FY2024 [@em1].');
  });

  test('the titles read alone are listed in order, a buried high-impact finding is named, and a title goes to its heading', async ({ page }) => {
    // Prepare: findings whose low-impact title stands above a high-impact one in the same dimension
    const api = await apiSession('storyline');
    const org = await api.createOrganization(`Orbis Freight ${Date.now()}`);
    const reportId = await api.createReport(org, 'Orbis storyline');
    const LOW = 'Canteen waste rose 2% in FY2024';
    const HIGH = 'Late deliveries doubled to 14% of orders in FY2024';
    const findings = `## Operations\n\n### ${LOW} (F1, low impact)\n\nThe operations log shows it.\n\n### ${HIGH} (F2, high impact)\n\nThe delivery data shows it.`;
    await api.call('PUT', `/api/reports/${reportId}/sections/findings`, { content: findings, citations: [], version: 0 });
    await signIn(page, api.user);
    await page.goto(`/assay/editor?report=${reportId}`);
    await expect(page.getByTestId('section-link')).toHaveCount(9, { timeout: 30_000 });
    const preRead = page.getByTestId('pre-read-panel');

    // Act 1: the story rule names the buried title
    const buried = preRead.getByTestId('pre-read-item').and(preRead.locator('[data-rule="story-holds"]'));
    // Assess
    await expect(buried.filter({ hasText: HIGH })).toContainText(`comes after “${LOW}” (low impact) in Operations`);

    // Act 2: open the titles read alone and go to the second
    const storyline = preRead.getByTestId('pre-read-storyline');
    await storyline.getByText(preReadTexts.storyline(2)).click();
    const lines = storyline.getByRole('listitem');
    // Assess: in report order, and the button selects the heading's title in the editor
    await expect(lines).toHaveText([LOW, HIGH]);
    await lines.nth(1).getByRole('button').click();
    await expect(page.getByRole('heading', { name: 'Findings & Analysis', level: 2 })).toBeVisible();
    await expect.poll(() => selected(page)).toBe(HIGH);
    expect(await axeViolations(page)).toEqual([]);
  });
});
