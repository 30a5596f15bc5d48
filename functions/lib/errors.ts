/**
 * Errors that may be shown to the caller. Every class ends in `Error` and carries its HTTP status.
 * The error mapper turns these into `{ detail }`; anything else becomes a bare 500.
 */
export abstract class AppError extends Error {
  abstract readonly status: number;
  readonly headers: Record<string, string> = {};
  constructor(detail: string) {
    super(detail);
    this.name = new.target.name;
  }
}

/** The base of an error class that answers with `status`: `class NotFoundError extends withStatus(404) {}`. */
export function withStatus<const S extends number>(status: S) {
  return class extends AppError {
    readonly status = status;
  };
}

export class BadRequestError extends withStatus(400) {}
export class AuthenticationError extends withStatus(401) {}
export class ForbiddenError extends withStatus(403) {}
export class NotFoundError extends withStatus(404) {}
export class ConflictError extends withStatus(409) {}
export class PayloadTooLargeError extends withStatus(413) {}
export class UnsupportedMediaTypeError extends withStatus(415) {}
export class TooManyRequestsError extends withStatus(429) {
  constructor(detail: string, retryAfterSeconds: number) {
    super(detail);
    this.headers['retry-after'] = String(Math.max(1, Math.ceil(retryAfterSeconds)));
  }
}
export class ServiceUnavailableError extends withStatus(503) {}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
