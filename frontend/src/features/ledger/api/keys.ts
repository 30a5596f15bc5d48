/** Under ['report', id], so a report's invalidation reloads its ledger too. */
export const ledgerKey = (reportId: string) => ['report', reportId, 'ledger'] as const;
