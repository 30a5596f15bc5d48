/** An answer other than 2xx from the API. Its own module: the entry checks it without loading the API client. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** the server's `detail` (or the gateway's `message`), when it sent one */
    readonly detail: string | undefined,
  ) {
    super(detail ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
  }
}
