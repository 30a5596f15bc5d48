import { LibraryDeleted, LibraryItemParams, LibraryItemUsage, LibraryList, LibraryParams, LibraryQuery, TakeFromLibraryBody, TakeFromLibraryResponse } from '@shared/schemas/library';
import { defineRoute, type RouteDef } from '../route-types';

/**
 * The client's evidence library (issue 25): a client's items, the reports that use them, taking items into a
 * report as references, and deleting an item that reports use. An area of its own, so the evidence area keeps
 * the headroom test/infra/stack-limits.test.ts asks of every area.
 */
export const libraryRoutes = {
  listClientEvidence: defineRoute({
    id: 'listClientEvidence',
    method: 'GET',
    path: '/api/organizations/{id}/evidence',
    handler: 'library/list-client-evidence',
    auth: 'user',
    summary: "A client's evidence library (issue 25): every item with the reports that use it; filters by type, day added, report and dimension",
    bodyType: 'none',
    params: LibraryParams,
    query: LibraryQuery,
    response: LibraryList,
    bundleBudgetKb: 470,
    access: { table: 'read' },
  }),
  takeFromLibrary: defineRoute({
    id: 'takeFromLibrary',
    method: 'POST',
    path: '/api/reports/{id}/evidence/references',
    handler: 'library/take-from-library',
    auth: 'user',
    summary: "Take items of the client's library into the report (references, never copies); `replace` drops a duplicate just uploaded",
    params: LibraryParams,
    body: TakeFromLibraryBody,
    response: TakeFromLibraryResponse,
    bundleBudgetKb: 470,
    access: { table: 'readwrite', evidenceBucket: ['list', 'delete'] },
  }),
  getLibraryItemUsage: defineRoute({
    id: 'getLibraryItemUsage',
    method: 'GET',
    path: '/api/organizations/{id}/evidence/{evidence_id}/usage',
    handler: 'library/get-library-usage',
    auth: 'user',
    summary: 'The reports that use a library item and, per report, the citations that would break if it were deleted',
    bodyType: 'none',
    params: LibraryItemParams,
    response: LibraryItemUsage,
    // reads the sections, which may be kept in S3
    bundleBudgetKb: 500,
    access: { table: 'read', evidenceBucket: ['get'] },
  }),
  deleteLibraryItem: defineRoute({
    id: 'deleteLibraryItem',
    method: 'DELETE',
    path: '/api/organizations/{id}/evidence/{evidence_id}',
    handler: 'library/delete-library-item',
    auth: 'user',
    summary: "Delete an item from the client's library with its files; the reports that used it keep tombstones for their citations",
    bodyType: 'none',
    params: LibraryItemParams,
    response: LibraryDeleted,
    bundleBudgetKb: 470,
    access: { table: 'readwrite', evidenceBucket: ['list', 'delete'] },
  }),
} as const satisfies Record<string, RouteDef>;
