import { readFileSync } from 'node:fs';
import { LOCAL_ADMIN_EMAIL } from '../../infra/local/stack';
import { http, refreshCookieFrom, uniqueUser } from '../helpers/http';
import { apiSession, apiUser, expect, signIn, stack, test, toast } from './fixtures';

/** The local stack names admin@assay.local an administrator; registered through the API once per stack. */
async function adminUser() {
  const gw = stack().urls.gateway;
  const admin = { ...uniqueUser('admin'), username: 'assay-admin', password: 'Quiet harbour admin lantern', email: LOCAL_ADMIN_EMAIL };
  const reg = await http(gw, 'POST', '/api/auth/register', { body: admin });
  if (reg.status === 200) {
    await http(gw, 'POST', '/api/auth/confirm-email', { body: { username: admin.username, code: reg.body.demo_verification_code } });
  }
  return admin;
}

/** Local copies the wizard and the editor keep in the browser (features/wizard/lib/local-store.ts, editor/lib/local-drafts.ts). */
const LOCAL_COPIES = {
  'assay.wizard.temp': '{"reportId":null}',
  'assay.wizard.report.r-1': '{"pending":true}',
  'assay.editor.r-1.summary': '{"content":"Client plans"}',
};

const localCopyKeys = (page: import('@playwright/test').Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('assay.')).sort());

test.describe('accounts', () => {
  test('an administrator deactivates a user from the Users page: confirm, toast, status, the user signed out', async ({ page }) => {
    // Prepare
    const admin = await adminUser();
    const victim = await apiSession('victim');
    await signIn(page, admin);

    // Act: the Users link is in the account menu (administrators only)
    await page.getByRole('button', { name: 'Account', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Users' }).click();

    // Assess: the list with statuses
    await expect(page).toHaveURL(/\/assay\/admin\/users$/);
    await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
    await expect(page.getByText('Everyone with an account. Deactivating an account signs it out everywhere and stops it signing in.')).toBeVisible();
    const row = page.getByTestId(`user-row-${victim.user.username}`);
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    const mine = page.getByTestId('user-row-assay-admin');
    await expect(mine.getByText('Administrator')).toBeVisible();
    await expect(mine.getByRole('button', { name: /Deactivate/ })).toHaveCount(0);

    // Act: deactivate, cancelling once first
    await row.getByRole('button', { name: `Deactivate ${victim.user.username}` }).click();
    const dialog = page.getByRole('dialog', { name: `Deactivate ${victim.user.username}?` });
    await expect(dialog.getByText('They are signed out on every device at once and can no longer sign in. Their reports stay.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: `Deactivate ${victim.user.username}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Deactivate Account' }).click();

    // Assess
    await expect(toast(page, `${victim.user.username} has been deactivated and signed out everywhere.`)).toBeVisible();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(row.getByText('Deactivated', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: /Deactivate/ })).toHaveCount(0);
    const refused = await http(stack().urls.gateway, 'GET', '/api/organizations', { token: victim.token });
    expect(refused.status).toBe(401);
  });

  test('an administrator reads the audit log: sign-ins, filtered by user, and exported as CSV', async ({ page }) => {
    // Prepare: someone signs in (an audit entry), then the administrator
    const admin = await adminUser();
    const signedIn = await apiSession('audited');
    await signIn(page, admin);

    // Act: the Audit Log link is in the account menu (administrators only)
    await page.getByRole('button', { name: 'Account', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Audit Log' }).click();

    // Assess: the firm-wide list, newest first, with the administrator's own sign-in in it
    await expect(page).toHaveURL(/\/assay\/admin\/audit$/);
    await expect(page.getByRole('heading', { name: 'Audit Log', level: 1 })).toBeVisible();
    const rows = page.getByTestId('audit-row');
    await expect(rows.filter({ hasText: 'assay-admin' }).filter({ hasText: 'Signed in' }).first()).toBeVisible();

    // Act: only the other person's entries
    await page.getByLabel('User', { exact: true }).fill(signedIn.user.username);
    await page.getByLabel('Action').selectOption({ label: 'Signed in' });
    await page.getByRole('button', { name: 'Apply Filters' }).click();

    // Assess: their sign-in, and nobody else's entries
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(signedIn.user.username);
    await expect(rows.first()).toContainText('Signed in');

    // Act: the CSV of what the filters show
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = await download;

    // Assess: a header and the one row, named by the day
    expect(csv.suggestedFilename()).toMatch(/^assay-audit-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync(await csv.path(), 'utf8').trim().split('\r\n');
    expect(lines[0]).toBe('"at","user","action","target_kind","target_id","target_title","detail"');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"${signedIn.user.username}","user.signin"`);
  });

  test('a user who is not an administrator has no Users or Audit Log link, and the pages say why', async ({ page }) => {
    const user = await apiUser('plain');
    await signIn(page, user);
    await page.getByRole('button', { name: 'Account', exact: true }).click();
    await expect(page.getByRole('menuitem', { name: 'Sign Out Everywhere' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Users' })).toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: 'Audit Log' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.goto('/assay/admin/users');
    await expect(page.getByRole('alert')).toContainText('Only administrators may do this');
    // nor the audit log, nor its CSV
    await page.goto('/assay/admin/audit');
    await expect(page.getByRole('alert')).toContainText('Only administrators may do this');
    await expect(page.getByTestId('audit-row')).toHaveCount(0);
  });

  test('Sign Out Everywhere ends the other devices\' sessions too and clears the local copies', async ({ page }) => {
    // Prepare: the same user signed in on another device too
    const user = await apiUser('everywhere');
    const gw = stack().urls.gateway;
    const other = await http(gw, 'POST', '/api/auth/login', { body: { username: user.username, password: user.password } });
    const otherCookie = refreshCookieFrom(other.headers)!;
    await signIn(page, user);
    await page.evaluate((copies) => Object.entries(copies).forEach(([k, v]) => localStorage.setItem(k, v)), LOCAL_COPIES);
    expect(await localCopyKeys(page)).toHaveLength(3);

    // Act
    await page.getByRole('button', { name: 'Account', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Sign Out Everywhere' }).click();

    // Assess
    await expect(toast(page, 'Signed out on every device.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await localCopyKeys(page)).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect((await http(gw, 'GET', '/api/organizations', { token: other.body.token })).status).toBe(401);
    expect((await http(gw, 'POST', '/api/auth/refresh', { cookie: otherCookie })).status).toBe(401);
  });

  test('Sign Out clears the local copies as well', async ({ page }) => {
    const user = await apiUser('signout');
    await signIn(page, user);
    await page.evaluate((copies) => Object.entries(copies).forEach(([k, v]) => localStorage.setItem(k, v)), LOCAL_COPIES);
    await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
    await expect(toast(page, 'Signed out successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await localCopyKeys(page)).toEqual([]);
  });
});
