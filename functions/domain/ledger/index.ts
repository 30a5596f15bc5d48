/**
 * The ledger area's public API: the sections' writers refresh the parts of what they wrote; the status change
 * asks Final's gate on figures; the export lists the figures' sources.
 */
export { figureSources, refreshSectionLedger } from './ledger';
export { assertLedgerAllowsFinal } from './gate';
