import { Download } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { adminTexts } from '@shared/messages/admin';
import { AUDIT_ACTIONS } from '@shared/schemas/audit';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { Select } from '@/components/ui/select';
import { ApiError } from '@/lib/api-client';
import { useExportAuditLog } from '../api/export-audit-log';
import { useAuditLogPages, type AuditFilters } from '../api/list-audit-log';
import { PagedTable } from './paged-table';

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

      <PagedTable query={pages} count={entries.length} loadingTestId="audit-loading" texts={t} columns={[t.columns.at, t.columns.user, t.columns.action, t.columns.target, t.columns.detail]}>
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
      </PagedTable>
    </div>
  );
}
