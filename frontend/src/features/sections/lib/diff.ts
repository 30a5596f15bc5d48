/**
 * Word diffs for AI Enhance, history and conflicts, and citation checks of a rewrite.
 *
 * The diff is diff-match-patch's (the app's one diff library, which also re-anchors comments) run in word mode:
 * each distinct token (a word, a run of spaces, a newline, any other character) stands for one character of a
 * private alphabet, the two texts are diffed as strings of those characters, and the runs are turned back into
 * text and tidied into whole phrases for a reader ("is able to" → "can" is one replacement).
 */
import DiffMatchPatch from 'diff-match-patch';
import { citationKeysIn } from '@shared/domain/report/citations';

export interface DiffPart {
  text: string;
  kind: 'same' | 'added' | 'removed';
}

/** Letters and digits of the Latin scripts (with diacritics), the soft hyphen and the underscore. */
const WORD_CHARS = 'a-zA-Z0-9_\\u{AD}\\u{C0}-\\u{D6}\\u{D8}-\\u{F6}\\u{F8}-\\u{2C6}\\u{2C8}-\\u{2D7}\\u{2DE}-\\u{2FF}\\u{1E00}-\\u{1EFF}';
/** Tokens: a newline each, a word, a run of other white space, any other character alone. */
const TOKEN = new RegExp(`(\\r?\\n)|[${WORD_CHARS}]+|[^\\S\\n\\r]+|[^${WORD_CHARS}]`, 'gu');

const KIND = { [DiffMatchPatch.DIFF_EQUAL]: 'same', [DiffMatchPatch.DIFF_INSERT]: 'added', [DiffMatchPatch.DIFF_DELETE]: 'removed' } as const;

/** The characters that stand for tokens: every UTF-16 code unit from U+0100 up, but the surrogates. */
const FIRST_CODE = 0x100;
const CODES = 0x10000 - FIRST_CODE - 0x800;
const codeOf = (index: number) => String.fromCharCode(FIRST_CODE + index + (FIRST_CODE + index >= 0xd800 ? 0x800 : 0));
const indexOf = (code: number) => code - FIRST_CODE - (code >= 0xe000 ? 0x800 : 0);

export function wordDiff(beforeText: string, afterText: string): DiffPart[] {
  const tokens: string[] = [];
  const codes = new Map<string, string>();
  const encode = (text: string) => {
    const found = text.match(TOKEN) ?? [];
    let out = '';
    for (let i = 0; i < found.length; i++) {
      // past the last symbols (one kept for each text), a text ends in one token holding the rest
      const token = tokens.length < CODES - 2 ? found[i]! : found.slice(i).join('');
      let code = codes.get(token);
      if (code === undefined) {
        code = codeOf(tokens.length);
        tokens.push(token);
        codes.set(token, code);
      }
      out += code;
      if (token !== found[i]) break;
    }
    return out;
  };
  const dmp = new DiffMatchPatch();
  dmp.Diff_Timeout = 0;
  const diffs = dmp.diff_main(encode(beforeText), encode(afterText), false);
  dmp.diff_cleanupSemantic(diffs);
  return diffs
    .filter(([, text]) => text.length > 0)
    .map(([op, text]) => ({ kind: KIND[op as keyof typeof KIND], text: Array.from(text, (c) => tokens[indexOf(c.charCodeAt(0))]!).join('') }));
}

/** Citation marks the original has that the rewrite lost. */
export const droppedCitations = (before: string, after: string) => {
  const kept = new Set(citationKeysIn(after));
  return citationKeysIn(before).filter((id) => !kept.has(id));
};

/** Accepting a rewrite keeps every citation: the ones it dropped go back at its end. */
export function keepCitations(before: string, after: string): string {
  const lost = droppedCitations(before, after);
  return lost.length ? `${after.trimEnd()} ${lost.map((id) => `[@${id}]`).join('')}` : after;
}
