import { brandRoutes } from '@shared/api/routes/brand';
import { saveReportBrand } from '../../domain/brand/brand';
import { reportInContext } from '../../domain/access/access';
import { api } from '../api';

export const handler = api(brandRoutes.saveBrand).handler(async ({ input, user, context }) => saveReportBrand(reportInContext(context, input.params.id), input.body, user.username));
