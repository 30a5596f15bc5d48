/**
 * What every parser of evidence files shares (the text extraction's and the tables'): how a CommonJS package
 * imported dynamically is reached, and the failure whose message is meant for people.
 */

/** CommonJS packages imported dynamically expose their exports on `default` (Node) or directly (bundlers). */
export function cjsModule<T>(mod: T | { default: T }): T {
  const d = (mod as { default?: T }).default;
  return d !== undefined && d !== null ? d : (mod as T);
}

/** A failure whose message is meant for people: the worker reports it as the `failed` reason. */
export class ExtractionFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExtractionFailedError';
  }
}
