import { useId, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { toast } from 'sonner';
import { authTexts as t } from '@shared/messages/auth';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { ApiError } from '@/lib/api-error';
import { PasswordInput } from './password-input';

/** What sign-in and registration share (the username and password carry over between them). */
export type Account = { username: string; password: string; name: string; email: string };

/** What the screen gives sign-in and registration: the account typed, and its call of the form. */
export interface AccountFormProps<Call> {
  account: Account;
  onAccount: (account: Account) => void;
  /** the screen's call, so an answer that comes after the mode changed is still acted on */
  call: Call;
  busy: boolean;
}

/** The server's words for a refused call, when it sent any. */
export const serverDetail = (error: unknown) => (error instanceof ApiError ? error.detail : undefined);

/** A refused call: the server's words, else `fallback`. */
export const refused = (fallback: string) => (error: unknown) => void toast.error(serverDetail(error) ?? fallback);

/** The form of an auth mode: its fields, then its submit button; nothing is sent while `busy`. */
export function AuthForm({ label, submitLabel, busy, onSubmit, children }: { label: string; submitLabel: string; busy: boolean; onSubmit: () => void; children: ReactNode }) {
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!busy) onSubmit();
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={label}>
      {children}
      <Button type="submit" className="w-full" size="lg" disabled={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}

type FieldProps = { label: string; value: string; onValue: (value: string) => void; password?: boolean } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'value' | 'onChange'> & {
    type?: 'email';
  };

/** The auth forms' fields, by the name of their text in a form's state: what the browser is told of each. */
const FIELDS = {
  username: { autoComplete: 'username' },
  name: { autoComplete: 'name' },
  email: { type: 'email', autoComplete: 'email' },
  password: { password: true, autoComplete: 'new-password' },
  resetCode: { inputMode: 'numeric', autoComplete: 'one-time-code' },
  newPassword: { password: true, autoComplete: 'new-password' },
} as const satisfies Record<keyof typeof t.fields, Partial<FieldProps>>;

/**
 * A field bound to one text of a form's state: named as that text, labelled and described by the auth texts of
 * that name, showing it, and changing it (a form adds or overrides what it needs, such as the focus).
 */
export function field<T extends Record<K, string>, K extends keyof typeof FIELDS>(values: T, setValues: (values: T) => void, key: K) {
  return { ...FIELDS[key], label: t.fields[key], placeholder: t.placeholders[key], name: key, value: values[key], onValue: (value: string) => setValues({ ...values, [key]: value }) };
}

/** A labelled field; `password`: with a show/hide toggle. */
export function AuthField({ label, value, onValue, password, ...input }: FieldProps) {
  const id = useId();
  const props = { id, ...input, value, onChange: (e: { target: { value: string } }) => onValue(e.target.value) };
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {password ? <PasswordInput {...props} /> : <Input {...props} />}
    </div>
  );
}
