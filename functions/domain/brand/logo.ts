/**
 * The logo of step 10 "Finalize & Brand", uploaded like large evidence: a presigned POST to a staging key,
 * then one processing call that checks the bytes (PNG, JPEG or SVG; size and pixels), sanitizes an SVG and
 * keeps the logo with the report.
 */
import { details } from '@shared/messages';
import { LOGO_MAX_BYTES, LOGO_MAX_PIXELS, LOGO_MIME_TYPES, type LogoKind, type LogoResponse } from '@shared/schemas/exports';
import { keys } from '../../data/keys';
import { deleteObject, getObjectBytes, objectSize, putObject } from '../../data/object-store';
import { claimPendingUpload, deletePendingUpload, getPendingUpload } from '../../data/pending-uploads-repo';
import { BadRequestError, ConflictError, NotFoundError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../../lib/errors';
import { assertReport, logoLink } from './brand';
import { logoKindFromName, logoRef } from './logo-presign';
import { jpegSize, looksLikeSvg, pngSize, svgSize } from './image';
import { sanitizeSvg, SvgRefusedError } from './svg-sanitize';

const CLAIM_STALE_SECONDS = 2 * 60;

const KIND_LABEL: Record<LogoKind, string> = { png: 'a PNG image', jpg: 'a JPEG image', svg: 'an SVG image' };

export interface CheckedLogo {
  kind: LogoKind;
  bytes: Uint8Array;
  width: number;
  height: number;
}

/** Checks a logo by its bytes (and the name's claim); an SVG comes back sanitized. Throws 4xx errors that say why. */
export function checkLogo(fileName: string, bytes: Uint8Array): CheckedLogo {
  const claimed = logoKindFromName(fileName);
  if (!claimed) throw new UnsupportedMediaTypeError(details.logoName(fileName));
  if (bytes.length > LOGO_MAX_BYTES) throw new PayloadTooLargeError(details.logoTooLarge(LOGO_MAX_BYTES));
  let checked: CheckedLogo;
  const png = pngSize(bytes);
  const jpeg = png ? null : jpegSize(bytes);
  if (png) checked = { kind: 'png', bytes, ...png };
  else if (jpeg) checked = { kind: 'jpg', bytes, ...jpeg };
  else if (looksLikeSvg(bytes)) {
    let clean;
    try {
      clean = sanitizeSvg(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    } catch (error) {
      if (error instanceof SvgRefusedError && error.reason === 'empty') throw new BadRequestError(details.logoSvgEmpty);
      throw new UnsupportedMediaTypeError(details.logoUnreadable);
    }
    checked = { kind: 'svg', bytes: new TextEncoder().encode(clean.svg), ...svgSize(clean.root) };
  } else if (bytes.length >= 3 && bytes[0] === 0x89 && bytes[1] === 0x50) {
    throw new UnsupportedMediaTypeError(details.logoUnreadable);
  } else throw new UnsupportedMediaTypeError(details.logoType);
  if (checked.kind !== claimed) throw new UnsupportedMediaTypeError(details.logoMismatch(fileName, KIND_LABEL[checked.kind]));
  if (checked.kind !== 'svg' && (checked.width > LOGO_MAX_PIXELS || checked.height > LOGO_MAX_PIXELS)) throw new BadRequestError(details.logoPixels(LOGO_MAX_PIXELS));
  return checked;
}

/** POST …/brand/logo/{file_id}: checks the uploaded logo and keeps it with the report. Single use. */
export async function processLogo(reportId: string, fileId: string, by: string): Promise<LogoResponse> {
  await assertReport(reportId);
  const pending = await getPendingUpload(fileId);
  if (!pending || pending.report_id !== logoRef(reportId) || pending.created_by !== by) throw new NotFoundError(details.uploadNotFound);
  const size = await objectSize(pending.object_key);
  if (size === undefined) throw new NotFoundError(details.uploadNotFound);
  if (!(await claimPendingUpload(fileId, CLAIM_STALE_SECONDS))) throw new ConflictError(details.uploadBeingProcessed);
  try {
    if (size > LOGO_MAX_BYTES) throw new PayloadTooLargeError(details.logoTooLarge(LOGO_MAX_BYTES));
    const logo = checkLogo(pending.file_name, (await getObjectBytes(pending.object_key)) ?? new Uint8Array());
    const key = keys.brandLogoObject(reportId, fileId, logo.kind);
    await putObject(key, logo.bytes, LOGO_MIME_TYPES[logo.kind]);
    return { success: true, logo_key: key, content_type: LOGO_MIME_TYPES[logo.kind], width: Math.round(logo.width), height: Math.round(logo.height), url: await logoLink(key, logo.kind) };
  } finally {
    // accepted or refused, an upload is processed once
    await deletePendingUpload(fileId);
    await deleteObject(pending.object_key).catch(() => undefined);
  }
}

