import { useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same for `ms`. When `resetKey` changes (another section, another search
 * scope), the new value is taken at once instead of after the pause.
 */
export function useDebounced<T>(value: T, ms: number, resetKey?: unknown): T {
  const [state, setState] = useState({ value, resetKey });
  const reset = state.resetKey !== resetKey;
  // adjusting state to a changed key during render (React re-renders at once), not in an effect
  if (reset) setState({ value, resetKey });
  useEffect(() => {
    const timer = setTimeout(() => setState({ value, resetKey }), ms);
    return () => clearTimeout(timer);
  }, [value, ms, resetKey]);
  return reset ? value : state.value;
}
