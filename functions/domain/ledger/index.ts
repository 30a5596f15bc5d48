/**
 * The ledger area's public API: the sections' writers refresh the parts of what they wrote (the ledgerParts worker
 * computes the parts they queue); the status change asks Final's gate on figures; the export lists the figures'
 * sources.
 */
export { computeQueuedParts, figureSources, refreshSectionLedger } from './ledger';
export { assertLedgerAllowsFinal } from './gate';
