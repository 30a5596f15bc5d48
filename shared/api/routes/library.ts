import { LibraryDeleted, LibraryItemParams, LibraryItemUsage, LibraryList, LibraryParams, LibraryQuery, TakeFromLibraryBody, TakeFromLibraryResponse } from '@shared/schemas/library';
import { defineRoute, routeTable, S3_BUNDLE_KB } from '../route-types';

/**
 * The client's evidence library: a client's items, the reports that use them, taking items into a
 * report as references, and deleting an item that reports use. An area of its own, so the evidence area keeps
 * the headroom test/infra/stack-limits.test.ts asks of every area.
 */
export const libraryRoutes = routeTable({
  listClientEvidence: defineRoute({
    method: 'GET',
    path: '/api/organizations/{id}/evidence',
    handler: 'library/list-client-evidence',
    summary: "A client's evidence library: every item with the reports that use it; filters by type, day added, report and dimension",
    params: LibraryParams,
    query: LibraryQuery,
    // the filter names a report: checked like any other (one the caller may not see answers as a missing one)
    scope: { report: ['report'] },
    response: LibraryList,
    bundleBudgetKb: 470,
    access: { table: 'read' },
  }),
  takeFromLibrary: defineRoute({
    method: 'POST',
    path: '/api/reports/{id}/evidence/references',
    handler: 'library/take-from-library',
    summary: "Take items of the client's library into the report (references, never copies); `replace` drops a duplicate just uploaded",
    params: LibraryParams,
    body: TakeFromLibraryBody,
    response: TakeFromLibraryResponse,
    bundleBudgetKb: 470,
    access: { table: 'readwrite', evidenceBucket: [{ actions: ['list', 'delete'], prefixes: ['evidence'] }] },
  }),
  getLibraryItemUsage: defineRoute({
    method: 'GET',
    path: '/api/organizations/{id}/evidence/{evidence_id}/usage',
    handler: 'library/get-library-usage',
    summary: 'The reports that use a library item and, per report, the citations that would break if it were deleted',
    params: LibraryItemParams,
    response: LibraryItemUsage,
    // reads the sections, which may be kept in S3
    bundleBudgetKb: S3_BUNDLE_KB,
    access: { table: 'read', evidenceBucket: [{ actions: ['get'], prefixes: ['progress', 'sections'] }] },
  }),
  deleteLibraryItem: defineRoute({
    method: 'DELETE',
    path: '/api/organizations/{id}/evidence/{evidence_id}',
    handler: 'library/delete-library-item',
    summary: "Delete an item from the client's library with its files; the reports that used it keep tombstones for their citations",
    params: LibraryItemParams,
    response: LibraryDeleted,
    bundleBudgetKb: 470,
    access: { table: 'readwrite', evidenceBucket: [{ actions: ['list', 'delete'], prefixes: ['evidence'] }] },
  }),
});
