import { useQuery } from '@tanstack/react-query';
import { brandRoutes } from '@shared/api/routes/brand';
import { callApi } from '@/lib/api-client';

const brandKey = (reportId: string) => ['report', reportId, 'brand'] as const;

const getBrand = (reportId: string) => callApi(brandRoutes.getBrand, { params: { id: reportId } });

/** Step 10's brand: the report's own, else its organization's. */
export const useReportBrand = (reportId: string | null) =>
  useQuery({ queryKey: brandKey(reportId ?? ''), queryFn: () => getBrand(reportId!), enabled: Boolean(reportId), staleTime: 60_000 });
