import type { LogoKind } from '@shared/schemas/exports';

/** The kind a logo's file name claims (jpeg → jpg), or undefined. */
export function logoKindFromName(name: string): LogoKind | undefined {
  const ext = /\.([a-z0-9]+)$/i.exec(name.trim())?.[1]?.toLowerCase();
  if (ext === 'jpeg' || ext === 'jpg') return 'jpg';
  return ext === 'png' || ext === 'svg' ? ext : undefined;
}
