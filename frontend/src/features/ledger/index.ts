/** The claim ledger's screens: the editor's Figures panel, its counts (shown when a review is requested), its calls. */
export { ledgerKey } from './api/keys';
export { useLedger } from './api/get-ledger';
export { FiguresPanel, type LedgerEntryView } from './components/figures-panel';
export { LedgerCounts } from './components/ledger-counts';
export { PreReadPanel } from './components/pre-read-panel';
