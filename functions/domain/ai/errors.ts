import { AppError } from '../../lib/errors';

/** The model answered, but not with what was asked for. */
export class InvalidModelOutputError extends AppError {
  readonly status = 502;
}
