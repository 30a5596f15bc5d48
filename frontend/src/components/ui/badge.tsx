import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

export type BadgeTone = 'warning' | 'primary' | 'success' | 'neutral' | 'danger';

export const badgeTones: Record<BadgeTone, string> = {
  warning: 'bg-amber-100 text-amber-800 border-amber-200',
  primary: 'bg-sky-100 text-sky-800 border-sky-200',
  success: 'bg-emerald-100 text-emerald-800 border-emerald-200',
  neutral: 'bg-slate-100 text-slate-700 border-slate-200',
  danger: 'bg-red-100 text-red-800 border-red-200',
};

export function Badge({ tone = 'neutral', className, ...props }: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return <span className={cn('inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-medium', badgeTones[tone], className)} {...props} />;
}
