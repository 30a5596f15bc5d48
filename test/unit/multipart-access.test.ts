/**
 * The small-file upload's form goes through the same access check as any JSON body, in a fixed order: the
 * multipart parser reads the form, the route's body schema validates its fields (a bad report_id is a 400), the
 * session is checked, then the access check reads the form's report_id, and only then does the upload code see
 * the file. The real handler module, with the session check, the limits, the access check and the upload's domain
 * code replaced by recorders (no I/O).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { details } from '@shared/messages';
import { COLD_START_ENV } from '../helpers/cold-start-env';

const calls: string[] = [];
const authorize = vi.fn();
const upload = vi.fn();

vi.mock('../../functions/domain/auth/session-check', () => ({
  assertSessionLive: async () => {
    calls.push('session');
  },
}));
vi.mock('../../functions/domain/limits/limits', () => ({
  assertClientWithinLimit: async () => undefined,
  assertUserWithinLimit: async () => {
    calls.push('limit');
  },
}));
vi.mock('../../functions/domain/access/access', () => ({
  authorizeRequest: async (...args: unknown[]) => {
    calls.push('access');
    return authorize(...args);
  },
}));
vi.mock('../../functions/domain/evidence/uploads', () => ({
  uploadSmallFile: async (...args: unknown[]) => {
    calls.push('upload');
    return upload(...args);
  },
}));

const REPORT = '0b7f2a4e-8d1c-4c1e-9a59-9f0a2f7f3b11';
const BOUNDARY = 'assay-boundary-1234';

function form(fields: Record<string, string>, file = { name: 'notes.txt', content: 'Revenue grew 12%.' }): string {
  const parts = Object.entries(fields).map(([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  parts.push(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: text/plain\r\n\r\n${file.content}\r\n`);
  return `${parts.join('')}--${BOUNDARY}--\r\n`;
}

const event = (body: string) => ({
  version: '2.0',
  routeKey: 'POST /api/files/upload',
  rawPath: '/api/files/upload',
  rawQueryString: '',
  headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  body: Buffer.from(body).toString('base64'),
  isBase64Encoded: true,
  requestContext: {
    http: { method: 'POST', path: '/api/files/upload', sourceIp: '127.0.0.1' },
    requestId: 'r',
    authorizer: { jwt: { claims: { sub: 's-1', username: 'ann', token_use: 'access', client_id: 'c' }, scopes: [] } },
  },
});
const context = { awsRequestId: 'r', getRemainingTimeInMillis: () => 10_000 };

async function send(body: string): Promise<{ statusCode: number; body: string }> {
  const { handler } = await import('../../functions/http/evidence/upload-file');
  return handler(event(body) as never, context as never) as Promise<{ statusCode: number; body: string }>;
}

beforeEach(() => {
  for (const [k, v] of Object.entries(COLD_START_ENV)) vi.stubEnv(k, v);
  calls.length = 0;
  authorize.mockReset();
  upload.mockReset();
});
afterEach(() => vi.unstubAllEnvs());

describe('POST /api/files/upload: the form\'s report is checked before the upload runs', () => {
  it('parses and validates the form, checks the session, then hands the form\'s report_id to the access check, then uploads', async () => {
    // Prepare
    authorize.mockResolvedValue({ user: { username: 'ann' }, reports: new Map(), clients: new Map() });
    upload.mockResolvedValue({ success: true });
    // Act
    const res = await send(form({ report_id: REPORT, storage_type: 'local' }));
    // Assess
    expect(res.statusCode, res.body).toBe(200);
    expect(calls).toEqual(['session', 'access', 'limit', 'upload']);
    expect(authorize).toHaveBeenCalledWith(expect.objectContaining({ username: 'ann' }), [{ kind: 'report', id: REPORT, from: 'input', missing: 'report' }], 'edit');
    // the upload gets the validated fields and the parsed file
    const [fields, parsed] = upload.mock.calls[0] as [unknown, { file: { filename: string } }];
    expect(fields).toEqual({ report_id: REPORT, storage_type: 'local' });
    expect(parsed.file.filename).toBe('notes.txt');
  });

  it('answers what the access check answers (an outsider of a confidential report: 404), and never runs the upload', async () => {
    const { NotFoundError } = await import('../../functions/lib/errors');
    authorize.mockRejectedValue(new NotFoundError(details.reportNotFound));
    const res = await send(form({ report_id: REPORT }));
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(res.body)).toEqual({ detail: details.reportNotFound });
    expect(calls).toEqual(['session', 'access']);
    expect(upload).not.toHaveBeenCalled();
  });

  it('refuses a form whose report_id is not an id with a 400 before the session or the access check', async () => {
    const res = await send(form({ report_id: 'not-a-report' }));
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body).detail).toMatch(/report_id must be a report id or a temp-<uuid> placeholder/);
    expect(calls).toEqual([]);
  });

  it('checks a placeholder in the form as the placeholder it is', async () => {
    authorize.mockResolvedValue({ user: { username: 'ann' }, reports: new Map(), clients: new Map() });
    upload.mockResolvedValue({ success: true });
    await send(form({ report_id: `temp-${REPORT}` }));
    expect(authorize.mock.calls[0]![1]).toEqual([{ kind: 'placeholder', id: `temp-${REPORT}`, from: 'input', missing: 'report' }]);
  });
});
