import { useEffect, useState } from 'react';

/** Once the first page has drawn and the browser was idle, it stays so for every later page. */
let reached = false;

/**
 * False until the browser has been idle once after the first page drew (requestIdleCallback, at most 2 s; a short
 * timer where there is none): for parts a page draws later (the notification bell, the account menu's code), so
 * their download and drawing do not compete with the page's first paint on a slow network or a slow phone.
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(reached);
  useEffect(() => {
    if (ready) return;
    const done = () => {
      reached = true;
      setReady(true);
    };
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(done, { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = window.setTimeout(done, 200);
    return () => window.clearTimeout(timer);
  }, [ready]);
  return ready;
}
