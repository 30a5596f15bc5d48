import type { ResponseOf } from '@shared/api/route-types';
import { authRoutes } from '@shared/api/routes/auth';
import { callApi } from '@/lib/api-client';
import { takeBootVerify } from '@/lib/boot-requests';

type VerifyAnswer = ResponseOf<typeof authRoutes.verify>;

/**
 * GET /api/auth/verify with the stored bearer token (refreshed once on a 401). On a page load the boot script
 * has usually sent it already (with the same stored token): its answer is used when it is a 2xx; anything else
 * (a 401 to refresh, a failure) is asked again here, as before.
 */
export async function verifySession(signal?: AbortSignal): Promise<VerifyAnswer> {
  const early = takeBootVerify();
  let answer: VerifyAnswer | undefined;
  try {
    const res = early && (await early);
    if (res?.ok) answer = (await res.json()) as VerifyAnswer;
  } catch {
    // no answer: asked again below
  }
  if (!answer) return callApi(authRoutes.verify, { signal });
  signal?.throwIfAborted();
  return answer;
}
