/**
 * A firm template end to end in the browser: on Finalize & Brand the client's lead uploads a
 * PowerPoint template for the client, sees it with its layouts' previews, chooses it (the built-in template was the
 * default), completes the step, exports PowerPoint and downloads a deck built on the template's layouts.
 */
import { deckTemplate } from '../helpers/office-templates';
import { reportToFinalize } from '../helpers/report-setup';
import { apiSession, expect, exportDeck, signIn, stack, test, toast } from './fixtures';

test('a lead uploads a client template on Finalize & Brand, chooses it, and the PowerPoint export is built on it', async ({ page }) => {
  // Prepare: a composed report, steps 1–9 completed; its creator leads the client
  const api = await apiSession('templates');
  const report = await reportToFinalize(stack().urls.gateway, api.token);
  await signIn(page, api.user);
  await page.goto(`/assay/wizards/finalize?report=${report.reportId}`);
  const decks = page.getByTestId('templates-pptx');
  await expect(decks.getByRole('radio', { name: 'Built-in template (colours and logo)' })).toBeChecked();

  // Act: upload, choose, complete
  await page.locator('#template-file-client').setInputFiles({ name: 'Northwind deck.potx', mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.template', buffer: Buffer.from(await deckTemplate()) });
  // the upload is long work with its own progress bar: the check, then previews rendered by LibreOffice (bounded at
  // 20 s on the server); like an evidence upload's processing it gets the API's 30 s, not a page's 10 s
  await expect(toast(page, 'Template "Northwind deck" added')).toBeVisible({ timeout: 30_000 });
  const chosen = decks.getByRole('radio', { name: /Northwind deck/ });
  await expect(chosen).toBeChecked();
  // its layouts, rendered on the server with LibreOffice (the harness has it), not the template's own thumbnail
  for (const n of [1, 2, 3]) await expect(decks.getByRole('img', { name: `Preview ${n} of Northwind deck` })).toBeVisible();
  await expect(decks.getByRole('img', { name: 'Preview of Northwind deck' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Complete Finalize & Brand' }).click();
  await expect(toast(page, 'Step completed successfully').first()).toBeVisible();
  await page.getByRole('link', { name: 'Open Export Page' }).click();
  await expect(page.getByRole('heading', { name: 'Export Reports' })).toBeVisible();
  const deck = await exportDeck(page);

  // Assess: the deck's slides use the template's layouts
  const rels = await deck.file('ppt/slides/_rels/slide1.xml.rels')!.async('string');
  const layout = /Type="[^"]*\/slideLayout" Target="\/([^"]+)"/.exec(rels)![1]!;
  expect(await deck.file(layout)!.async('string')).toContain('name="Northwind Title"');
});
