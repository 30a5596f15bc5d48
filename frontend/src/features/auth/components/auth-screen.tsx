import { useId, useLayoutEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { APP_BASE } from '@shared/constants';
import { authTexts } from '@shared/messages/auth';
import { useRuntimeConfig } from '@/app/runtime-config-context';
import { ProviderLogo } from '@/components/ui/brand';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { removeBootShell } from '@/lib/boot-shell';
import { useConfirmEmail, useResendConfirmation } from '../api/confirm-email';
import { useForgotPassword } from '../api/forgot-password';
import { useLogin } from '../api/login';
import { useRegister } from '../api/register';
import { useResetPassword } from '../api/reset-password';
import { useSession } from '../hooks/use-session';
import { FederatedSignInButton } from './federated-sign-in-button';
import { PasswordInput } from './password-input';

type Mode = 'login' | 'register' | 'forgot';

const t = authTexts;
const emptyReset = { email: '', resetCode: '', newPassword: '' };
const serverDetail = (error: unknown) => (error instanceof ApiError ? error.detail : undefined);

/** One screen, three modes: sign in, create an account, reset a forgotten password. */
export function AuthScreen() {
  const navigate = useNavigate();
  const session = useSession();
  // a deployment that signs in through the firm's identity provider: its button, and no Register link
  const { identityProvider, registration } = useRuntimeConfig();
  const [mode, setMode] = useState<Mode>('login');
  const [account, setAccount] = useState({ username: '', password: '', name: '', email: '' });
  const [reset, setReset] = useState(emptyReset);
  const [codeSent, setCodeSent] = useState(false);
  /** an account that must prove its mailbox before it can sign in */
  const [confirm, setConfirm] = useState<{ username: string; code: string } | null>(null);
  const ids = useId();
  // the static first paint of this page (index.html) gives way in the same frame as this draws its title
  useLayoutEffect(removeBootShell, []);

  const loginCall = useLogin();
  const registerCall = useRegister();
  const forgotCall = useForgotPassword();
  const resetCall = useResetPassword();
  const confirmCall = useConfirmEmail();
  const resendCall = useResendConfirmation();

  const hasCode = reset.resetCode.trim().length > 0;
  const busy = loginCall.isPending || registerCall.isPending || forgotCall.isPending || resetCall.isPending;

  function switchMode(next: Mode) {
    if (mode === 'forgot' && next !== 'forgot') {
      setReset(emptyReset);
      setCodeSent(false);
    }
    setMode(next);
  }

  function submitLogin() {
    if (!account.username.trim() || !account.password) return void toast.error(t.validation.loginRequired);
    loginCall.mutate(
      { username: account.username, password: account.password },
      {
        onSuccess: ({ token, user }) => {
          session.login(token, user);
          toast.success(t.toasts.loginSuccess);
          void navigate(APP_BASE, { replace: true });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 401) return void toast.error(t.toasts.loginInvalid);
          if (error instanceof ApiError && error.status === 403) {
            // the mailbox is not proven yet: say so, and offer the code field and a new code
            setConfirm((c) => ({ username: account.username.trim(), code: c?.username === account.username.trim() ? c.code : '' }));
            return void toast.error(serverDetail(error) ?? t.toasts.loginFailed);
          }
          toast.error(t.toasts.loginFailed, { description: serverDetail(error) });
        },
      },
    );
  }

  function submitRegister() {
    const { username, password, name, email } = account;
    if (!username.trim() || !password || !name.trim() || !email.trim()) return void toast.error(t.validation.allFields);
    registerCall.mutate(
      { username, password, name, email },
      {
        onSuccess: ({ message, demo_verification_code }) => {
          toast.success(message);
          setAccount({ username, password: '', name: '', email: '' });
          setConfirm({ username: username.trim().toLowerCase(), code: demo_verification_code ?? '' });
          setMode('login');
        },
        onError: (error) => void toast.error(serverDetail(error) ?? t.toasts.registerFailed),
      },
    );
  }

  function submitForgot() {
    if (!hasCode) {
      if (!reset.email.trim()) return void toast.error(t.validation.emailRequired);
      forgotCall.mutate(
        { email: reset.email },
        {
          onSuccess: ({ message, demo_reset_code }) => {
            toast.success(message);
            setCodeSent(true);
            if (demo_reset_code) setReset((r) => ({ ...r, resetCode: demo_reset_code }));
          },
          onError: (error) => void toast.error(serverDetail(error) ?? t.toasts.forgotFailed),
        },
      );
      return;
    }
    if (!reset.email.trim() || !reset.resetCode.trim() || !reset.newPassword) return void toast.error(t.validation.allFields);
    resetCall.mutate(
      { email: reset.email, reset_code: reset.resetCode, new_password: reset.newPassword },
      {
        onSuccess: () => {
          toast.success(t.toasts.resetSuccess);
          setReset(emptyReset);
          setCodeSent(false);
          setMode('login');
        },
        onError: (error) => void toast.error(serverDetail(error) ?? t.toasts.resetFailed),
      },
    );
  }

  function submitConfirm(event: FormEvent) {
    event.preventDefault();
    if (!confirm || confirmCall.isPending) return;
    if (!confirm.code.trim()) return void toast.error(t.validation.allFields);
    confirmCall.mutate(
      { username: confirm.username, code: confirm.code },
      {
        onSuccess: ({ message }) => {
          toast.success(message);
          setConfirm(null);
        },
        onError: (error) => void toast.error(serverDetail(error) ?? t.confirm.failed),
      },
    );
  }

  function resendCode() {
    if (!confirm) return;
    resendCall.mutate(confirm.username, {
      onSuccess: ({ message, demo_verification_code }) => {
        toast.success(message);
        if (demo_verification_code) setConfirm({ ...confirm, code: demo_verification_code });
      },
      onError: (error) => void toast.error(serverDetail(error) ?? t.confirm.failed),
    });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (mode === 'login') submitLogin();
    else if (mode === 'register') submitRegister();
    else submitForgot();
  }

  const submitLabel =
    mode === 'login'
      ? loginCall.isPending ? t.busy.login : t.buttons.login
      : mode === 'register'
        ? registerCall.isPending ? t.busy.register : t.buttons.register
        : busy ? t.busy.forgot : hasCode ? t.buttons.reset : t.buttons.sendCode;

  const field = (name: string) => `${ids}-${name}`;

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
            <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t.headings[mode]}>
              {mode !== 'forgot' && (
                <div className="space-y-1.5">
                  <Label htmlFor={field('username')}>{t.fields.username}</Label>
                  <Input
                    id={field('username')}
                    name="username"
                    autoComplete="username"
                    autoFocus
                    placeholder={t.placeholders.username}
                    value={account.username}
                    onChange={(e) => setAccount({ ...account, username: e.target.value })}
                  />
                </div>
              )}
              {mode === 'register' && (
                <>
                  <div className="space-y-1.5">
                    <Label htmlFor={field('name')}>{t.fields.name}</Label>
                    <Input
                      id={field('name')}
                      name="name"
                      autoComplete="name"
                      placeholder={t.placeholders.name}
                      value={account.name}
                      onChange={(e) => setAccount({ ...account, name: e.target.value })}
                    />
                  </div>
                  <div className="space-y-1.5">
                    <Label htmlFor={field('email')}>{t.fields.email}</Label>
                    <Input
                      id={field('email')}
                      name="email"
                      type="email"
                      autoComplete="email"
                      placeholder={t.placeholders.email}
                      value={account.email}
                      onChange={(e) => setAccount({ ...account, email: e.target.value })}
                    />
                  </div>
                </>
              )}
              {mode !== 'forgot' && (
                <div className="space-y-1.5">
                  <Label htmlFor={field('password')}>{t.fields.password}</Label>
                  <PasswordInput
                    id={field('password')}
                    name="password"
                    autoComplete={mode === 'register' ? 'new-password' : 'current-password'}
                    placeholder={t.placeholders.password}
                    value={account.password}
                    onChange={(e) => setAccount({ ...account, password: e.target.value })}
                  />
                </div>
              )}
              {mode === 'forgot' && (
                <>
                  <div className="space-y-1.5">
                    <Label htmlFor={field('reset-email')}>{t.fields.email}</Label>
                    <Input
                      id={field('reset-email')}
                      name="email"
                      type="email"
                      autoComplete="email"
                      autoFocus
                      placeholder={t.placeholders.email}
                      value={reset.email}
                      onChange={(e) => setReset({ ...reset, email: e.target.value })}
                    />
                  </div>
                  {(codeSent || hasCode) && (
                    <>
                      <div className="space-y-1.5">
                        <Label htmlFor={field('reset-code')}>{t.fields.resetCode}</Label>
                        <Input
                          id={field('reset-code')}
                          name="resetCode"
                          inputMode="numeric"
                          autoComplete="one-time-code"
                          placeholder={t.placeholders.resetCode}
                          value={reset.resetCode}
                          onChange={(e) => setReset({ ...reset, resetCode: e.target.value })}
                        />
                      </div>
                      <div className="space-y-1.5">
                        <Label htmlFor={field('new-password')}>{t.fields.newPassword}</Label>
                        <PasswordInput
                          id={field('new-password')}
                          name="newPassword"
                          autoComplete="new-password"
                          placeholder={t.placeholders.newPassword}
                          value={reset.newPassword}
                          onChange={(e) => setReset({ ...reset, newPassword: e.target.value })}
                        />
                      </div>
                    </>
                  )}
                </>
              )}
              <Button type="submit" className="w-full" size="lg" disabled={busy}>
                {submitLabel}
              </Button>
            </form>

            {mode === 'login' && confirm && (
              <form onSubmit={submitConfirm} noValidate className="mt-6 space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4" aria-label={t.confirm.title}>
                <h2 className="text-base font-semibold text-slate-900">{t.confirm.title}</h2>
                <p className="text-sm text-slate-700">{t.confirm.help}</p>
                <div className="space-y-1.5">
                  <Label htmlFor={field('confirm-code')}>{t.confirm.code}</Label>
                  <Input
                    id={field('confirm-code')}
                    name="confirmationCode"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    placeholder={t.confirm.placeholder}
                    value={confirm.code}
                    onChange={(e) => setConfirm({ ...confirm, code: e.target.value })}
                  />
                </div>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <Button type="submit" disabled={confirmCall.isPending}>
                    {confirmCall.isPending ? t.confirm.busy : t.confirm.submit}
                  </Button>
                  <Button variant="link" onClick={resendCode} disabled={resendCall.isPending}>
                    {t.confirm.resend}
                  </Button>
                </div>
              </form>
            )}

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
