/**
 * The ledgerParts worker (shared/api/workers.ts): started by a section's writers (save, compose, restore, complete
 * step) with an asynchronous invocation when a changed section is too large to compute its ledger part on their
 * request. Wiring only: the event is validated, the parts are computed in functions/domain/ledger/ledger.ts.
 */
import { LedgerPartsEvent } from '@shared/schemas/ledger';
import { computeQueuedParts } from '../domain/ledger/index';
import { workerHandler } from '../lib/worker-handler';

export const handler = workerHandler('ledgerParts', 'ledger', LedgerPartsEvent, (event) => computeQueuedParts(event.report_id, event.keys));
