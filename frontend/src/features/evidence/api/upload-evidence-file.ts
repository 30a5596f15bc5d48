import type { UploadResponse } from '@shared/schemas/evidence';
import { SMALL_UPLOAD_BYTES } from '@shared/domain/evidence-display';
import { evidenceRoutes } from '@shared/api/routes/evidence';
import { callApi } from '@/lib/api-client';
import { postFormToApi, postToS3, type Progress } from '@/lib/xhr';

/**
 * Uploads one file for a report (or the wizard's placeholder) and waits for its analysis. Files up to 4 MB
 * go through POST /api/files/upload (spec section 7); larger ones straight to S3 with a presigned POST,
 * then POST /api/files/{file_id}/process. `onProgress` gets the upload's fraction; processing follows.
 */
export async function uploadEvidenceFile(reportRef: string, file: File, onProgress: Progress, onProcessing: () => void): Promise<UploadResponse> {
  if (file.size <= SMALL_UPLOAD_BYTES) {
    const form = new FormData();
    form.append('report_id', reportRef);
    form.append('storage_type', 'local');
    form.append('file', file, file.name);
    return postFormToApi<UploadResponse>(evidenceRoutes.uploadFile.path, form, (f) => {
      onProgress(f);
      if (f >= 1) onProcessing();
    });
  }
  const presign = await callApi(evidenceRoutes.presignUpload, { body: { report_id: reportRef, file_name: file.name, file_size: file.size } });
  await postToS3(presign.upload.url, presign.upload.fields, file, onProgress);
  onProcessing();
  return callApi(evidenceRoutes.processUpload, { params: { file_id: presign.file_id }, body: { report_id: reportRef } });
}
