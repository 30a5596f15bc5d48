import { createHash, timingSafeEqual } from 'node:crypto';
import type middy from '@middy/core';
import { ORIGIN_VERIFY_HEADER } from '@shared/constants';
import { systemDetails } from '@shared/messages/system';
import { ForbiddenError } from '../errors';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Refuses requests that did not come through CloudFront. CloudFront adds a secret header to every request it
 * forwards to the API (an origin custom header, the value generated at deploy in Secrets Manager); a request
 * sent straight to the default execute-api address lacks it and gets 403 before anything else runs.
 * Without ORIGIN_VERIFY_SECRET (the local harness) there is no edge and nothing to check.
 */
export function edgeOrigin(secret: string | undefined = process.env.ORIGIN_VERIFY_SECRET): middy.MiddlewareObj<{ headers?: Record<string, string | undefined> }> {
  const expected = secret ? digest(secret) : undefined;
  return {
    before: async (request) => {
      if (!expected) return;
      const given = request.event.headers?.[ORIGIN_VERIFY_HEADER];
      // compare digests (equal lengths) in constant time, so the answer's timing says nothing about the secret
      if (typeof given !== 'string' || !timingSafeEqual(digest(given), expected)) throw new ForbiddenError(systemDetails.notThroughEdge);
    },
  };
}
