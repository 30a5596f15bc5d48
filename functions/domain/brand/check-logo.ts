/**
 * A logo checked by its bytes (pure): PNG, JPEG or SVG, as its name claims, within the size and pixel limits;
 * an SVG comes back sanitized (svg-sanitize.ts).
 */
import { brandDetails } from '@shared/messages/brand';
import { LOGO_MAX_BYTES, LOGO_MAX_PIXELS, type LogoKind } from '@shared/schemas/exports';
import { BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../../lib/errors';
import { jpegSize, looksLikeSvg, pngSize, svgSize } from './image';
import { logoKindFromName } from './logo-kind';

export { logoKindFromName };
import { sanitizeSvg, SvgRefusedError } from './svg-sanitize';

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
  if (!claimed) throw new UnsupportedMediaTypeError(brandDetails.logoName(fileName));
  if (bytes.length > LOGO_MAX_BYTES) throw new PayloadTooLargeError(brandDetails.logoTooLarge(LOGO_MAX_BYTES));
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
      if (error instanceof SvgRefusedError && error.reason === 'empty') throw new BadRequestError(brandDetails.logoSvgEmpty);
      throw new UnsupportedMediaTypeError(brandDetails.logoUnreadable);
    }
    checked = { kind: 'svg', bytes: new TextEncoder().encode(clean.svg), ...svgSize(clean.root) };
  } else if (bytes.length >= 3 && bytes[0] === 0x89 && bytes[1] === 0x50) {
    throw new UnsupportedMediaTypeError(brandDetails.logoUnreadable);
  } else throw new UnsupportedMediaTypeError(brandDetails.logoType);
  if (checked.kind !== claimed) throw new UnsupportedMediaTypeError(brandDetails.logoMismatch(fileName, KIND_LABEL[checked.kind]));
  if (checked.kind !== 'svg' && (checked.width > LOGO_MAX_PIXELS || checked.height > LOGO_MAX_PIXELS)) throw new BadRequestError(brandDetails.logoPixels(LOGO_MAX_PIXELS));
  return checked;
}

