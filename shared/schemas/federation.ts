import * as z from 'zod/mini';

/** RFC 7636: a code verifier is 43 to 128 characters of [A-Z a-z 0-9 - . _ ~]. */
export const CODE_VERIFIER_PATTERN = /^[A-Za-z0-9._~-]{43,128}$/;

/** The authorization code the hosted UI returned to the SPA, and the PKCE verifier the SPA kept for it. */
export const FederatedSignInBody = z.object({
  code: z.string().check(
    z.minLength(1, { error: 'code is required' }),
    z.maxLength(2048, { error: 'code must be at most 2048 characters' }),
    z.regex(/^[A-Za-z0-9._~-]+$/, { error: 'code may contain only letters, digits and - . _ ~' }),
  ),
  code_verifier: z.string().check(z.regex(CODE_VERIFIER_PATTERN, { error: 'code_verifier must be 43 to 128 characters of letters, digits and - . _ ~' })),
});
export type FederatedSignInBody = z.infer<typeof FederatedSignInBody>;
