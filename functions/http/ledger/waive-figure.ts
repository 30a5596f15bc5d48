import { ledgerRoutes } from '@shared/api/routes/ledger';
import { reportInContext } from '../../domain/access/access';
import { waiveFigure } from '../../domain/ledger/waivers';
import { api } from '../api';

export const handler = api(ledgerRoutes.waiveFigure).handler(async ({ input, user, context }) => waiveFigure(reportInContext(context, input.params.id), input.body, user.username));
