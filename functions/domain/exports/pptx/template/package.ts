/**
 * An OOXML package as its parts by path, and what the finishing pass reads of it: attributes, relationship
 * targets, content type overrides; written back in one pass.
 */
import { strFromU8, unzipSync, zipSync, type Zippable } from 'fflate';

export const REL_SLIDE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/slide';
export const REL_NOTES_MASTER = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/notesMaster';

export const attr = (tag: string, name: string): string | undefined => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
const dir = (path: string) => path.slice(0, path.lastIndexOf('/'));
export const relsOf = (path: string) => `${dir(path)}/_rels/${path.slice(path.lastIndexOf('/') + 1)}.rels`;

/** A relationship target as a package path (relative to its part, or absolute). */
export function resolve(from: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = dir(from).split('/');
  for (const seg of target.split('/')) {
    if (seg === '..') parts.pop();
    else if (seg !== '.') parts.push(seg);
  }
  return parts.join('/');
}

export const relTags = (xml: string) => [...xml.matchAll(/<Relationship\b[^>]*\/?>/g)].map((m) => ({ tag: m[0], id: attr(m[0], 'Id')!, type: attr(m[0], 'Type') ?? '', target: attr(m[0], 'Target') ?? '' }));

/** Content type overrides by part name. */
export const overridesOf = (types: string) => new Map([...types.matchAll(/<Override\b[^>]*\/>/g)].map((m) => [attr(m[0], 'PartName')!.slice(1), m[0]]));

/** A package's parts by path (folders left out). */
export type Parts = Record<string, Uint8Array>;
export const text = (parts: Parts, path: string) => (parts[path] ? strFromU8(parts[path]) : '');
export const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

export function unzip(bytes: Uint8Array): Parts {
  const out: Parts = {};
  for (const [path, data] of Object.entries(unzipSync(bytes))) if (!path.endsWith('/')) out[path] = data;
  return out;
}

/** Pictures, media and workbooks are compressed already: stored as they are; XML is deflated. */
const STORED = /\.(png|jpe?g|gif|xlsx|mp4|m4a|mp3|wdp)$/i;

/** The package's bytes, in one pass, `[Content_Types].xml` first. */
export function zip(parts: Parts): Uint8Array {
  const out: Zippable = {};
  const ordered = ['[Content_Types].xml', ...Object.keys(parts).filter((p) => p !== '[Content_Types].xml')];
  for (const path of ordered) if (parts[path]) out[path] = [parts[path], { level: STORED.test(path) ? 0 : 6 }];
  return zipSync(out);
}
