import { ledgerRoutes } from '@shared/api/routes/ledger';
import { reportLedger } from '../../domain/ledger/ledger';
import { api } from '../api';

export const handler = api(ledgerRoutes.getLedger).handler(async ({ input }) => reportLedger(input.params.id, input.query.cursor));
