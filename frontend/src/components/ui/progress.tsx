import { cn } from '@/lib/cn';

/** A progress bar (spec: maximum defaults to 100). `value` undefined means indeterminate. */
export function ProgressBar({ value, max = 100, label, className }: { value?: number; max?: number; label: string; className?: string }) {
  const pct = value === undefined ? undefined : Math.max(0, Math.min(100, (value / max) * 100));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      {...(value !== undefined ? { 'aria-valuenow': Math.round(value) } : {})}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-slate-200', className)}
    >
      <div
        className={cn('h-full rounded-full bg-sky-600 transition-[width] duration-200', pct === undefined && 'w-1/3 animate-pulse')}
        style={pct !== undefined ? { width: `${pct}%` } : undefined}
      />
    </div>
  );
}
