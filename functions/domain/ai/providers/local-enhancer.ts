/**
 * AI Enhance, done locally (deterministic, offline). Citation marks `[@id]` are atoms: they are set aside
 * before any rewrite and put back exactly where their sentence is, so a rewrite never drops or breaks one.
 * - tighten: wordy phrases become short ones; fillers go;
 * - executive: tighten, and hedging goes ("we think that", "perhaps");
 * - expand: the text, then the evidence passages that speak to it most, each cited;
 * - grammar: spacing, capitals after a full stop, a/an, repeated words, a closing full stop;
 * - custom: the nearest of the four, by the words of the instruction.
 * All linear: fixed regexes without nested quantifiers.
 */
import type { CitationRef, EnhanceInstruction } from '@shared/schemas/report-document';
import type { EnhanceInput, EnhanceOutput, EnhancePassage } from '../port/enhance-contract';
import { contentStems } from '../text/text-analysis';

const MARK = /\[@[A-Za-z0-9_][A-Za-z0-9_-]{0,63}\]/g;
const HOLD = (i: number) => `\uE010${i}\uE011`;
const HELD = /\uE010(\d+)\uE011/g;

/** Runs `rewrite` on the text with its citation marks held aside, then puts them back. */
function keepingMarks(text: string, rewrite: (t: string) => string): string {
  const marks: string[] = [];
  const held = text.replace(/[\uE010\uE011]/g, '').replace(MARK, (m) => HOLD(marks.push(m) - 1));
  const out = rewrite(held).replace(HELD, (_, n: string) => marks[Number(n)] ?? '');
  // a mark the rewrite lost (it cannot, but be sure) goes at the end rather than nowhere
  const missing = marks.filter((m) => !out.includes(m));
  return missing.length ? `${out.trimEnd()} ${missing.join('')}` : out;
}

const WORDY: [RegExp, string][] = [
  [/\bin order to\b/gi, 'to'],
  [/\bdue to the fact that\b/gi, 'because'],
  [/\bowing to the fact that\b/gi, 'because'],
  [/\bat this point in time\b/gi, 'now'],
  [/\bat the present time\b/gi, 'now'],
  [/\bin the event that\b/gi, 'if'],
  [/\bwith regard to\b/gi, 'on'],
  [/\bwith respect to\b/gi, 'on'],
  [/\bin terms of\b/gi, 'in'],
  [/\ba number of\b/gi, 'several'],
  [/\bthe majority of\b/gi, 'most'],
  [/\bis able to\b/gi, 'can'],
  [/\bare able to\b/gi, 'can'],
  [/\bhas the ability to\b/gi, 'can'],
  [/\bprior to\b/gi, 'before'],
  [/\bsubsequent to\b/gi, 'after'],
  [/\bin spite of the fact that\b/gi, 'although'],
  [/\bfor the purpose of\b/gi, 'for'],
  [/\bit is important to note that\s*/gi, ''],
  [/\bit should be noted that\s*/gi, ''],
  [/\bneedless to say,?\s*/gi, ''],
  [/\b(basically|actually|really|very|quite|rather|somewhat|essentially)\s+/gi, ''],
  [/\butili[sz]e\b/gi, 'use'],
];

const HEDGES: [RegExp, string][] = [
  [/\b(we|i) (think|believe|feel) that\s+/gi, ''],
  [/\bit (seems|appears) that\s+/gi, ''],
  [/\b(perhaps|maybe|possibly|arguably)\s*,?\s*/gi, ''],
  [/\btry to\s+/gi, ''],
  [/\bkind of\s+|\bsort of\s+/gi, ''],
];

/** Keeps a rewrite's case sensible: a sentence that now starts lower-case gets its capital back. One pass. */
function capitaliseSentences(t: string): string {
  let out = '';
  let start = true;
  let afterStop = false;
  for (const ch of t) {
    if (start && ch >= 'a' && ch <= 'z') {
      out += ch.toUpperCase();
      start = false;
      continue;
    }
    out += ch;
    if (ch === '\n') start = true;
    else if (ch === '.' || ch === '!' || ch === '?') afterStop = true;
    else if (ch === ' ' || ch === '\t') {
      if (afterStop) start = true;
    } else {
      start = false;
      afterStop = false;
    }
  }
  return out;
}

/** "the the" → "the" (but "had had", "that that" are English). One pass over the words. */
function dropRepeatedWords(t: string): string {
  const parts = t.split(/(\s+)/);
  const out: string[] = [];
  let previous = '';
  for (let i = 0; i < parts.length; i += 2) {
    const word = parts[i]!;
    const key = word.toLowerCase();
    if (key && key === previous && /^[a-z]+$/.test(key) && !/^(that|had|is)$/.test(key)) continue;
    if (out.length && parts[i - 1] !== undefined) out.push(parts[i - 1]!);
    out.push(word);
    if (key) previous = key;
  }
  return out.join('');
}
const collapse = (t: string) => t.replace(/[ \t]{2,}/g, ' ').replace(/ +([,.;:!?])/g, '$1');

function tighten(t: string): string {
  let out = t;
  for (const [re, to] of WORDY) out = out.replace(re, to);
  return capitaliseSentences(collapse(out));
}

function executive(t: string): string {
  let out = tighten(t);
  for (const [re, to] of HEDGES) out = out.replace(re, to);
  return capitaliseSentences(collapse(out));
}

const VOWEL_SOUND = /^(?:[aeio]|u(?![nr]i|s[eu]|ti))/i;

function grammar(t: string): string {
  let out = dropRepeatedWords(collapse(t))
    .replace(/\bi\b/g, 'I')
    .replace(/\b(a|an) ([A-Za-z]+)/g, (m, art: string, word: string) => {
      const want = VOWEL_SOUND.test(word) ? 'an' : 'a';
      if (art.toLowerCase() === want) return m;
      return `${art[0] === art[0]!.toUpperCase() ? want.charAt(0).toUpperCase() + want.slice(1) : want} ${word}`;
    });
  out = capitaliseSentences(out);
  // each paragraph ends with a full stop (not after a list, a table or a heading)
  return out
    .split(/\n\s*\n/)
    .map((p) => (/[A-Za-z0-9)\uE011]$/.test(p.trimEnd()) && !/^\s*([-*#|]|\d+\.)/.test(p) ? `${p.trimEnd()}.` : p))
    .join('\n\n');
}

function pickInstruction(custom: string): Exclude<EnhanceInstruction, 'custom'> {
  const c = custom.toLowerCase();
  if (/\b(evidence|expand|longer|detail|support|source)/.test(c)) return 'expand';
  if (/\b(grammar|spelling|typo|punctuation|proofread)/.test(c)) return 'grammar';
  if (/\b(executive|formal|board|confident|assertive|tone)/.test(c)) return 'executive';
  return 'tighten';
}

/** The passages that share the most content words with the text, best first (at most three). */
function relevantPassages(text: string, passages: readonly EnhancePassage[]): EnhancePassage[] {
  const stems = contentStems(text.slice(0, 20_000));
  const present = new Set(text.match(/"[^"]{0,80}"/g) ?? []);
  return passages
    .map((p, i) => {
      const own = contentStems(p.quote);
      let shared = 0;
      for (const s of own) if (stems.has(s)) shared++;
      return { p, i, score: own.size ? shared / own.size : 0 };
    })
    .filter((x) => x.score > 0 && !text.includes(x.p.quote) && !present.has(x.p.quote))
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, 3)
    .map((x) => x.p);
}

export function enhanceLocally(input: EnhanceInput, markFor: (ref: CitationRef) => string): EnhanceOutput {
  const instruction = input.instruction === 'custom' ? pickInstruction(input.custom) : input.instruction;
  switch (instruction) {
    case 'tighten':
      return { text: keepingMarks(input.text, tighten), added: [] };
    case 'executive':
      return { text: keepingMarks(input.text, executive), added: [] };
    case 'grammar':
      return { text: keepingMarks(input.text, grammar), added: [] };
    case 'expand': {
      const chosen = relevantPassages(input.text, input.passages);
      if (!chosen.length) return { text: input.text, added: [] };
      const added = chosen.map((p) => ({ ref: p.ref, mark: markFor(p.ref) }));
      const lines = chosen.map((p, i) => `${p.title}: “${p.quote.replace(/\s+/g, ' ').trim()}” [@${added[i]!.mark}]`);
      return { text: `${input.text.trimEnd()}\n\nThe evidence supports this. ${lines.join(' ')}`, added };
    }
  }
}
