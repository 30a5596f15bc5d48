/** "Insert into section": adds the visual, with its caption, at the end of the chosen section of the report. */
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { visualsTexts } from '@shared/messages/visuals';
import { SECTION_KEYS, SECTION_TITLES, type SectionKey } from '@shared/schemas/report-document';
import type { VisualListItem } from '@shared/schemas/visuals';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { ApiError } from '@/lib/api-client';
import { useInsertVisual } from '../api/insert-visual';

const t = visualsTexts;

export function InsertDialog({ reportId, visual, onClose }: { reportId: string; visual: VisualListItem | null; onClose: () => void }) {
  const id = useId();
  const [key, setKey] = useState<SectionKey>('findings');
  const insert = useInsertVisual(reportId);
  const run = async () => {
    if (!visual) return;
    try {
      const { raced } = await insert.mutateAsync({ key, visual });
      toast.success(t.toasts.inserted(SECTION_TITLES[key]), raced ? { description: t.toasts.insertStale } : undefined);
      onClose();
    } catch (error) {
      toast.error(t.toasts.insertFailed, { description: error instanceof ApiError ? error.detail : undefined });
    }
  };
  return (
    <Dialog open={visual !== null} onOpenChange={(o) => !o && onClose()} title={t.insertDialog.title} description={t.insertDialog.help} className="max-w-md">
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          void run();
        }}
      >
        <div className="space-y-1">
          <Label htmlFor={`${id}-section`}>{t.insertDialog.section}</Label>
          <Select id={`${id}-section`} value={key} options={SECTION_KEYS.map((k) => ({ value: k, label: SECTION_TITLES[k] }))} onChange={(e) => setKey(e.target.value as SectionKey)} />
        </div>
        <div className="flex gap-2">
          <Button type="submit" disabled={insert.isPending}>
            {insert.isPending ? t.insertDialog.inserting : t.insertDialog.insert}
          </Button>
          <Button type="button" variant="outline" onClick={onClose}>
            {t.insertDialog.cancel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
