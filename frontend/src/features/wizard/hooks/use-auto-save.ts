/**
 * Auto-save (spec section 4): every 20 seconds when something changed, when the tab is hidden or the page is
 * left (nothing typed is lost: `unload`, whose request may outlive the page), and at once when the browser is
 * back online with a local copy to sync.
 */
import { useEffect, useRef } from 'react';

const AUTO_SAVE_MS = 20_000;

export type AutoSaveReason = 'interval' | 'online' | 'unload';

export function useAutoSave(opts: {
  /** saves now (quietly) */
  save: (reason: AutoSaveReason) => void;
  /** something changed since the last save */
  isDirty: () => boolean;
  /** a local copy waits to be synced to the server */
  hasPendingCopy: () => boolean;
  /** while a conflict is being resolved, nothing saves on its own */
  paused: boolean;
}) {
  const latest = useRef(opts);
  useEffect(() => {
    latest.current = opts;
  });

  useEffect(() => {
    if (opts.paused) return;
    const timer = setInterval(() => {
      const o = latest.current;
      if (o.isDirty() || o.hasPendingCopy()) o.save('interval');
    }, AUTO_SAVE_MS);
    const onOnline = () => {
      if (latest.current.hasPendingCopy()) latest.current.save('online');
    };
    window.addEventListener('online', onOnline);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', onOnline);
    };
  }, [opts.paused]);

  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden' && latest.current.isDirty()) latest.current.save('unload');
    };
    // a reload or a full navigation (the page may go before the visibility changes)
    const onPageHide = () => {
      if (latest.current.isDirty()) latest.current.save('unload');
    };
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onPageHide);
      if (latest.current.isDirty()) latest.current.save('unload');
    };
  }, []);
}
