import { memo, useId, useMemo } from 'react';
import { shellCommon } from '@shared/messages/shell';
import { Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { useReportPages } from '../api/list-reports';

const t = shellCommon;

/**
 * Chooses the report a page works on (the editor, evidence, visuals and export pages, when no `?report=` is
 * given, and to switch). A report the list has not loaded (an older one, or a link) is still shown by its id.
 */
export const ReportPicker = memo(function ReportPicker({
  value,
  onChange,
  className,
  stacked = false,
}: {
  value: string;
  onChange: (id: string) => void;
  className?: string;
  /** label above the list instead of beside it */
  stacked?: boolean;
}) {
  const id = useId();
  const reports = useReportPages(undefined, true);
  const options = useMemo(() => {
    const list = (reports.data?.pages.flatMap((p) => p.items) ?? []).map((r) => ({ value: r.id, label: r.title }));
    if (value && !list.some((o) => o.value === value)) list.unshift({ value, label: value });
    return [{ value: '', label: t.chooseReportPlaceholder }, ...list];
  }, [reports.data, value]);
  return (
    <div className={cn(stacked ? 'space-y-1' : 'flex items-center gap-2', className)}>
      <Label htmlFor={id}>{t.chooseReport}</Label>
      {/* a fixed width beside its label: the list arriving (titles instead of an id) does not move what is around it */}
      <div className={stacked ? undefined : 'w-64'}>
        <Select id={id} value={value} options={options} onChange={(e) => onChange(e.target.value)} />
      </div>
    </div>
  );
});
