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

export class BadRequestError extends AppError {
  readonly status = 400;
}
export class AuthenticationError extends AppError {
  readonly status = 401;
}
export class ForbiddenError extends AppError {
  readonly status = 403;
}
export class NotFoundError extends AppError {
  readonly status = 404;
}
export class ConflictError extends AppError {
  readonly status = 409;
}
export class PayloadTooLargeError extends AppError {
  readonly status = 413;
}
export class UnsupportedMediaTypeError extends AppError {
  readonly status = 415;
}
export class TooManyRequestsError extends AppError {
  readonly status = 429;
  constructor(detail: string, retryAfterSeconds: number) {
    super(detail);
    this.headers['retry-after'] = String(Math.max(1, Math.ceil(retryAfterSeconds)));
  }
}
export class ServiceUnavailableError extends AppError {
  readonly status = 503;
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
