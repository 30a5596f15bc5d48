/**
 * A page that fails shows a recoverable error, not a blank screen. The failure is a real one: the editor's code
 * cannot be downloaded (the network drops it, as after a deploy replaced the chunk or on a flaky connection), so
 * the page throws while rendering and the router's error element takes over. "Try again" recovers once the
 * network is back; the dashboard link is a way out.
 */
import { apiSession, axeViolations, expect, signIn, test } from './fixtures';

test.describe('page error', () => {
  test('a page whose code fails to load shows the error with Try again and the dashboard link, and recovers', async ({ page }) => {
    // Prepare
    const api = await apiSession('page-error');
    const org = await api.createOrganization(`Error Org ${Date.now()}`);
    const reportId = await api.createReport(org, 'Error report');
    await signIn(page, api.user);
    const editorChunk = '**/assets/editor-*.js';
    await page.route(editorChunk, (route) => route.abort('connectionreset'));

    // Act: open the editor while its chunk cannot be fetched
    await page.goto(`/assay/editor?report=${reportId}`);

    // Assess: the error, inside the layout (its footer stays), focus on its heading, accessible
    const error = page.getByTestId('page-error');
    await expect(error.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await expect(error).toContainText('This page could not be shown. Try again, or go back to the dashboard.');
    await expect(error.getByRole('heading', { name: 'Something went wrong' })).toBeFocused();
    await expect(page.getByRole('contentinfo')).toContainText('All rights reserved.');
    await expect(page.getByRole('textbox', { name: /^Markdown of / })).toHaveCount(0);
    expect(await axeViolations(page), 'page error').toEqual([]);

    // the way out: the dashboard
    await error.getByRole('link', { name: 'Back to dashboard' }).click();
    await expect(page).toHaveURL(/\/assay$/);
    await expect(page.getByText('Error report').first()).toBeVisible();

    // Try again, once the network is back: the editor loads
    await page.goto(`/assay/editor?report=${reportId}`);
    await expect(error.getByRole('button', { name: 'Try again' })).toBeVisible();
    await page.unroute(editorChunk);
    await error.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('textbox', { name: /^Markdown of / })).toBeVisible();
    await expect(page.getByTestId('page-error')).toHaveCount(0);
  });
});
