import { toast } from 'sonner';
import { authTexts as t } from '@shared/messages/auth';
import type { useForgotPassword } from '../api/forgot-password';
import type { useResetPassword } from '../api/reset-password';
import type { ResetState } from '../hooks/use-reset-state';
import { AuthField, AuthForm, field, refused } from './auth-form';

/**
 * A forgotten password: the email first, which is mailed a reset code; then the code and a new password (shown
 * once the code is sent, or as soon as a code is typed).
 */
export function ResetPasswordForm({
  state: { fields, setFields, codeSent, setCodeSent },
  forgotCall,
  resetCall,
  busy,
  onReset,
}: {
  /** the screen's state of the reset (useResetState) */
  state: ResetState;
  /** the screen's calls, so an answer that comes after the mode changed is still acted on */
  forgotCall: ReturnType<typeof useForgotPassword>;
  resetCall: ReturnType<typeof useResetPassword>;
  busy: boolean;
  /** the password was reset */
  onReset: () => void;
}) {
  const hasCode = fields.resetCode.trim().length > 0;

  function submit() {
    if (!hasCode) {
      if (!fields.email.trim()) return void toast.error(t.validation.emailRequired);
      forgotCall.mutate(
        { email: fields.email },
        {
          onSuccess: ({ message, demo_reset_code }) => {
            toast.success(message);
            setCodeSent(true);
            if (demo_reset_code) setFields((r) => ({ ...r, resetCode: demo_reset_code }));
          },
          onError: refused(t.toasts.forgotFailed),
        },
      );
      return;
    }
    if (!fields.email.trim() || !fields.resetCode.trim() || !fields.newPassword) return void toast.error(t.validation.allFields);
    resetCall.mutate(
      { email: fields.email, reset_code: fields.resetCode, new_password: fields.newPassword },
      {
        onSuccess: () => {
          toast.success(t.toasts.resetSuccess);
          onReset();
        },
        onError: refused(t.toasts.resetFailed),
      },
    );
  }

  return (
    <AuthForm label={t.headings.forgot} submitLabel={busy ? t.busy.forgot : hasCode ? t.buttons.reset : t.buttons.sendCode} busy={busy} onSubmit={submit}>
      <AuthField {...field(fields, setFields, 'email')} autoFocus />
      {(codeSent || hasCode) && (
        <>
          <AuthField {...field(fields, setFields, 'resetCode')} />
          <AuthField {...field(fields, setFields, 'newPassword')} />
        </>
      )}
    </AuthForm>
  );
}
