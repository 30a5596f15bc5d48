import { ConflictList, ConflictParams, EvidenceConflict, ResolveConflictBody } from '@shared/schemas/ask';
import { ReportIdParams } from '@shared/schemas/report-document';
import { defineRoute, routeTable } from '../route-types';

/** Conflicts between sources: figures two evidence items give differently for one measure, and their resolutions. */
export const conflictRoutes = routeTable({
  listConflicts: defineRoute({
    method: 'GET',
    path: '/api/reports/{id}/conflicts',
    handler: 'conflicts/list-conflicts',
    summary: 'The conflicts between the report\'s sources (a measure and period with different figures), each with both quotes and its resolution',
    params: ReportIdParams,
    response: ConflictList,
    size: 'large',
    // the analyst's reader, to find the conflicts; its word lists and rules grew with the drafter's (+160)
    bundleBudgetKb: 860,
    access: { table: 'read', evidenceBucket: [{ actions: ['get'], prefixes: ['evidence'] }] },
  }),
  resolveConflict: defineRoute({
    method: 'PUT',
    path: '/api/reports/{id}/conflicts/{conflict_id}',
    handler: 'conflicts/resolve-conflict',
    summary: 'Resolve a conflict between sources: choose the source to use, or note why the figures differ (stored, with an audit entry)',
    params: ConflictParams,
    body: ResolveConflictBody,
    response: EvidenceConflict,
    size: 'large',
    bundleBudgetKb: 860, // as listConflicts: the analyst's reader
    access: { table: 'readwrite', evidenceBucket: [{ actions: ['get'], prefixes: ['evidence'] }] },
  }),
});
