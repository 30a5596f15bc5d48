/**
 * `@name` mentions in a comment: the comment box's autocomplete inserts `@<username>`; the server
 * notifies each mentioned username that may read the client. Text in code (inline or fenced) mentions nobody.
 */

/** The characters of a username (shared/schemas/auth.ts usernameField), without '@' (it starts the next mention). */
const MENTION = /(?<![\p{L}\p{N}_.@+-])@([\p{L}\p{N}._+-]{1,128})/gu;

/** At most this many people are notified from one comment. */
const MAX_MENTIONS = 20;

/** The usernames a comment mentions, lower-cased, each once, in order; a sentence's full stop is not part of one. */
export function parseMentions(body: string): string[] {
  const text = body.replace(/```[\s\S]*?(```|$)/g, ' ').replace(/`[^`\n]*`/g, ' ');
  const out: string[] = [];
  for (const m of text.matchAll(MENTION)) {
    const name = m[1]!.replace(/[.]+$/, '').toLowerCase();
    if (name && !out.includes(name)) out.push(name);
  }
  return out.slice(0, MAX_MENTIONS);
}

/** The `@query` being typed just before the caret, for the autocomplete (null when the caret is not in one). */
export function mentionQueryAt(text: string, caret: number): { query: string; start: number } | null {
  const before = text.slice(0, caret);
  const m = /(?:^|[^\p{L}\p{N}_.@+-])@([\p{L}\p{N}._+-]{0,64})$/u.exec(before);
  if (!m) return null;
  return { query: m[1]!, start: caret - m[1]!.length - 1 };
}
