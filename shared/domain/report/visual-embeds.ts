/**
 * Visuals embedded in report markdown, `![caption](visual:<id>)` (the dialect of ./markdown.ts), found and
 * written without a markdown parser, so the functions that only need to know where a visual is used do not
 * bundle remark.
 */
const EMBED = /!\[((?:\\.|[^\]\\\n])*)\]\(visual:([A-Za-z0-9][A-Za-z0-9_-]{0,63})\)/g;

/** The ids of the visuals a text embeds, in order, each once. */
export function visualIdsIn(markdown: string): string[] {
  const ids: string[] = [];
  for (const m of markdown.matchAll(EMBED)) if (!ids.includes(m[2]!)) ids.push(m[2]!);
  return ids;
}

/** The markdown that embeds a visual with its caption (brackets and backslashes escaped, one line). */
export function visualEmbed(caption: string, id: string): string {
  const text = caption.replace(/\s+/g, ' ').trim().replace(/[\\[\]]/g, (c) => `\\${c}`);
  return `![${text}](visual:${id})`;
}

/** `content` with the visual embedded at its end, as a paragraph of its own. */
export function appendVisual(content: string, caption: string, id: string): string {
  const body = content.replace(/\s+$/, '');
  return `${body}${body ? '\n\n' : ''}${visualEmbed(caption, id)}\n`;
}
