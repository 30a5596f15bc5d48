import { brandRoutes } from '@shared/api/routes/brand';
import type { LogoResponse } from '@shared/schemas/exports';
import { callApi } from '@/lib/api-client';
import { postToS3, type Progress } from '@/lib/xhr';

/** Uploads a logo: a presigned POST straight to S3, with progress, then the server checks it. */
export async function uploadLogo(reportId: string, file: File, onProgress: Progress): Promise<LogoResponse> {
  const presign = await callApi(brandRoutes.presignLogo, { params: { id: reportId }, body: { file_name: file.name, file_size: file.size } });
  await postToS3(presign.upload.url, presign.upload.fields, file, onProgress);
  return callApi(brandRoutes.processLogo, { params: { id: reportId, file_id: presign.file_id } });
}
