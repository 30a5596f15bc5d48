/**
 * Uploads with progress. fetch() cannot report upload progress, so files go through XMLHttpRequest:
 * to our API (with the bearer token, refreshed once on a 401) or straight to S3 (presigned POST).
 */
import { ApiError, refreshAccessToken } from './api-client';
import { readToken } from './session-store';

export type Progress = (fraction: number) => void;

function send(url: string, body: FormData, onProgress: Progress, token?: string | null): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new ApiError(0, 'The network connection failed'));
    xhr.onabort = () => reject(new ApiError(0, 'The upload was cancelled'));
    xhr.send(body);
  });
}

function detailOf(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { detail?: string; message?: string };
    return body.detail ?? body.message;
  } catch {
    return undefined;
  }
}

/** POSTs a form to our API with upload progress; answers the parsed JSON or throws ApiError. */
export async function postFormToApi<T>(path: string, form: FormData, onProgress: Progress): Promise<T> {
  let res = await send(path, form, onProgress, readToken());
  if (res.status === 401) {
    const token = await refreshAccessToken();
    if (token) res = await send(path, form, onProgress, token);
  }
  if (res.status < 200 || res.status >= 300) throw new ApiError(res.status, detailOf(res.text));
  return JSON.parse(res.text) as T;
}

/** POSTs a file straight to S3 with a presigned POST (the policy's fields first, the file last). */
export async function postToS3(url: string, fields: Record<string, string>, file: Blob, onProgress: Progress): Promise<void> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', file);
  const res = await send(url, form, onProgress);
  if (res.status < 200 || res.status >= 300) throw new ApiError(res.status, 'The file storage refused the upload');
}
