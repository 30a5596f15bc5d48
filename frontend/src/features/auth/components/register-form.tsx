import { toast } from 'sonner';
import { authTexts as t } from '@shared/messages/auth';
import type { useRegister } from '../api/register';
import { AuthField, AuthForm, bound, refused, type Account } from './auth-form';

/** Create an account; its owner then confirms the mailbox with the code mailed to them (onRegistered). */
export function RegisterForm({
  account,
  onAccount,
  call,
  busy,
  onRegistered,
}: {
  account: Account;
  onAccount: (account: Account) => void;
  /** the screen's call, so an answer that comes after the mode changed is still acted on */
  call: ReturnType<typeof useRegister>;
  busy: boolean;
  /** registered: the username, and the code when the deployment shows it (a demo) */
  onRegistered: (username: string, code: string) => void;
}) {
  function submit() {
    const { username, password, name, email } = account;
    if (!username.trim() || !password || !name.trim() || !email.trim()) return void toast.error(t.validation.allFields);
    call.mutate(
      { username, password, name, email },
      {
        onSuccess: ({ message, demo_verification_code }) => {
          toast.success(message);
          onRegistered(username, demo_verification_code ?? '');
        },
        onError: refused(t.toasts.registerFailed),
      },
    );
  }

  return (
    <AuthForm label={t.headings.register} submitLabel={call.isPending ? t.busy.register : t.buttons.register} busy={busy} onSubmit={submit}>
      <AuthField
        label={t.fields.username}
        {...bound(account, onAccount, 'username')}
        autoComplete="username"
        placeholder={t.placeholders.username}
      />
      <AuthField label={t.fields.name} {...bound(account, onAccount, 'name')} autoComplete="name" placeholder={t.placeholders.name} />
      <AuthField
        label={t.fields.email}
        {...bound(account, onAccount, 'email')}
        type="email"
        autoComplete="email"
        placeholder={t.placeholders.email}
      />
      <AuthField
        password
        label={t.fields.password}
        {...bound(account, onAccount, 'password')}
        autoComplete="new-password"
        placeholder={t.placeholders.password}
      />
    </AuthForm>
  );
}
