import type { FormEvent } from 'react';
import { toast } from 'sonner';
import { authTexts as t } from '@shared/messages/auth';
import { Button } from '@/components/ui/button';
import type { useConfirmEmail, useResendConfirmation } from '../api/confirm-email';
import { AuthField, refused } from './auth-form';

/** An account that must prove its mailbox before it can sign in: its username, and the code typed so far. */
export type PendingConfirmation = { username: string; code: string };

/** The code mailed at registration (shown under sign-in while an account waits for it), and a new one on request. */
export function ConfirmEmailForm({
  pending,
  onPending,
  confirmCall,
  resendCall,
}: {
  pending: PendingConfirmation;
  /** the pending confirmation changed (null: confirmed) */
  onPending: (pending: PendingConfirmation | null) => void;
  /** the screen's calls, so an answer that comes after the mode changed is still acted on */
  confirmCall: ReturnType<typeof useConfirmEmail>;
  resendCall: ReturnType<typeof useResendConfirmation>;
}) {
  function submit(event: FormEvent) {
    event.preventDefault();
    if (confirmCall.isPending) return;
    if (!pending.code.trim()) return void toast.error(t.validation.allFields);
    confirmCall.mutate(
      { username: pending.username, code: pending.code },
      {
        onSuccess: ({ message }) => {
          toast.success(message);
          onPending(null);
        },
        onError: refused(t.confirm.failed),
      },
    );
  }

  function resend() {
    resendCall.mutate(pending.username, {
      onSuccess: ({ message, demo_verification_code }) => {
        toast.success(message);
        if (demo_verification_code) onPending({ ...pending, code: demo_verification_code });
      },
      onError: refused(t.confirm.failed),
    });
  }

  return (
    <form onSubmit={submit} noValidate className="mt-6 space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4" aria-label={t.confirm.title}>
      <h2 className="text-base font-semibold text-slate-900">{t.confirm.title}</h2>
      <p className="text-sm text-slate-700">{t.confirm.help}</p>
      <AuthField
        label={t.confirm.code}
        name="confirmationCode"
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder={t.confirm.placeholder}
        value={pending.code}
        onValue={(code) => onPending({ ...pending, code })}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button type="submit" disabled={confirmCall.isPending}>
          {confirmCall.isPending ? t.confirm.busy : t.confirm.submit}
        </Button>
        <Button variant="link" onClick={resend} disabled={resendCall.isPending}>
          {t.confirm.resend}
        </Button>
      </div>
    </form>
  );
}
