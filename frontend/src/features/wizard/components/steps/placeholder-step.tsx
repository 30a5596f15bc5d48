import { Construction } from 'lucide-react';
import { messages } from '@shared/messages';
import { Button } from '@/components/ui/button';

/** Steps 5–10 for now: the spec's placeholder with its single continue button. */
export function PlaceholderStep({ onCompleted }: { onCompleted: () => void }) {
  return (
    <div className="space-y-4 text-center">
      <Construction className="mx-auto h-10 w-10 text-slate-400" aria-hidden />
      <p className="text-slate-600">{messages.wizard.placeholder}</p>
      <Button onClick={onCompleted}>{messages.wizard.placeholderButton}</Button>
    </div>
  );
}
