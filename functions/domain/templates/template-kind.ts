import type { TemplateKind } from '@shared/schemas/templates';

/** The kind a template's file name claims, `macro` for a macro-enabled one, or undefined. */
export function templateKindFromName(name: string): TemplateKind | 'macro' | undefined {
  const ext = /\.([a-z0-9]+)$/i.exec(name.trim())?.[1]?.toLowerCase();
  if (ext === 'docx' || ext === 'dotx') return 'docx';
  if (ext === 'pptx' || ext === 'potx') return 'pptx';
  if (ext === 'docm' || ext === 'dotm' || ext === 'pptm' || ext === 'potm' || ext === 'ppsm') return 'macro';
  return undefined;
}
