import { X } from 'lucide-react';
import { Dialog as D } from 'radix-ui';
import { useRef, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A modal dialog (Radix: focus trap, Escape to close, labelled by its title). */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  className,
  closeLabel = 'Close',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  closeLabel?: string;
}) {
  // Radix gives the focus back to a Dialog.Trigger; these dialogs are opened by ordinary buttons, so the focus
  // goes back to whatever had it when the dialog opened (a keyboard user continues where they were)
  const returnTo = useRef<HTMLElement | null>(null);
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        {/* anchored at the top, not centred: a dialog whose content loads after it opens grows downwards, so its
            title and Close button stay where the user (or a pointer already on its way) found them */}
        <D.Content
          className={cn(
            'fixed left-1/2 top-[7vh] z-50 flex max-h-[86vh] w-[calc(100vw-2rem)] max-w-3xl -translate-x-1/2 flex-col',
            'rounded-xl border border-slate-200 bg-white shadow-xl focus:outline-none',
            className,
          )}
          aria-describedby={description ? undefined : undefined}
          onOpenAutoFocus={() => {
            returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            const back = returnTo.current;
            if (back?.isConnected) {
              event.preventDefault();
              back.focus();
            }
          }}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 p-5">
            <div>
              <D.Title className="text-lg font-semibold">{title}</D.Title>
              {description ? <D.Description className="mt-1 text-sm text-slate-500">{description}</D.Description> : <D.Description className="sr-only">{title}</D.Description>}
            </div>
            <D.Close className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600" aria-label={closeLabel}>
              <X className="h-5 w-5" aria-hidden />
            </D.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto p-5">{children}</div>
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
