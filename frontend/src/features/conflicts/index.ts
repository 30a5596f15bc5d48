/** Conflicts between sources (issue 25): the list with both quotes, resolving one, and the editor's marks. */
export { listConflicts, useConflicts } from './api/list-conflicts';
export { resolveConflict, useResolveConflict } from './api/resolve-conflict';
export { ConflictsPanel } from './components/conflicts-panel';
export { conflictMarks } from './lib/marks';
