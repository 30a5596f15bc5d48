import { apiUser, expect, signIn, test, toast } from './fixtures';
import { uniqueUser } from '../helpers/http';

test.describe('authentication screen', () => {
  test('shows the sign-in mode with its texts, logo and footer', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByText('Business Analysis', { exact: true })).toBeVisible();
    await expect(page.getByText('Sign in to access your executive reports')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Forgot your password?' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create one' })).toBeVisible();
    await expect(page.getByTestId('provider-logo')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toHaveText('© 2025 Assay Analytics. All rights reserved.');
  });

  test('registers a new account, returns to sign in with the username filled in, and must confirm the mailbox before signing in', async ({ page, stackInfo }) => {
    // Prepare
    const user = uniqueUser('ui-reg');
    await page.goto('/login');
    await page.getByRole('button', { name: 'Create one' }).click();
    await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
    // Act: empty submit first, then the real one
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(toast(page, 'Please fill in all fields')).toBeVisible();
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Full Name').fill(user.name);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    // Assess
    await expect(toast(page, 'Account created. We have emailed you a confirmation code: enter it below to activate your account.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByLabel('Username')).toHaveValue(user.username);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');

    // Act: signing in before confirming is refused, with a way forward
    const confirmForm = page.getByRole('form', { name: 'Confirm your email address' });
    await confirmForm.getByLabel('Confirmation code').fill('');
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(toast(page, /^Please confirm your email address first/)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    // the owner reads the code in the mailbox (the local SES) and enters it
    const store = (await (await fetch(`${stackInfo.urls.ses}/store`)).json()) as { emails: { destination: { to: string[] }; body: { text?: string } }[] };
    const mail = store.emails.filter((e) => e.destination.to.includes(user.email)).at(-1)!;
    const code = /enter this code when you sign in: (\d{8})/.exec(mail.body.text ?? '')![1]!;
    await confirmForm.getByLabel('Confirmation code').fill(code);
    await confirmForm.getByRole('button', { name: 'Confirm Email' }).click();
    await expect(toast(page, 'Email confirmed. You can now sign in.')).toBeVisible();
    await expect(confirmForm).toBeHidden();
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(toast(page, 'Login successful!')).toBeVisible();
    await expect(page).toHaveURL(/\/assay$/);
  });

  test('shows the server detail when registration is refused', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Create one' }).click();
    const user = uniqueUser('ui-weak');
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Full Name').fill(user.name);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill('password1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(toast(page, 'This password is too common; choose a less predictable one')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  });

  test('signs in, stays signed in across a reload, and signs out', async ({ page }) => {
    const user = await apiUser('ui-login');
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(toast(page, 'Please enter both username and password')).toBeVisible();

    await page.getByLabel('Username').fill(user.username);
    const password = page.getByLabel('Password', { exact: true });
    await password.fill(user.password);
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');

    // the busy label shows while the request is in flight
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/auth/login', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('button', { name: 'Signing In...' })).toBeDisabled();
    release();

    await expect(toast(page, 'Login successful!')).toBeVisible();
    await expect(page).toHaveURL(/\/assay$/);
    await expect(page.getByRole('heading', { name: 'Executive Business Analysis Reports' })).toBeVisible();
    expect(await page.evaluate(() => [localStorage.getItem('token') !== null, JSON.parse(localStorage.getItem('user')!).username])).toEqual([
      true,
      user.username,
    ]);

    // reload: the loading skeleton shows while the session check runs, then the signed-in page
    let releaseVerify!: () => void;
    const verifyHeld = new Promise<void>((r) => (releaseVerify = r));
    await page.route('**/api/auth/verify', async (route) => {
      await verifyHeld;
      await route.continue();
    });
    await page.reload();
    await expect(page.getByTestId('page-skeleton')).toBeVisible();
    releaseVerify();
    await expect(page.getByRole('heading', { name: 'Executive Business Analysis Reports' })).toBeVisible();
    await expect(page.getByTestId('page-skeleton')).toHaveCount(0);
    await expect(page).toHaveURL(/\/assay$/);
    await page.unroute('**/api/auth/verify');

    await page.goto('/login');
    await expect(page).toHaveURL(/\/assay$/);

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(toast(page, 'Signed out successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null]);
    await page.goto('/assay');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('refreshes an expired access token from the session cookie and stays signed in', async ({ page }) => {
    const user = await apiUser('ui-refresh');
    await signIn(page, user);
    // the access token is no longer valid (as after its hour), the refresh cookie still is
    await page.evaluate(() => localStorage.setItem('token', 'expired.access.token'));
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Executive Business Analysis Reports' })).toBeVisible();
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).not.toBe('expired.access.token');
    expect(token?.split('.')).toHaveLength(3);
  });


  test('stays signed in when the page reloads while its token refresh is under way', async ({ page }) => {
    const user = await apiUser('ui-refresh-cut');
    await signIn(page, user);
    await expect(page.getByRole('heading', { name: 'Executive Business Analysis Reports' })).toBeVisible();
    // the first refresh is held (a slow network) until the reload below cuts it off; later ones go through
    let seen!: () => void;
    const refreshHeld = new Promise<void>((r) => (seen = r));
    let refreshes = 0;
    await page.route('**/api/auth/refresh', async (route) => {
      if (++refreshes === 1) return seen();
      await route.continue();
    });
    await page.evaluate(() => localStorage.setItem('token', 'expired.access.token'));
    await page.goto('/assay');
    await refreshHeld;

    // the cut-off refresh is no answer about the session: the reloaded page refreshes again and stays signed in
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Executive Business Analysis Reports' })).toBeVisible();
    expect(refreshes).toBeGreaterThanOrEqual(2);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token?.split('.')).toHaveLength(3);
  });

  test('keeps the session when the token refresh gets no answer, and refreshes it on the next visit', async ({ page }) => {
    const user = await apiUser('ui-refresh-lost');
    await signIn(page, user);
    await expect(page.getByRole('heading', { name: 'Executive Business Analysis Reports' })).toBeVisible();
    await page.route('**/api/auth/refresh', (route) => route.abort('internetdisconnected'));
    await page.evaluate(() => localStorage.setItem('token', 'expired.access.token'));
    await page.reload();
    // signed in still (the stored session), though nothing could be refreshed
    await expect(page.getByRole('heading', { name: 'Executive Business Analysis Reports' })).toBeVisible();
    await expect(page).toHaveURL(/\/assay$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe('expired.access.token');

    await page.unroute('**/api/auth/refresh');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Executive Business Analysis Reports' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).not.toBe('expired.access.token');
  });
  test('clears a session that cannot be verified, silently', async ({ page }) => {
    await page.goto('/login');
    await page.evaluate(() => {
      localStorage.setItem('token', 'forged.token.value');
      localStorage.setItem('user', JSON.stringify({ username: 'mallory', name: 'M', email: 'm@example.com' }));
    });
    await page.goto('/assay');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  });

  test('keeps the session when the session check gets no answer (offline), instead of signing out', async ({ page }) => {
    const user = await apiUser('ui-offline');
    await signIn(page, user);
    await page.route('**/api/auth/verify', (route) => route.abort('internetdisconnected'));
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Executive Business Analysis Reports' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
  });

  test('says so when the password is wrong', async ({ page }) => {
    const user = await apiUser('ui-wrong');
    await page.goto('/login');
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill('definitely not it');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(toast(page, 'Invalid username or password')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('resets a forgotten password with the demo code and signs in with the new one', async ({ page }) => {
    // Prepare
    const user = await apiUser('ui-forgot');
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
    await expect(page.getByLabel('Reset Code')).toHaveCount(0);
    // Act
    await page.getByRole('button', { name: 'Send Reset Code' }).click();
    await expect(toast(page, 'Please enter your email address')).toBeVisible();
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send Reset Code' }).click();
    await expect(toast(page, 'If an account exists for that email, a reset code has been sent.')).toBeVisible();
    await expect(page.getByLabel('Reset Code')).toHaveValue(/^\d{8}$/);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(toast(page, 'Please fill in all fields')).toBeVisible();
    await page.getByLabel('New Password').fill('a completely new passphrase');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    // Assess
    await expect(toast(page, 'Password reset successfully! You can now sign in.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await signIn(page, { username: user.username, password: 'a completely new passphrase' });
    await expect(toast(page, 'Login successful!')).toBeVisible();
  });

  test('leaving forgot mode clears the reset fields', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await expect(page.getByLabel('Email')).toHaveValue('');
  });

  test('a protected page while signed out lands on /login', async ({ page }) => {
    await page.goto('/assay/editor');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('paints the sign-in title from the page itself before the app code arrives, in the place the screen then draws it', async ({ page }) => {
    // the app's entry is held: what shows is what the HTML and its inlined CSS draw on a slow network
    let releaseEntry!: () => void;
    const entryHeld = new Promise<void>((r) => (releaseEntry = r));
    await page.route('**/assets/index-*.js', async (route) => {
      await entryHeld;
      await route.continue();
    });
    await page.goto('/login', { waitUntil: 'commit' });
    const early = page.locator('#boot-shell').getByText('Business Analysis', { exact: true });
    await expect(early).toBeVisible();
    await expect(page.locator('#boot-shell').getByText('Sign in to access your executive reports')).toBeVisible();
    await expect(page.getByLabel('Username')).toHaveCount(0);
    const before = await early.boundingBox();

    releaseEntry();
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await expect(page.locator('#boot-shell')).toHaveCount(0);
    const title = page.getByText('Business Analysis', { exact: true });
    await expect(title).toBeVisible();
    expect(await title.boundingBox()).toEqual(before);
    await page.unroute('**/assets/index-*.js');
  });

  test('the early sign-in paint is not shown to a signed-in visitor', async ({ page }) => {
    const user = await apiUser('ui-shell');
    await signIn(page, user);
    await page.goto('/assay');
    await expect(page.getByRole('heading', { name: 'Executive Business Analysis Reports' })).toBeVisible();
    await expect(page.locator('#boot-shell')).toBeHidden();
    await expect(page.getByText('Business Analysis', { exact: true })).toBeHidden();
  });
});
