import { useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same for `ms`. When `resetKey` changes (another section, another search
 * scope), the new value is taken at once instead of after the pause.
 */
export function useDebounced<T>(value: T, ms: number, resetKey?: unknown): T {
  const [state, setState] = useState({ value, resetKey });
  const reset = state.resetKey !== resetKey;
  useEffect(() => {
    if (reset) {
      setState({ value, resetKey });
      return;
    }
    const timer = setTimeout(() => setState({ value, resetKey }), ms);
    return () => clearTimeout(timer);
  }, [value, ms, resetKey, reset]);
  return reset ? value : state.value;
}
