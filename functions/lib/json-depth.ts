/** Nesting limits for JSON we accept (checked on the text, before anything recurses into it). */

/** DynamoDB refuses items nested deeper than 32 levels; no contract of ours comes close. */
export const MAX_JSON_DEPTH = 32;

/** True when JSON text nests arrays and objects deeper than `max` (one linear pass, strings skipped). */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) i++; // backslash: skip the escaped character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x7b || ch === 0x5b) {
      if (++depth > max) return true;
    } else if (ch === 0x7d || ch === 0x5d) depth--;
  }
  return false;
}
