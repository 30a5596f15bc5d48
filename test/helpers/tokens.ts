/**
 * Crafted JWTs for the token-check tests: signed with cognito-local's published key (so only the
 * claim under test is wrong), or unsigned (`alg: none`), or with a tampered payload.
 */
import { createPrivateKey, createSign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const keyFile = join(dirname(require.resolve('cognito-local/package.json')), 'lib', 'keys', 'cognitoLocal.private.json');
const privateKey = createPrivateKey({ key: (JSON.parse(readFileSync(keyFile, 'utf8')) as { jwk: object }).jwk as never, format: 'jwk' });

const b64url = (value: object | Buffer) => (Buffer.isBuffer(value) ? value : Buffer.from(JSON.stringify(value))).toString('base64url');

export function signJwt(payload: Record<string, unknown>, header: Record<string, unknown> = { alg: 'RS256', typ: 'JWT', kid: 'CognitoLocal' }): string {
  const input = `${b64url(header)}.${b64url(payload)}`;
  const signature = createSign('RSA-SHA256').update(input).sign(privateKey);
  return `${input}.${b64url(signature)}`;
}

export function unsignedJwt(payload: Record<string, unknown>): string {
  return `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(payload)}.`;
}

export function decodePayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
}

/** Same header and signature, payload changed: the signature no longer matches. */
export function tamper(token: string, changes: Record<string, unknown>): string {
  const [h, , s] = token.split('.');
  return `${h}.${b64url({ ...decodePayload(token), ...changes })}.${s}`;
}
