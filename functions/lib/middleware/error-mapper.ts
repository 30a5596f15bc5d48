import type middy from '@middy/core';
import { systemDetails } from '@shared/messages/system';
import { isAppError } from '../errors';
import { logger } from '../logger';
import type { ApiResult } from './types';

interface MiddyHttpError {
  statusCode: number;
  expose?: boolean;
  message: string;
  cause?: { package?: string; data?: unknown };
}

function isMiddyHttpError(error: unknown): error is MiddyHttpError {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as MiddyHttpError).statusCode === 'number' &&
    (error as MiddyHttpError).expose === true
  );
}

/** Error names AWS services give a request they throttled. */
const THROTTLED = new Set(['ThrottlingException', 'Throttling', 'ThrottledException', 'ProvisionedThroughputExceededException', 'RequestLimitExceeded', 'TooManyRequestsException', 'SlowDown']);
const NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EAI_AGAIN', 'ENOTFOUND']);

/**
 * An AWS service that failed, throttled or did not answer (what the SDK throws once its retries are spent):
 * not the caller's fault and not a bug of ours, so a 503 the caller may retry, never a 500. A service's
 * client-side refusal (a ValidationException: our request was wrong) stays a 500.
 */
function isUpstreamFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { name?: string; code?: string; $fault?: string; $retryable?: unknown; $metadata?: unknown };
  if (e.name === 'TimeoutError' || e.name === 'RequestTimeout' || e.name === 'RequestTimeoutException') return true;
  if (e.code && NETWORK.has(e.code)) return true;
  if (!e.$metadata) return false;
  return e.$fault === 'server' || Boolean(e.$retryable) || THROTTLED.has(e.name ?? '');
}

export function jsonError(statusCode: number, detail: string, headers: Record<string, string> = {}): ApiResult {
  return {
    statusCode,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
    body: JSON.stringify({ detail }),
  };
}

/**
 * Domain errors → their status and `{ detail }`; middy's own HTTP errors → a clear detail;
 * anything else → a bare 500, logged with the request id and never shown.
 */
export function errorMapper(): middy.MiddlewareObj<unknown, ApiResult> {
  return {
    onError: async (request) => {
      const error = request.error;
      if (isAppError(error)) {
        // every refusal is logged (what the caller was told, and why by its class), a 403 as a security event
        const fields = { status: error.status, error: error.name, detail: error.message };
        if (error.status === 403) logger.security('access.denied', fields);
        else if (error.status === 429) logger.security('limit.exceeded', fields);
        else if (error.status >= 500) logger.warn('request failed', fields);
        else logger.info('request refused', fields);
        request.response = jsonError(error.status, error.message, error.headers);
        return;
      }
      if (isMiddyHttpError(error)) {
        if (error.cause?.package === '@middy/http-multipart-body-parser') {
          request.response =
            error.message === 'Unsupported Media Type' ? jsonError(415, systemDetails.multipartContentType) : jsonError(400, systemDetails.multipartInvalid);
          return;
        }
        if (error.cause?.package === '@middy/http-json-body-parser') {
          request.response =
            error.message === 'Unsupported Media Type'
              ? jsonError(415, systemDetails.jsonContentType)
              : jsonError(400, systemDetails.invalidJson);
          return;
        }
        if (error.statusCode < 500) {
          logger.info('request refused', { status: error.statusCode, error: 'HttpError', detail: error.message });
          request.response = jsonError(error.statusCode, error.message);
          return;
        }
      }
      if (isUpstreamFailure(error)) {
        logger.warn('upstream service failed', {
          requestId: request.context?.awsRequestId,
          error: { name: (error as Error).name, message: (error as Error).message },
        });
        request.response = jsonError(503, systemDetails.serviceUnavailable, { 'retry-after': '5' });
        return;
      }
      logger.error('unhandled error', {
        requestId: request.context?.awsRequestId,
        error: error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error),
      });
      request.response = jsonError(500, systemDetails.internal);
    },
  };
}
