import { brandRoutes } from '@shared/api/routes/brand';
import { saveReportBrand } from '../../domain/brand/brand';
import { api } from '../api';

export const handler = api(brandRoutes.saveBrand).handler(async ({ input, user }) => saveReportBrand(input.params.id, input.body, user.username));
