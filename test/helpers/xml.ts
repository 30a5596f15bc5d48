/**
 * Strict XML parsing for tests (@xmldom/xmldom). Loaded without its typings, which pull the DOM library into
 * the Node project; the few members the tests use are typed here.
 */
import { createRequire } from 'node:module';

export interface XmlElement {
  nodeName: string;
  textContent: string | null;
  getAttribute(name: string): string | null;
  getElementsByTagName(name: string): ArrayLike<XmlElement>;
}
export interface XmlDocument {
  documentElement: XmlElement | null;
  getElementsByTagName(name: string): ArrayLike<XmlElement>;
}

const { DOMParser } = createRequire(import.meta.url)('@xmldom/xmldom') as {
  DOMParser: new (options: { errorHandler: (level: string, message: unknown) => void }) => { parseFromString(text: string, type: string): XmlDocument };
};

/** Parses XML, collecting every error and fatal error (a well-formed document has none). */
export function parseXml(text: string, type = 'image/svg+xml'): { doc: XmlDocument; errors: string[] } {
  const errors: string[] = [];
  const doc = new DOMParser({ errorHandler: (level, message) => void (level !== 'warning' && errors.push(String(message))) }).parseFromString(text, type);
  return { doc, errors };
}
