import { brandRoutes } from '@shared/api/routes/brand';
import { getReportBrand } from '../../domain/brand/brand';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';

export const handler = api(brandRoutes.getBrand).handler(async ({ input, context }) => getReportBrand(reportInContext(context, input.params.id)));
