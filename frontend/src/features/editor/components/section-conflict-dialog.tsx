import { useId, useState } from 'react';
import { editorTexts } from '@shared/messages/editor';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Label } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import type { Conflict } from '../hooks/use-section-editor';

const t = editorTexts.conflict;

/** Someone saved the section first: both texts side by side; keep either, or merge them by hand. Nothing is lost. */
export function SectionConflictDialog({ conflict, onResolve }: { conflict: Conflict | null; onResolve: (choice: 'mine' | 'theirs' | { merged: string }) => void }) {
  const ids = useId();
  const [merging, setMerging] = useState(false);
  const [merged, setMerged] = useState('');
  // a new conflict (their save) starts over, not merging (adjusted during render, not in an effect); the merge box
  // starts from both texts as they are when "Merge by hand" is pressed
  const [shown, setShown] = useState<Conflict['theirs'] | null>(null);
  const theirs = conflict?.theirs ?? null;
  if (shown !== theirs) {
    setShown(theirs);
    setMerging(false);
  }
  return (
    <Dialog
      open={conflict !== null}
      onOpenChange={() => undefined}
      title={t.title}
      description={conflict ? t.body(conflict.theirs.updated_by ?? 'someone else', conflict.theirs.version) : undefined}
      className="max-w-6xl"
    >
      {conflict && (
        <div className="space-y-4">
          <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
            <div className="space-y-1">
              <Label htmlFor={`${ids}-mine`}>{t.mine}</Label>
              <Textarea id={`${ids}-mine`} readOnly value={conflict.mine.content} className="min-h-56" />
            </div>
            <div className="space-y-1">
              <Label htmlFor={`${ids}-theirs`}>{t.theirs}</Label>
              <Textarea id={`${ids}-theirs`} readOnly value={conflict.theirs.content} className="min-h-56" />
            </div>
          </div>
          {merging && (
            <div className="space-y-1">
              <Label htmlFor={`${ids}-merged`}>{t.merged}</Label>
              <Textarea id={`${ids}-merged`} value={merged} onChange={(e) => setMerged(e.target.value)} className="min-h-56" />
            </div>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => onResolve('theirs')}>
              {t.keepTheirs}
            </Button>
            <Button variant="outline" onClick={() => onResolve('mine')}>
              {t.keepMine}
            </Button>
            {merging ? (
              <Button onClick={() => onResolve({ merged })}>{t.saveMerged}</Button>
            ) : (
              <Button
                onClick={() => {
                  setMerged(`${conflict.theirs.content}\n\n${conflict.mine.content}`);
                  setMerging(true);
                }}
              >
                {t.merge}
              </Button>
            )}
          </div>
        </div>
      )}
    </Dialog>
  );
}
