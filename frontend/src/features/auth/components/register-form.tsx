import { toast } from 'sonner';
import { authTexts as t } from '@shared/messages/auth';
import type { useRegister } from '../api/register';
import { AuthField, AuthForm, field, refused, type AccountFormProps } from './auth-form';

/** Create an account; its owner then confirms the mailbox with the code mailed to them (onRegistered). */
export function RegisterForm({
  account,
  onAccount,
  call,
  busy,
  onRegistered,
}: AccountFormProps<ReturnType<typeof useRegister>> & {
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
      <AuthField {...field(account, onAccount, 'username')} />
      <AuthField {...field(account, onAccount, 'name')} />
      <AuthField {...field(account, onAccount, 'email')} />
      <AuthField {...field(account, onAccount, 'password')} />
    </AuthForm>
  );
}
