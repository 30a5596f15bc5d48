import { useId, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { ApiError } from '@/lib/api-error';
import { PasswordInput } from './password-input';

/** What sign-in and registration share (the username and password carry over between them). */
export type Account = { username: string; password: string; name: string; email: string };

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

/** A field bound to one text of a form's state: named as that text, showing it, and changing it. */
export function bound<T extends Record<K, string>, K extends keyof T & string>(values: T, setValues: (values: T) => void, key: K) {
  return { name: key, value: values[key], onValue: (value: string) => setValues({ ...values, [key]: value }) };
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
