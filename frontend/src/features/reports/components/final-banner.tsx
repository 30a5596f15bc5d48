import { Lock, LockOpen } from 'lucide-react';
import { useId, useState } from 'react';
import { collaboration } from '@shared/messages/collaboration';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Label } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useReopenReport } from '../api/reopen-report';

const t = collaboration.final;

/**
 * A Final report is read-only (the server refuses every change with 409): the banner says so where it is edited
 * (the editor, the wizard), and offers its leads (`canReopen`) to reopen it, in a dialog that asks for the reason.
 */
export function FinalBanner({ reportId, canReopen }: { reportId: string; canReopen: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <div role="status" className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-950" data-testid="final-banner">
      <p className="flex items-center gap-2">
        <Lock className="h-4 w-4 shrink-0" aria-hidden /> {canReopen ? t.bannerLead : t.banner}
      </p>
      {canReopen && (
        <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
          <LockOpen className="h-4 w-4" aria-hidden /> {t.reopen}
        </Button>
      )}
      <Dialog open={open} onOpenChange={setOpen} title={t.reopenTitle} closeLabel={t.cancel} className="max-w-lg">
        {open && <ReopenForm reportId={reportId} onDone={() => setOpen(false)} />}
      </Dialog>
    </div>
  );
}

function ReopenForm({ reportId, onDone }: { reportId: string; onDone: () => void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const reopen = useReopenReport(reportId);
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (!reason.trim()) return;
        // the promise, not mutate's callbacks: once reopened the banner (and this form) goes, before those would run
        reopen.mutateAsync(reason.trim()).then(
          () => {
            notify.success(t.reopened);
            onDone();
          },
          (error: unknown) => notify.error(t.reopenFailed, error instanceof ApiError ? error.detail : undefined),
        );
      }}
    >
      <p className="text-sm text-slate-700">{t.reopenIntro}</p>
      <div className="space-y-1">
        <Label htmlFor={`${id}-reason`}>{t.reason}</Label>
        <Textarea id={`${id}-reason`} value={reason} maxLength={500} required onChange={(e) => setReason(e.target.value)} />
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          {t.cancel}
        </Button>
        <Button type="submit" disabled={reopen.isPending || !reason.trim()}>
          {reopen.isPending ? t.reopening : t.reopenConfirm}
        </Button>
      </div>
    </form>
  );
}
