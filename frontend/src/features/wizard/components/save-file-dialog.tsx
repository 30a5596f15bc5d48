import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { wizardTexts } from '@shared/messages/wizard';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { formatDate } from '@/features/dashboard';
import { getReportFile } from '../api/get-report-file';
import { listReportFiles } from '../api/list-report-files';
import { saveReportFile } from '../api/save-report-file';
import { notify } from '../lib/notify';
import { hasData, type WizardData } from '../lib/types';
import { Field } from '@/components/ui/field';

const t = wizardTexts.saveDialog;
const toasts = wizardTexts.toasts;

/** 'Save Report File': a named snapshot of the wizard data on the server, and the list to restore one. */
export function SaveFileDialog({
  open,
  onOpenChange,
  reportId,
  data,
  onRestore,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  reportId: string | null;
  data: WizardData;
  onRestore: (data: WizardData, name: string) => void;
}) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const files = useQuery({ queryKey: ['report-files', reportId], queryFn: () => listReportFiles(reportId!), enabled: open && Boolean(reportId) });

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!name.trim()) return void notify.error(toasts.fileNameRequired);
    if (!hasData(data)) return void notify.error(toasts.noData);
    if (!reportId) return void notify.error(toasts.saveFileFailed, t.needsReport);
    setBusy(true);
    try {
      const res = await saveReportFile(reportId, name.trim(), data);
      notify.success(res.message);
      setName('');
      await queryClient.invalidateQueries({ queryKey: ['report-files', reportId] });
      onOpenChange(false);
    } catch {
      notify.error(toasts.saveFileFailed);
    } finally {
      setBusy(false);
    }
  }

  async function restore(fileId: string) {
    try {
      const file = await getReportFile(reportId!, fileId);
      onRestore(file.data, file.file_name);
      notify.success(t.restored(file.file_name));
      onOpenChange(false);
    } catch {
      notify.error(toasts.saveFileFailed);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t.title}>
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-3">
        <Field label={t.fileName}>{(id) => <Input id={id} value={name} autoFocus onChange={(e) => setName(e.target.value)} />}</Field>
        {!reportId && <p className="text-sm text-amber-700">{t.needsReport}</p>}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t.cancel}
          </Button>
          <Button type="submit" disabled={busy}>
            {t.save}
          </Button>
        </div>
      </form>
      {reportId && (
        <section className="mt-6 space-y-2">
          <h3 className="text-sm font-semibold">{t.savedFiles}</h3>
          {files.data?.items.length ? (
            <ul className="divide-y divide-slate-100">
              {files.data.items.map((f) => (
                <li key={f.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                  <span>
                    <span className="font-medium">{f.file_name}</span> <span className="text-slate-500">· {formatDate(f.created_at)} · {f.created_by}</span>
                  </span>
                  <Button size="sm" variant="outline" onClick={() => void restore(f.id)}>
                    {t.restore}
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-500">{t.none}</p>
          )}
        </section>
      )}
    </Dialog>
  );
}
