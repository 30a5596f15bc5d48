import { useLayoutEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { APP_BASE } from '@shared/constants';
import { authTexts as t } from '@shared/messages/auth';
import { useRuntimeConfig } from '@/app/runtime-config-context';
import { ProviderLogo } from '@/components/ui/brand';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { removeBootShell } from '@/lib/boot-shell';
import { useConfirmEmail, useResendConfirmation } from '../api/confirm-email';
import { useForgotPassword } from '../api/forgot-password';
import { useLogin } from '../api/login';
import { useRegister } from '../api/register';
import { useResetPassword } from '../api/reset-password';
import { useResetState } from '../hooks/use-reset-state';
import { useSession } from '../hooks/use-session';
import type { Account } from './auth-form';
import { ConfirmEmailForm, type PendingConfirmation } from './confirm-email-form';
import { FederatedSignInButton } from './federated-sign-in-button';
import { RegisterForm } from './register-form';
import { ResetPasswordForm } from './reset-password-form';
import { SignInForm } from './sign-in-form';

type Mode = 'login' | 'register' | 'forgot';

const emptyAccount: Account = { username: '', password: '', name: '', email: '' };

/**
 * One screen, three modes, one component each: sign in (with the email confirmation of an account that waits for
 * it), create an account, reset a forgotten password. What the modes share lives here: the username and password
 * typed (they carry over between sign-in and registration), the pending confirmation, and the calls, which last as
 * long as the screen (an answer that comes after the mode changed is still acted on, and no mode sends while
 * another's call is out).
 */
export function AuthScreen() {
  const navigate = useNavigate();
  const session = useSession();
  // a deployment that signs in through the firm's identity provider: its button, and no Register link
  const { identityProvider, registration } = useRuntimeConfig();
  const [{ mode, from }, setView] = useState<{ mode: Mode; from: Mode | null }>({ mode: 'login', from: null });
  const [account, setAccount] = useState(emptyAccount);
  const reset = useResetState();
  const [confirm, setConfirm] = useState<PendingConfirmation | null>(null);
  // the static first paint of this page (index.html) gives way in the same frame as this draws its title
  useLayoutEffect(removeBootShell, []);

  const loginCall = useLogin();
  const registerCall = useRegister();
  const forgotCall = useForgotPassword();
  const resetCall = useResetPassword();
  const confirmCall = useConfirmEmail();
  const resendCall = useResendConfirmation();
  const busy = loginCall.isPending || registerCall.isPending || forgotCall.isPending || resetCall.isPending;

  function switchMode(next: Mode) {
    if (mode === 'forgot' && next !== 'forgot') reset.clear();
    setView({ mode: next, from: mode });
  }

  return (
    <div className="flex min-h-full items-center justify-center px-4 py-12">
      <div className="w-full max-w-md space-y-6">
        <div className="flex flex-col items-center gap-3 text-center">
          <ProviderLogo />
          <div>
            <p className="text-3xl font-bold tracking-tight text-slate-900">{t.title}</p>
            <p className="mt-1 text-sm text-slate-500">{t.subtitle}</p>
          </div>
        </div>
        <Card>
          <CardHeader>
            <h1 className="text-xl font-semibold">{t.headings[mode]}</h1>
          </CardHeader>
          <CardContent>
            {mode === 'login' && identityProvider && <FederatedSignInButton config={identityProvider} />}
            {mode === 'login' && (
              <SignInForm
                account={account}
                onAccount={setAccount}
                call={loginCall}
                busy={busy}
                focusFirst={from !== 'register'}
                onSignedIn={(token, user) => {
                  session.login(token, user);
                  toast.success(t.toasts.loginSuccess);
                  void navigate(APP_BASE, { replace: true });
                }}
                onUnconfirmed={(username) => setConfirm((c) => ({ username, code: c?.username === username ? c.code : '' }))}
              />
            )}
            {mode === 'register' && (
              <RegisterForm
                account={account}
                onAccount={setAccount}
                call={registerCall}
                busy={busy}
                onRegistered={(username, code) => {
                  setAccount({ username, password: '', name: '', email: '' });
                  setConfirm({ username: username.trim().toLowerCase(), code });
                  setView({ mode: 'login', from: 'register' });
                }}
              />
            )}
            {mode === 'forgot' && (
              <ResetPasswordForm
                state={reset}
                forgotCall={forgotCall}
                resetCall={resetCall}
                busy={busy}
                onReset={() => {
                  reset.clear();
                  setView({ mode: 'login', from: 'forgot' });
                }}
              />
            )}

            {mode === 'login' && confirm && <ConfirmEmailForm pending={confirm} onPending={setConfirm} confirmCall={confirmCall} resendCall={resendCall} />}

            <div className="mt-6 space-y-2 text-center text-sm text-slate-600">
              {mode === 'login' ? (
                <>
                  <p>
                    <Button variant="link" onClick={() => switchMode('forgot')}>
                      {t.links.forgot}
                    </Button>
                  </p>
                  {registration !== false && (
                    <p>
                      {t.links.createPrompt}{' '}
                      <Button variant="link" onClick={() => switchMode('register')}>
                        {t.links.create}
                      </Button>
                    </p>
                  )}
                </>
              ) : (
                <p>
                  {mode === 'register' ? t.links.signInPrompt : t.links.rememberPrompt}{' '}
                  <Button variant="link" onClick={() => switchMode('login')}>
                    {t.links.signIn}
                  </Button>
                </p>
              )}
            </div>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
