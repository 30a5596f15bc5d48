import { useRef } from 'react';

/**
 * The same array object for as long as its items are the same (`===`, item by item), so a memo that depends
 * on it recomputes only when an item really changed, not whenever the list is rebuilt.
 */
export function useStableList<T>(items: readonly T[]): readonly T[] {
  const ref = useRef(items);
  const previous = ref.current;
  if (previous !== items && (previous.length !== items.length || previous.some((item, i) => item !== items[i]))) ref.current = items;
  return ref.current;
}
