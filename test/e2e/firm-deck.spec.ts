/**
 * A real firm deck template end to end in the browser: on Finalize & Brand the client's lead uploads LibreOffice's
 * DNA template converted to PowerPoint with its layouts named in French (its title slide typed `tx`, as
 * LibreOffice writes it), opens its layouts' previews (drawn on the server by the finishing pass every export
 * takes), chooses it, and an untouched corporate Word template beside it; completes the step and exports all three
 * formats: the Word file replaces the template's sample with the report, the PDF takes the template's page, the
 * notes name the fonts; the deck keeps the template's slide size and layouts, its cover on "Titre", and every slide
 * passes the geometry check (nothing overflows, nothing off the slide, no two texts over each other).
 */
import { readFileSync } from 'node:fs';
import JSZip from 'jszip';
import { deckGeometry } from '../helpers/deck-geometry';
import { reportToFinalize } from '../helpers/report-setup';
import { apiSession, expect, exportDeck, signIn, stack, test, toast } from './fixtures';

const TEMPLATE = new URL('../fixtures/firm-templates/pptx/dna-titre.pptx', import.meta.url);
const WORD_TEMPLATE = new URL('../fixtures/firm-templates/docx/untouched-corporate.docx', import.meta.url);

test('a lead chooses a LibreOffice firm deck and an untouched Word template on Finalize & Brand, opens the previews, and exports all three formats in the firm’s look', async ({ page }) => {
  test.slow(); // two template uploads (each checked with a trial export and LibreOffice previews) and four exports
  // Prepare: a composed report, steps 1–9 completed; its creator leads the client
  const api = await apiSession('firm-deck');
  const report = await reportToFinalize(stack().urls.gateway, api.token);
  await signIn(page, api.user);
  await page.goto(`/assay/wizards/finalize?report=${report.reportId}`);
  const decks = page.getByTestId('templates-pptx');

  // Act: upload and choose the template, open its previews
  await page.locator('#template-file-client').setInputFiles({ name: 'dna-titre.pptx', mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', buffer: readFileSync(TEMPLATE) });
  // the upload is long work with its own progress bar (the check, a trial export, previews by LibreOffice): the API's 30 s, as in templates.spec
  await expect(toast(page, 'Template "dna-titre" added')).toBeVisible({ timeout: 30_000 });
  await expect(decks.getByRole('radio', { name: /dna-titre/ })).toBeChecked();
  const previews = decks.getByRole('img', { name: /^Preview \d of dna-titre$/ });
  await expect(previews).toHaveCount(3);
  for (const preview of await previews.all()) {
    await expect(preview).toBeVisible();
    // opened: a PNG picture of a slide, wider than high
    const png = await (await page.request.get((await preview.getAttribute('src'))!)).body();
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBeGreaterThan(png.readUInt32BE(20));
  }
  // and an untouched corporate Word template (a sample cover and body, no placeholders): the upload says what will happen
  await page.locator('#template-file-client').setInputFiles({ name: 'untouched-corporate.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: readFileSync(WORD_TEMPLATE) });
  await expect(toast(page, 'Template "untouched-corporate" added')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('templates-docx').getByRole('radio', { name: /untouched-corporate/ })).toBeChecked();
  await page.getByRole('button', { name: 'Complete Finalize & Brand' }).click();
  await expect(toast(page, 'Step completed successfully').first()).toBeVisible();
  await page.getByRole('link', { name: 'Open Export Page' }).click();
  await expect(page.getByRole('heading', { name: 'Export Reports' })).toBeVisible();

  // Act 2: all three formats on the two templates
  const zipDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export All Formats' }).click();
  const zip = await JSZip.loadAsync(readFileSync(await (await zipDownload).path()));
  // Assess: the Word file replaces the template's sample and names the report on its cover; the PDF takes the
  // template's US Letter page; the notes name the fonts it was set in
  const names = Object.keys(zip.files).sort();
  expect(names.map((n) => n.split('.').at(-1))).toEqual(['docx', 'pdf', 'pptx']);
  const word = await JSZip.loadAsync(await zip.file(names[0]!)!.async('uint8array'));
  const body = (await word.file('word/document.xml')!.async('string')).replace(/<[^>]+>/g, '');
  expect(body).toContain(report.title);
  expect(body).not.toContain('Report title');
  const pdf = Buffer.from(await zip.file(names[1]!)!.async('uint8array')).toString('latin1');
  expect(pdf).toMatch(/\/MediaBox \[0 0 612 792\]/);
  await expect(page.getByTestId('export-notes')).toBeVisible();
  const deck = await exportDeck(page);

  // Assess: the template's slide size; the cover on its title slide, content on its layouts
  const presentation = await deck.file('ppt/presentation.xml')!.async('string');
  expect(presentation).toContain('<p:sldSz cx="10080625" cy="5670550"');
  const layoutOf = async (n: number) => {
    const rels = await deck.file(`ppt/slides/_rels/slide${n}.xml.rels`)!.async('string');
    const layout = /Type="[^"]*\/slideLayout" Target="\/([^"]+)"/.exec(rels)![1]!;
    return /<p:cSld\b[^>]*\sname="([^"]*)"/.exec(await deck.file(layout)!.async('string'))![1];
  };
  expect(await layoutOf(1)).toBe('Titre');
  expect(await layoutOf(2)).toMatch(/^(Titre seul|Titre et contenu)$/);
  // every slide passes the geometry check
  const g = deckGeometry(await deck.generateAsync({ type: 'uint8array' }));
  expect(g.slides).toBeGreaterThan(10);
  expect(g.findings).toEqual([]);
});
