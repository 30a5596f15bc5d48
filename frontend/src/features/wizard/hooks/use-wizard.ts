/**
 * The wizard's state and its persistence, for the page: lib/progress-sync.ts holds the logic (what is unsaved,
 * what a save sends, merging the server's answer, conflicts, browser storage); this hook keeps one of it per page,
 * draws from it, loads a report's progress once it has come through TanStack Query (use-progress), and runs the
 * auto-save (use-auto-save).
 */
import { useEffect, useState } from 'react';
import { browserPorts } from '../lib/browser-ports';
import { ProgressSync } from '../lib/progress-sync';
import { saveSession } from '../lib/save-session';
import { useAutoSave } from './use-auto-save';
import { useProgressQuery } from './use-progress';

export function useWizard(reportParam: string | null) {
  const [sync] = useState(() => new ProgressSync(browserPorts));
  // what the page draws is React state that follows the store, so its updates are scheduled as any state update
  // (batched in an event, at default priority after a request) rather than each forcing a synchronous render
  const [{ state, conflict }, setSnapshot] = useState(sync.getSnapshot);
  useEffect(() => sync.subscribe(() => setSnapshot(sync.getSnapshot())), [sync]);
  const progress = useProgressQuery(reportParam);

  // this tab's save session, settled early (and answering other tabs that ask whether it is alive)
  useEffect(() => void saveSession(), []);

  // the report's progress (or the temporary copy) is shown once per report, when the server's has come (or failed to)
  const { isPending, isError, data } = progress;
  useEffect(() => sync.load(reportParam, { pending: isPending, progress: isError ? undefined : data }), [sync, reportParam, isPending, isError, data]);

  useAutoSave({ save: sync.autoSave, isDirty: () => sync.isDirty(), hasPendingCopy: sync.hasPendingCopy, paused: conflict !== null });

  return {
    state,
    conflict,
    update: sync.update,
    save: sync.save,
    complete: sync.complete,
    loadNewer: sync.loadNewer,
    keepMine: sync.keepMine,
    attachSetup: sync.attachSetup,
    applyServerStep: sync.applyServerStep,
  };
}
