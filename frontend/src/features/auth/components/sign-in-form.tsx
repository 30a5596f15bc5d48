import { toast } from 'sonner';
import { authTexts as t } from '@shared/messages/auth';
import type { User } from '@shared/schemas/auth';
import { ApiError } from '@/lib/api-error';
import type { useLogin } from '../api/login';
import { AuthField, AuthForm, field, serverDetail, type AccountFormProps } from './auth-form';

/** Sign in with a username and password. An account whose mailbox is not proven yet is offered its code (onUnconfirmed). */
export function SignInForm({
  account,
  onAccount,
  call,
  busy,
  focusFirst,
  onSignedIn,
  onUnconfirmed,
}: AccountFormProps<ReturnType<typeof useLogin>> & {
  /** the username takes the focus (not when the screen comes back from registering, whose fields had it) */
  focusFirst: boolean;
  onSignedIn: (token: string, user: User) => void;
  onUnconfirmed: (username: string) => void;
}) {
  function submit() {
    if (!account.username.trim() || !account.password) return void toast.error(t.validation.loginRequired);
    call.mutate(
      { username: account.username, password: account.password },
      {
        onSuccess: ({ token, user }) => onSignedIn(token, user),
        onError: (error) => {
          if (error instanceof ApiError && error.status === 401) return void toast.error(t.toasts.loginInvalid);
          if (error instanceof ApiError && error.status === 403) {
            // the mailbox is not proven yet: say so, and offer the code field and a new code
            onUnconfirmed(account.username.trim());
            return void toast.error(serverDetail(error) ?? t.toasts.loginFailed);
          }
          toast.error(t.toasts.loginFailed, { description: serverDetail(error) });
        },
      },
    );
  }

  return (
    <AuthForm label={t.headings.login} submitLabel={call.isPending ? t.busy.login : t.buttons.login} busy={busy} onSubmit={submit}>
      <AuthField {...field(account, onAccount, 'username')} autoFocus={focusFirst} />
      <AuthField {...field(account, onAccount, 'password')} autoComplete="current-password" />
    </AuthForm>
  );
}
