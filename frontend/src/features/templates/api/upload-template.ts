import { templateRoutes } from '@shared/api/routes/templates';
import type { TemplateInfo } from '@shared/schemas/templates';
import { callApi } from '@/lib/api-client';
import { postToS3, type Progress } from '@/lib/xhr';

/** Uploads a template (a presigned POST straight to S3, with progress), then the server checks it. Without a client: a firm template. */
export async function uploadTemplate(file: File, organizationId: string | null, onProgress: Progress): Promise<TemplateInfo> {
  const scope = organizationId ? { organization_id: organizationId } : {};
  const presign = await callApi(templateRoutes.presignTemplate, { body: { file_name: file.name, file_size: file.size, ...scope } });
  await postToS3(presign.upload.url, presign.upload.fields, file, onProgress);
  return (await callApi(templateRoutes.processTemplate, { params: { file_id: presign.file_id }, body: scope })).template;
}
