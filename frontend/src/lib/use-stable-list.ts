import { useState } from 'react';

/**
 * The same array object for as long as its items are the same (`===`, item by item), so a memo that depends
 * on it recomputes only when an item really changed, not whenever the list is rebuilt.
 */
export function useStableList<T>(items: readonly T[]): readonly T[] {
  const [stable, setStable] = useState(items);
  if (stable !== items && (stable.length !== items.length || stable.some((item, i) => item !== items[i]))) {
    // a changed list: remembered for the next render (React re-renders at once), used as it is in this one
    setStable(items);
    return items;
  }
  return stable;
}
