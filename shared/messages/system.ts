/** Error details of any request: its limits, its body, its route, and the server's own failures. */
import { formatBytes } from './format';

export const systemDetails = {
  /** an expensive route's per-user limit: "You have asked for 20 AI drafts in the last minute; …" */
  tooManyRequests: (what: string, max: number, seconds: number) => `You have asked for ${max} ${what} in the last minute; try again in ${seconds} seconds`,
  /** a request that reached the API without passing CloudFront (the execute-api address) */
  notThroughEdge: 'Requests must go through the app address, not straight to the API',
  notFound: 'Not found',
  bodyTooLarge: (max: number) => `Request body is too large (the limit is ${formatBytes(max)})`,
  invalidJson: 'Request body is not valid JSON',
  jsonTooDeep: (max: number) => `Request body nests objects or lists more than ${max} levels deep`,
  jsonContentType: 'Content-Type must be application/json',
  internal: 'Internal server error',
  serviceUnavailable: 'A storage or mail service Assay relies on did not answer; nothing was changed. Please try again in a moment',
  invalidCursor: 'cursor is not valid; start again from the first page',
  /** a page of the claim ledger met a part rewritten while it was read */
  ledgerChanged: 'The figures changed while they were read; try again',
  multipartContentType: 'Content-Type must be multipart/form-data',
  multipartInvalid: 'The request is not valid multipart/form-data',
  multipartFieldName: (name: string) =>
    `The form field name "${name.slice(0, 100)}" is not allowed (it names a built-in property of objects); use the field names the route documents`,
} as const;
