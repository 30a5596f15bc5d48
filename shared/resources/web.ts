/**
 * Response headers for the SPA, declared once: CloudFront's response-headers policy (infra/stacks/web-stack.ts)
 * and the local gateway's static server use the same values.
 */
export function contentSecurityPolicy(opts: { connectSrc?: readonly string[]; imgSrc?: readonly string[] } = {}): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    // Radix and sonner set inline style attributes and inject a <style> element at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(opts.imgSrc ?? [])],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(opts.connectSrc ?? [])],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
  };
  return Object.entries(directives)
    .map(([k, v]) => `${k} ${v.join(' ')}`)
    .join('; ');
}

export const securityHeaders = {
  strictTransportSecurity: { maxAgeSeconds: 365 * 24 * 60 * 60, includeSubdomains: true },
  referrerPolicy: 'strict-origin-when-cross-origin',
  contentTypeOptions: 'nosniff',
  frameOptions: 'DENY',
} as const;

/** Runtime configuration the SPA reads from `/config.json` (written by the deploy, served by the gateway locally). */
export interface RuntimeConfig {
  providerName: string;
  logoUrl?: string;
  /** false when sign-in goes through the firm's identity provider: no Register link (the routes are not deployed) */
  registration?: boolean;
  /** sign-in through the firm's identity provider (Cognito's hosted UI, authorization code with PKCE) */
  identityProvider?: FederatedSignInConfig;
}

export interface FederatedSignInConfig {
  /** the button says "Sign in with <label>" */
  label: string;
  /** the Cognito name of the provider (`identity_provider=`: straight to the firm's sign-in page) */
  provider: string;
  /** https://<prefix>.auth.<region>.amazoncognito.com/oauth2/authorize */
  authorizeUrl: string;
  /** the app client (public: no secret, PKCE) */
  clientId: string;
}
