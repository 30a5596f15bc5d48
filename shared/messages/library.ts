/**
 * Texts of the client evidence library: the library page, taking items into a report, the duplicate
 * offer on upload, deleting an item that reports use. Not in shared/messages.ts, which every backend bundle carries.
 */
export const libraryDetails = {
  datesReversed: '`from` must not be after `to`',
  replaceItself: 'replace must name the item just added, not one of evidence_ids',
  auditTakenOut: (type: string) => `${type} evidence taken out of the report (other reports still use it)`,
  auditDeletedFromLibrary: (type: string) => `${type} evidence deleted from the client's library, with its files`,
} as const;

export const libraryTexts = {
  pageTitle: 'Client evidence library',
  pageSubtitle: "All of this client's evidence, and which reports use each item.",
  scopeLabel: 'Scope',
  scopeReport: 'Report',
  scopeClient: 'Client library',
  clientLabel: 'Client',
  chooseClient: 'Choose a client to see its evidence library.',
  empty: "This client's library holds no evidence yet.",
  noMatches: 'No evidence matches these filters.',
  loadFailed: 'The library could not be loaded.',
  retry: 'Try again',
  filters: {
    type: 'Type',
    from: 'Added from',
    to: 'Added to',
    report: 'Used by report',
    dimension: 'Dimension',
    any: 'Any',
    clear: 'Clear filters',
  },
  usedBy: 'Used by',
  unused: 'Not used by any report',
  addedOn: (day: string) => `Added ${day}`,
  take: 'Take into report',
  taken: 'In this report',
  takeTo: (title: string) => `Take into “${title}”`,
  takeFromLibrary: 'Take from the client library',
  takeDialogTitle: 'Take evidence from the client library',
  takeDialogHint: 'Items are referenced, not copied: a change to an item shows in every report that uses it.',
  takeNone: 'Every item of the library is already in this report.',
  takeSelected: (n: number) => (n === 1 ? 'Take 1 item' : `Take ${n} items`),
  toasts: {
    taken: (n: number) => (n === 1 ? '1 item taken from the library' : `${n} items taken from the library`),
    takeFailed: 'The items could not be taken from the library.',
    reused: (title: string) => `Using “${title}” from the library instead`,
    reuseFailed: 'The existing item could not be used instead.',
    deleted: 'Deleted from the library',
    deleteFailed: 'The item could not be deleted.',
  },
  duplicate: {
    sameContent: (title: string) => `The client's library already holds this content: “${title}”.`,
    similarText: (title: string, percent: number) => `This is nearly the same text (${percent}% alike) as “${title}” in the client's library.`,
    reuse: 'Use the existing item instead',
    keep: 'Keep both',
  },
  delete: 'Delete from library',
  confirmDeleteUnused: (title: string) => `Delete “${title}” from the client's library? Its files go with it.`,
  confirmDeleteUsed: (title: string, lines: string[]) =>
    `“${title}” is used by these reports:\n${lines.join('\n')}\n\nDeleting it takes it out of them, and their citations of it will be marked as broken. Delete it?`,
  reportLine: (title: string, citations: number) => `• ${title}: ${citations === 0 ? 'not cited' : citations === 1 ? '1 citation would break' : `${citations} citations would break`}`,
} as const;
