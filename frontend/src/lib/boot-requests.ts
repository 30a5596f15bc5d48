/**
 * Requests the production build's boot script starts before the entry has arrived (frontend/boot-plugin.ts):
 * `/config.json`, and with a stored session its check (`GET /api/auth/verify`). Each answer is taken once, by
 * the code that would otherwise have asked; without it (the dev server, or the answer already taken) that code
 * asks itself.
 */
declare global {
  interface Window {
    /** `/config.json`'s JSON, or null when that request failed */
    __assayConfig?: Promise<unknown>;
    /** the session check sent with the stored token */
    __assayVerify?: Promise<Response>;
  }
}

export function takeBootConfig(): Promise<unknown> | undefined {
  const answer = window.__assayConfig;
  window.__assayConfig = undefined;
  return answer;
}

export function takeBootVerify(): Promise<Response> | undefined {
  const answer = window.__assayVerify;
  window.__assayVerify = undefined;
  return answer;
}
