import { createHash } from 'node:crypto';

/** A refresh token's record is keyed by its SHA-256, never by the token itself. */
export const refreshTokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');
