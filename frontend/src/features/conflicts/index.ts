/** Conflicts between sources: the list with both quotes, resolving one, and the editor's marks. */
export { useConflicts } from './api/list-conflicts';
export { ConflictsPanel } from './components/conflicts-panel';
export { conflictMarks } from './lib/marks';
