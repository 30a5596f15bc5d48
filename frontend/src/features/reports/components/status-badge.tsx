import type { ReportStatus } from '@shared/domain/options';
import { dashboardTexts } from '@shared/messages/dashboard';
import { Badge, badgeTones, type BadgeTone } from '@/components/ui/badge';
import { cn } from '@/lib/cn';

/** Spec: Draft warning, In Review primary, Final success. */
const statusTone: Record<ReportStatus, BadgeTone> = { Draft: 'warning', 'In Review': 'primary', Final: 'success' };

export function StatusBadge({ status }: { status: ReportStatus }) {
  return (
    <Badge tone={statusTone[status]} data-status={status}>
      {status}
    </Badge>
  );
}

/** The badge as a button: a click moves the report to the next status. */
export function StatusButton({ status, onClick, disabled }: { status: ReportStatus; onClick: () => void; disabled?: boolean }) {
  return (
    <button
      type="button"
      // busy: announced and ignored, but still focusable, so a keyboard user keeps their place (a disabled
      // button would drop the focus to the page)
      onClick={() => !disabled && onClick()}
      aria-disabled={disabled || undefined}
      aria-label={dashboardTexts.statusButton(status)}
      data-status={status}
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-medium transition-opacity hover:opacity-80',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600 aria-disabled:opacity-50',
        badgeTones[statusTone[status]],
      )}
    >
      {status}
    </button>
  );
}
