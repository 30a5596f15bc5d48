import { brandRoutes } from '@shared/api/routes/brand';
import { getReportBrand } from '../../domain/brand/brand';
import { api } from '../api';

export const handler = api(brandRoutes.getBrand).handler(async ({ input }) => getReportBrand(input.params.id));
