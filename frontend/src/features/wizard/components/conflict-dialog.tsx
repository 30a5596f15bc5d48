import { messages } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

const t = messages.wizard.conflict;

/** A save was refused because another tab or device saved newer work: the user chooses, nothing is lost silently. */
export function ConflictDialog({ open, onLoadNewer, onKeepMine }: { open: boolean; onLoadNewer: () => void; onKeepMine: () => void }) {
  return (
    <Dialog open={open} onOpenChange={() => undefined} title={t.title} description={t.body}>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onKeepMine}>
          {t.keepMine}
        </Button>
        <Button onClick={onLoadNewer}>{t.loadNewer}</Button>
      </div>
    </Dialog>
  );
}
