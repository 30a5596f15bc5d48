/** A template uploaded through the gateway as the SPA does it: presign, POST the bytes to S3, then the check. */
import { expect } from 'vitest';
import { http } from './http';

/** The answer of the check (or of the presign when it refuses). Without `organizationId` a firm template (administrators). */
export async function uploadTemplate(gw: string, token: string, name: string, bytes: Uint8Array, organizationId?: string) {
  const scope = organizationId ? { organization_id: organizationId } : {};
  const presign = await http(gw, 'POST', '/api/templates/presign', { token, body: { file_name: name, file_size: bytes.length, ...scope } });
  if (presign.status !== 200) return presign;
  const form = new FormData();
  for (const [k, v] of Object.entries(presign.body.upload.fields as Record<string, string>)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)]));
  const s3 = await fetch(presign.body.upload.url, { method: 'POST', body: form });
  expect(s3.status).toBeLessThan(300);
  return http(gw, 'POST', `/api/templates/uploads/${presign.body.file_id}`, { token, body: { ...scope, name: `${name} (test)` } });
}
