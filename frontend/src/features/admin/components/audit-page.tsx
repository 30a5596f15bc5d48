import { Download } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { adminTexts } from '@shared/messages/admin';
import { shellCommon } from '@shared/messages/shell';
import { AUDIT_ACTIONS } from '@shared/schemas/audit';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { useExportAuditLog } from '../api/export-audit-log';
import { useAuditLogPages, type AuditFilters } from '../api/list-audit-log';

const t = adminTexts.audit;

const EMPTY = { from: '', to: '', user: '', action: '' };
const ACTION_OPTIONS = [{ value: '', label: t.anyAction }, ...AUDIT_ACTIONS.map((a) => ({ value: a, label: t.actions[a] }))];

/** The filters the server is asked with: only those filled in. */
const applied = (form: typeof EMPTY): AuditFilters => Object.fromEntries(Object.entries(form).filter(([, v]) => v.trim() !== '').map(([k, v]) => [k, v.trim()]));

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** /assay/admin/audit: the firm-wide audit log (administrators only), filtered, a page at a time, and as CSV. */
export function AuditPage() {
  const [form, setForm] = useState(EMPTY);
  const [filters, setFilters] = useState<AuditFilters>({});
  const pages = useAuditLogPages(filters);
  const exportCsv = useExportAuditLog();
  const entries = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const set = (field: keyof typeof EMPTY) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: e.target.value }));

  function submit(e: FormEvent) {
    e.preventDefault();
    setFilters(applied(form));
  }

  function download() {
    exportCsv.mutate(filters, { onError: (error) => toast.error(error instanceof ApiError && error.detail ? error.detail : t.exportFailed) });
  }

  return (
    <div className="mx-auto max-w-6xl space-y-6 p-4 sm:p-8">
      <PageHeader title={t.heading} subtitle={t.intro}>
        <Button variant="outline" onClick={download} disabled={exportCsv.isPending || pages.isError}>
          <Download className="h-4 w-4" aria-hidden />
          {exportCsv.isPending ? t.exporting : t.exportCsv}
        </Button>
      </PageHeader>

      <form onSubmit={submit} aria-label={t.filters} className="grid gap-3 rounded-lg border border-slate-200 p-4 sm:grid-cols-5 sm:items-end">
        <Field label={t.from}>{(id) => <Input id={id} type="date" value={form.from} onChange={set('from')} />}</Field>
        <Field label={t.to}>{(id) => <Input id={id} type="date" value={form.to} onChange={set('to')} />}</Field>
        <Field label={t.user}>{(id) => <Input id={id} value={form.user} maxLength={128} onChange={set('user')} />}</Field>
        <Field label={t.action}>{(id) => <Select id={id} value={form.action} options={ACTION_OPTIONS} onChange={set('action')} />}</Field>
        <div className="flex gap-2">
          <Button type="submit">{t.apply}</Button>
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              setForm(EMPTY);
              setFilters({});
            }}
          >
            {t.clear}
          </Button>
        </div>
      </form>

      {pages.isLoading ? (
        <div role="status" aria-busy="true" className="space-y-2" data-testid="audit-loading">
          <span className="sr-only">{shellCommon.loading}</span>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-10" />
          ))}
        </div>
      ) : pages.isError ? (
        <LoadError error={pages.error} fallback={t.loadFailed} retryLabel={adminTexts.retry} onRetry={() => void pages.refetch()} />
      ) : entries.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-sm text-slate-600">{t.empty}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">{t.columns.at}</th>
                <th scope="col" className="px-4 py-2 font-medium">{t.columns.user}</th>
                <th scope="col" className="px-4 py-2 font-medium">{t.columns.action}</th>
                <th scope="col" className="px-4 py-2 font-medium">{t.columns.target}</th>
                <th scope="col" className="px-4 py-2 font-medium">{t.columns.detail}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {entries.map((e) => (
                <tr key={e.id} data-testid="audit-row">
                  <td className="whitespace-nowrap px-4 py-2">
                    <time dateTime={e.at}>{when(e.at)}</time>
                  </td>
                  <td className="px-4 py-2 font-medium">{e.user}</td>
                  <td className="px-4 py-2">{t.actions[e.action]}</td>
                  <td className="px-4 py-2">{e.target.title}</td>
                  <td className="px-4 py-2 text-slate-600">{e.detail}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {pages.hasNextPage ? (
        <Button variant="outline" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
          {pages.isFetchingNextPage ? shellCommon.loading : adminTexts.loadMore}
        </Button>
      ) : null}
    </div>
  );
}
