import { useId, type ReactNode } from 'react';
import { Label } from './input';

/** A labelled field; `children` gets the input id. The required mark sits outside the label's text. */
export function Field({ label, required, children, className }: { label: string; required?: boolean; children: (id: string) => ReactNode; className?: string }) {
  const id = useId();
  return (
    <div className={className ?? 'space-y-1'}>
      <div className="flex items-baseline gap-1">
        <Label htmlFor={id}>{label}</Label>
        {required && (
          <span className="text-sm text-red-600" aria-hidden>
            *
          </span>
        )}
      </div>
      {children(id)}
    </div>
  );
}
