import type middy from '@middy/core';
import Busboy from '@fastify/busboy';
import httpMultipartBodyParser from '@middy/http-multipart-body-parser';
import type { RouteDef } from '@shared/api/route-types';
import { BODY_LIMITS } from '@shared/constants';
import { systemDetails } from '@shared/messages/system';
import { BadRequestError } from '../errors';

/** As @middy/http-multipart-body-parser reads "name[]" and "name[key]": a list under `name`. */
const LIST_FIELD = /(.+)\[(.*)]$/;

/**
 * Field names the parser must never see: it collects fields into a plain object, so "constructor[]" or
 * "__proto__[]" reach Object.prototype's members (a function, the prototype itself) and throw from a busboy
 * listener, outside every promise: the process dies. "__proto__" as a file field re-parents the object.
 */
function refusedFieldName(name: string): boolean {
  const base = LIST_FIELD.exec(name)?.[1] ?? name;
  return [name, base].some((n) => n === 'prototype' || n in Object.prototype);
}

/**
 * Every field and file name of a multipart body, read with busboy (the parser's own) and the same limits,
 * without keeping any value, and whether the body is whole. Undefined when the body is not multipart the
 * parser would read at all (it says why).
 */
function readNames(
  event: { headers?: Record<string, string | undefined>; body?: unknown; isBase64Encoded?: boolean },
  limits: object,
): Promise<{ names: string[]; whole: boolean } | undefined> {
  const contentType = event.headers?.['content-type'] ?? event.headers?.['Content-Type'];
  if (typeof event.body !== 'string' || !contentType) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const names: string[] = [];
    let parser: ReturnType<typeof Busboy>;
    try {
      parser = Busboy({ headers: { 'content-type': contentType }, limits });
    } catch {
      return resolve(undefined);
    }
    const broken = () => resolve({ names, whole: false });
    parser
      .on('field', (name: string) => names.push(name))
      .on('file', (name: string, file: NodeJS.ReadableStream) => {
        names.push(name);
        file.on('error', broken); // a file part cut short errors on its own stream
        file.resume();
      })
      .on('finish', () => resolve({ names, whole: true }))
      .on('error', broken);
    try {
      parser.end(Buffer.from(event.body as string, event.isBase64Encoded ? 'base64' : 'utf8'));
    } catch {
      broken();
    }
  });
}

/**
 * multipart/form-data bodies (@middy/http-multipart-body-parser, busboy). busboy stops reading a file
 * at the route's limit and marks it truncated, so the handler can refuse it with a 413. Field names that would
 * reach Object.prototype, and bodies cut short, are refused with a 400 before the parser sees them.
 */
export function multipartBody(route: RouteDef): middy.MiddlewareObj {
  const limit = route.maxBodyBytes ?? BODY_LIMITS.smallJsonBytes;
  const limits = { fileSize: limit, files: 1, fields: 20, fieldSize: 64 * 1024 };
  const parser = httpMultipartBodyParser({ busboy: { limits } }) as middy.MiddlewareObj;
  return {
    before: async (request) => {
      const read = await readNames(request.event as Parameters<typeof readNames>[0], limits);
      const refused = read?.names.find(refusedFieldName);
      if (refused !== undefined) throw new BadRequestError(systemDetails.multipartFieldName(refused));
      // a body cut short: the parser would leave a file part's stream erroring with nobody listening, which
      // ends the process; refused here instead
      if (read && !read.whole) throw new BadRequestError(systemDetails.multipartInvalid);
      await parser.before?.(request);
    },
  };
}
