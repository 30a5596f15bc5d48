import { lazy, Suspense, useEffect, useState } from 'react';
import { relativeTime } from '@shared/domain/relative-time';
import { wizardTexts } from '@shared/messages/wizard';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import type { Conflict } from '../lib/progress-sync';

const t = wizardTexts.conflict;
/** the comparison (and the diff library behind it) loads only when asked for */
const ConflictCompare = lazy(() => import('./conflict-compare'));

/**
 * A save was refused because someone else saved the same step (another person, or this user in another tab or
 * device): the dialog names who and when, and the user keeps theirs, keeps mine, or compares the step side by
 * side first. Nothing is lost either way: the version not kept becomes a saved report file.
 */
export function ConflictDialog({ conflict, onLoadNewer, onKeepMine }: { conflict: Conflict | null; onLoadNewer: () => void; onKeepMine: () => void }) {
  const [comparing, setComparing] = useState(false);
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!conflict) return;
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, [conflict]);
  const steps = conflict?.steps ?? [];
  const named = steps.map((c) => (c.self ? t.savedByYou(c.title, relativeTime(c.at, now)) : t.savedBy(c.who || '—', c.title, relativeTime(c.at, now))));
  const description = named.length ? `${named.join('. ')}. ${t.keep}` : conflict?.detail ? `${conflict.detail}. ${t.keep}` : t.body;
  return (
    <Dialog
      open={conflict !== null}
      onOpenChange={() => undefined}
      title={t.title}
      description={description}
      className={comparing ? 'max-w-5xl' : undefined}
    >
      {comparing && steps.length > 0 && (
        <Suspense fallback={null}>
          <ConflictCompare steps={steps} />
        </Suspense>
      )}
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        {steps.length > 0 && (
          <Button variant="outline" onClick={() => setComparing((c) => !c)} aria-expanded={comparing}>
            {comparing ? t.hideCompare : t.compare}
          </Button>
        )}
        <Button
          variant="outline"
          onClick={() => {
            setComparing(false);
            onKeepMine();
          }}
        >
          {t.keepMine}
        </Button>
        <Button
          onClick={() => {
            setComparing(false);
            onLoadNewer();
          }}
        >
          {t.loadNewer}
        </Button>
      </div>
    </Dialog>
  );
}
