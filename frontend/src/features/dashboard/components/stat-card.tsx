import type { LucideIcon } from 'lucide-react';
import { formatCount } from '../lib/format';

/** A clickable total that opens its modal list. */
export function StatCard({ label, value, icon: Icon, onClick }: { label: string; value: number; icon: LucideIcon; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex items-center justify-between rounded-xl border border-slate-200 bg-white p-5 text-left shadow-sm transition hover:border-sky-300 hover:shadow focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600"
      data-testid="stat-card"
    >
      <span>
        <span className="block text-sm font-medium text-slate-500">{label}</span>
        <span className="mt-1 block text-3xl font-bold text-slate-900" data-testid="stat-value">
          {formatCount(value)}
        </span>
      </span>
      <Icon className="h-8 w-8 text-sky-600" aria-hidden />
    </button>
  );
}
