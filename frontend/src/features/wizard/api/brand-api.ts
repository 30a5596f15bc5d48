/**
 * Step 10's brand: read the report's brand (its own, else its organization's), keep it on the organization,
 * and upload a logo (a presigned POST straight to S3, with progress, then the server checks it).
 */
import { useQuery } from '@tanstack/react-query';
import type { BodyInput } from '@shared/api/route-types';
import { brandRoutes } from '@shared/api/routes/brand';
import type { LogoResponse } from '@shared/schemas/exports';
import { callApi } from '@/lib/api-client';
import { postToS3, type Progress } from '@/lib/xhr';

export const brandKey = (reportId: string) => ['report', reportId, 'brand'] as const;

export const useReportBrand = (reportId: string | null) =>
  useQuery({ queryKey: brandKey(reportId ?? ''), queryFn: () => callApi(brandRoutes.getBrand, { params: { id: reportId! } }), enabled: Boolean(reportId), staleTime: 60_000 });

export const saveBrand = (reportId: string, body: BodyInput<typeof brandRoutes.saveBrand>) => callApi(brandRoutes.saveBrand, { params: { id: reportId }, body });

export async function uploadLogo(reportId: string, file: File, onProgress: Progress): Promise<LogoResponse> {
  const presign = await callApi(brandRoutes.presignLogo, { params: { id: reportId }, body: { file_name: file.name, file_size: file.size } });
  await postToS3(presign.upload.url, presign.upload.fields, file, onProgress);
  return callApi(brandRoutes.processLogo, { params: { id: reportId, file_id: presign.file_id } });
}
