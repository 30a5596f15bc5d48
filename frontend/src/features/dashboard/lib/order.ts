/**
 * The Recent Reports grid shows the most recently updated reports. A user's own drag order is applied
 * on top: reports the user has not placed yet (new activity) come first, newest first, then the rest
 * in the user's saved order.
 */
export function applySavedOrder<T extends { id: string }>(items: readonly T[], savedIds: readonly string[]): T[] {
  const position = new Map(savedIds.map((id, i) => [id, i]));
  const unplaced = items.filter((r) => !position.has(r.id));
  const placed = items.filter((r) => position.has(r.id)).sort((a, b) => position.get(a.id)! - position.get(b.id)!);
  return [...unplaced, ...placed];
}

/** The order to keep after a drag: the grid as it now is, then earlier saved ids not on the grid. */
export function mergeOrder(gridIds: readonly string[], savedIds: readonly string[], max = 500): string[] {
  const onGrid = new Set(gridIds);
  return [...gridIds, ...savedIds.filter((id) => !onGrid.has(id))].slice(0, max);
}

/** Moves one element (dnd-kit's arrayMove, without the dependency in pure code). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
}
