import { useQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { libraryTexts } from '@shared/messages/library';
import { libraryUi } from '@shared/messages/library-ui';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { getOrganization } from '../api/get-organization';
import { organizationKeys, useOrganizationPages } from '../api/list-organizations';

const t = libraryUi.clientPicker;

/**
 * Chooses a client (the library page's scope): the clients the signed-in user can see, by name, from the
 * organizations list (confidential clients only for their team: the list route applies the access policy).
 * A chosen client the pages loaded so far do not hold (a link) is still named, read on its own.
 */
export function ClientPicker({ value, onChange, className }: { value: string; onChange: (id: string) => void; className?: string }) {
  const id = useId();
  const pages = useOrganizationPages(true);
  const loaded = useMemo(() => pages.data?.pages.flatMap((p) => p.items) ?? [], [pages.data]);
  const missing = Boolean(value) && pages.isSuccess && !loaded.some((o) => o.id === value);
  const chosen = useQuery({ queryKey: [...organizationKeys.all, 'one', value], queryFn: () => getOrganization(value), enabled: missing, retry: false });
  const options = useMemo(() => {
    const list = loaded.map((o) => ({ value: o.id, label: o.name }));
    if (value && !list.some((o) => o.value === value)) list.unshift({ value, label: chosen.data?.name ?? value });
    return [{ value: '', label: pages.isPending ? t.loading : t.placeholder }, ...list];
  }, [loaded, value, chosen.data, pages.isPending]);
  const status = pages.isError ? t.loadFailed : pages.isSuccess && loaded.length === 0 ? t.none : null;
  return (
    <div className={cn('space-y-1', className)}>
      <Label htmlFor={id}>{libraryTexts.clientLabel}</Label>
      <div className="flex gap-2">
        <Select
          id={id}
          value={value}
          options={options}
          aria-busy={pages.isPending}
          aria-describedby={status ? `${id}-status` : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
        {pages.hasNextPage && (
          <Button type="button" variant="outline" className="shrink-0" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
            {t.more}
          </Button>
        )}
      </div>
      {status && (
        <p id={`${id}-status`} role={pages.isError ? 'alert' : undefined} className={pages.isError ? 'text-sm text-red-700' : 'text-sm text-slate-600'}>
          {status}
        </p>
      )}
    </div>
  );
}
