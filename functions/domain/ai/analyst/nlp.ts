/**
 * The language model of the local analyst: wink-nlp with its English web model (sentence boundaries,
 * tokens with their types, parts of speech and lemmas). Loaded on first use, once per process: the model is
 * about 3.5 MB and takes 100–400 ms to load, so only the drafting path pays for it, and only once.
 *
 * Offsets are exact: wink-nlp keeps each token's preceding white space, so a token's place in the text is
 * the running sum of what came before it (checked against the text, and searched for if it ever differs).
 */
import { letterOfAList } from '../text/text-analysis';

export interface Token {
  /** the token as written */
  text: string;
  lower: string;
  lemma: string;
  /** Universal POS tag: NOUN, PROPN, VERB, AUX, ADJ, ADV, ADP, DET, NUM, PRON, CCONJ, SCONJ, PART, PUNCT, SYM, … */
  pos: string;
  /** wink's token type: word, number, punctuation, symbol, currency, email, url, … */
  type: string;
  /** offsets in the evidence text */
  start: number;
  end: number;
}

export interface ParsedSentence {
  start: number;
  end: number;
  text: string;
  tokens: Token[];
  /** a form's question ("Q6. Purpose of the facility requested."): the asker's words, which state nothing of the organization */
  question?: boolean;
}

interface WinkDoc {
  sentences(): { each(cb: (s: { out(f?: unknown): string; tokens(): { each(cb: (t: WinkToken) => void): void } }) => void): void };
  tokens(): { itemAt(k: number): WinkToken | undefined };
}
interface WinkToken {
  out(f?: unknown): string;
}
interface Wink {
  readDoc(text: string): WinkDoc;
  its: Record<string, unknown>;
}

let loading: Promise<Wink> | undefined;
let loaded: Wink | undefined;
/** the model's words have ids below this; a word it has never seen (a company's name) is given one above */
let lexiconSize = 0;

/** wink-nlp and its model, loaded once (lazily: only drafting needs them). */
export function loadNlp(): Promise<Wink> {
  loading ??= (async () => {
    const [{ default: winkNLP }, { default: model }] = await Promise.all([import('wink-nlp'), import('wink-eng-lite-web-model')]);
    const nlp = winkNLP(model, ['sbd', 'pos']) as unknown as Wink;
    // (the first word it has not seen takes the first id past its lexicon)
    lexiconSize = Number(nlp.readDoc('qzxvkqzxvk').tokens().itemAt(0)?.out(nlp.its.uniqueId) ?? 0);
    loaded = nlp;
    return nlp;
  })();
  return loading;
}

/**
 * Whether a capitalised word is a name the model has never seen as a word of English ("Sunfold", "Halden"), not
 * one of its words ("Below", "Private"); false until the model is loaded.
 */
export function isUnknownName(word: string): boolean {
  // (a word the lexicon lacks but English makes, "Billable", "Onboarding", is no name; nor is its plural, "Sailings", "Vacancies")
  const unknown = (w: string) => /^\p{Lu}\p{Ll}+$/u.test(w) && !/(?:able|ible|ing|ed|tion|sion|ment|ness|ity|ful|less|ive|ous|al|ism|ist|ise|ize|ly|ship|ance|ence)$/.test(w) && !isEnglishWord(w);
  const singulars = /[^s]s$/.test(word) ? [word.replace(/ies$/, 'y'), word.replace(/es$/, ''), word.slice(0, -1)] : [];
  return Boolean(loaded) && unknown(word) && singulars.every(unknown);
}

/** Whether a word, read in lower case, is an adjective of English ("dental", "private", "urgent"): no company's name when it opens a line. */
export function isAdjective(word: string): boolean {
  if (!loaded || !/^\p{L}+$/u.test(word)) return false;
  return loaded.readDoc(word.toLowerCase()).tokens().itemAt(0)?.out(loaded.its.pos) === 'ADJ';
}

/** Whether a word is one of the model's words of English ("below", "private", "demand"); false until the model is loaded. */
export function isEnglishWord(word: string): boolean {
  if (!loaded || !/^\p{L}+$/u.test(word)) return false;
  return Number(loaded.readDoc(word.toLowerCase()).tokens().itemAt(0)?.out(loaded.its.uniqueId) ?? Infinity) < lexiconSize;
}

/**
 * Sentences of `text` from `from` to `to` (offsets of the whole text), each with its tokens. The span should
 * be a line or a paragraph; wink finds the sentence boundaries inside it.
 */
export function parseSpan(nlp: Wink, text: string, from: number, to: number): ParsedSentence[] {
  // a time of day written with a full stop ("7.20pm") is one token, never a figure and a sentence's end: the tagger
  // reads it with a colon instead (the same length, so every offset holds)
  // and a red, amber or green status after a line's label ends no sentence: "Occupancy: AMBER. 79% vs 85% plan" is one
  // statement (the full stop read as a comma, the same length)
  const span = text
    .slice(from, to)
    .replace(/\b(\d{1,2})\.(\d{2}\s?(?:am|pm|a\.m\.|p\.m\.)(?![a-z]))/gi, '$1:$2')
    .replace(/(:\s*(?:RED|AMBER|GREEN|Red|Amber|Green))\.(?=\s+[£$€~\d])/g, '$1,')
    // an estimate's "c." joined to its figure ("c.2.1 years") ends no sentence: read as "~" (the same length)
    .replace(/\b[cC]\.(?=\d)/g, ' ~')
    // a web address's dots ("Booking.com", "gov.uk") end no sentence: read as one word (the same length), written as the text has it
    .replace(/\b[A-Za-z][\w-]*(?:\.(?:com|org|net|io|co|gov|ac|nhs))+(?:\.(?:uk|au|nz|ie))?\b/g, (w) => w.replace(/\./g, '_'));
  const doc = nlp.readDoc(span);
  const its = nlp.its;
  const out: ParsedSentence[] = [];
  let cursor = 0;
  let asking = false;
  doc.sentences().each((sentence) => {
    const tokens: Token[] = [];
    sentence.tokens().each((t) => {
      const value = t.out();
      const spaces = t.out(its.precedingSpaces);
      let at = cursor + spaces.length;
      if (span.slice(at, at + value.length) !== value) {
        const found = span.indexOf(value, cursor);
        if (found < 0) return;
        at = found;
      }
      cursor = at + value.length;
      // (the text as written: a web address read with underscores is written with its dots)
      const written = value.includes('_') ? text.slice(from + at, from + at + value.length) : value;
      // (a score over its scale, "7.9/10", is a figure, a slash and the scale, as "7.9 / 10" is read)
      const scored = /^(\d+(?:\.\d+)?)\/(5|7|10|20|100)$/.exec(written);
      if (scored) {
        const [score, scale] = [scored[1]!, scored[2]!];
        const base = from + at;
        tokens.push(
          { text: score, lower: score, lemma: score, pos: 'NUM', type: 'number', start: base, end: base + score.length },
          { text: '/', lower: '/', lemma: '/', pos: 'SYM', type: 'punctuation', start: base + score.length, end: base + score.length + 1 },
          { text: scale, lower: scale, lemma: scale, pos: 'NUM', type: 'number', start: base + score.length + 1, end: base + written.length },
        );
        return;
      }
      tokens.push({
        text: written,
        lower: written.toLowerCase(),
        lemma: (t.out(its.lemma) || value).toLowerCase(),
        pos: t.out(its.pos),
        type: t.out(its.type),
        start: from + at,
        end: from + at + value.length,
      });
    });
    if (!tokens.length) return;
    // a form's numbered question or answer label at a line's start ("Q2.", "A.", "Q 3.") is no word of the sentence
    let first = formLabelEnd(tokens, text);
    const label = first ? tokens.slice(0, first).find((t) => t.pos !== 'SPACE')!.text[0] : undefined;
    if (first >= tokens.length) {
      asking = label === 'Q';
      return;
    }
    const question = asking || label === 'Q';
    asking = false;
    // the tokenizer keeps "D." of "rated condition C or D. Teaching-room utilisation fell" as an initial: a list's last letter ends the sentence
    for (let k = 0; k < tokens.length - 1; k++) {
      const t = tokens[k]!;
      // (and a scale after a figure, "£140k. Headcount …", ends it too)
      const scale = /^(?:k|m|bn|p|x)\.$/i.test(t.text) && tokens[k - 1]?.type === 'number' && t.start === tokens[k - 1]!.end;
      // (and an answer's "No." or "Yes." before a capital: "No. Heat pumps were 38% of revenue")
      const answer = /^(?:no|yes)\.$/i.test(t.text) && tokens.slice(first, k).every((u) => u.pos === 'PUNCT' || u.text.endsWith(':') || /^[A-Z]{1,3}$/.test(u.text)) && !/^\d/.test(tokens[k + 1]!.text);
      if (answer && /^\p{Lu}/u.test(tokens[k + 1]!.text)) {
        push(tokens.slice(first, k + 1), question);
        first = k + 1;
        continue;
      }
      // (an initial after a title or another initial is part of a name: "Mr D. Haworth", "J. R. Smith")
      const initial = /^(?:mr|mrs|ms|miss|dr|prof|sir|dame|cllr|rev)\.?$/i.test(tokens[k - 1]?.text ?? '') || /^\p{Lu}\.$/u.test(tokens[k - 1]?.text ?? '');
      if ((/^\p{Lu}\.$/u.test(t.text) || scale) && !initial && /^\p{Lu}/u.test(tokens[k + 1]!.text) && (scale || letterOfAList(text.slice(Math.max(tokens[first]!.start, t.start - 40), t.start)))) {
        push(tokens.slice(first, k + 1), question);
        first = k + 1;
      }
    }
    push(tokens.slice(first), question);
  });
  function push(part: Token[], question = false) {
    // an abbreviation's full stop ends no sentence before a figure or a word in lower case ("(est. £0.4m to comply)")
    const before = out.at(-1);
    if (before && ABBREVIATION_END.test(before.text) && /^[£$€\d(a-z]/.test(text.slice(part[0]!.start, part[0]!.start + 1))) {
      out.pop();
      part = [...before.tokens, ...part];
    }
    retagNotes(part);
    const start = part[0]!.start;
    const end = part.at(-1)!.end;
    out.push({ start, end, text: text.slice(start, end), tokens: part, ...(question ? { question } : {}) });
  }
  return out;
}

/** Where a form's question or answer label ends ("Q2.", "A.", "Q 3.", "A1."), when one opens a line; else 0. */
function formLabelEnd(tokens: readonly Token[], text: string): number {
  let k = 0;
  while (tokens[k]?.pos === 'SPACE') k++;
  const t = tokens[k];
  if (!t) return 0;
  const lineStart = /(?:^|\n)[ \t]*$/.test(text.slice(0, t.start));
  if (!lineStart) return 0;
  if (/^[QA]\d{0,2}\.$/.test(t.text)) return k + 1;
  if (/^[QA]\d{0,2}$/.test(t.text) && tokens[k + 1]?.text === '.' && tokens[k + 1]!.start === t.end) return k + 2;
  if (/^[QA]$/.test(t.text) && tokens[k + 1]?.type === 'number' && /^\d{1,2}$/.test(tokens[k + 1]!.text) && tokens[k + 2]?.text === '.') return k + 3;
  return 0;
}

/** Abbreviations a note writes before a figure: "est.", "approx.", "c.", "incl.", "vs.", "e.g.". */
const ABBREVIATION_END = /(?:^|[\s(])(?:est|approx|appr|c|ca|circa|incl|excl|vs|e\.g|i\.e|no|fig|avg|min|max)\.$/i;

/**
 * The tags of notes' shorthand, which the tagger reads as prose: "up" and "down" between a noun and its figure are the
 * verbs of the note (shorthandVerbAt); a verb that opens a note before a noun, with a verb of its own after it, is a word of the measure's
 * name ("Take rate").
 */
function retagNotes(tokens: Token[]): void {
  const figureAfter = (k: number) => {
    const after = tokens[k + 1];
    return after?.type === 'number' || /^[£$€]$/.test(after?.text ?? '') || (/^(?:to|by|from)$/.test(after?.lower ?? '') && (tokens[k + 2]?.type === 'number' || /^[£$€]$/.test(tokens[k + 2]?.text ?? '')));
  };
  const first = tokens.findIndex((t) => t.pos !== 'PUNCT' && t.pos !== 'SYM');
  const opener = tokens[first];
  if (opener && opener.pos === 'VERB' && /^\p{Lu}/u.test(opener.text) && tokens[first + 1]?.pos === 'NOUN' && tokens.slice(first + 2).some((t, j) => t.pos === 'VERB' || t.pos === 'AUX' || (/^(?:up|down)$/.test(t.lower) && figureAfter(first + 2 + j)))) opener.pos = 'NOUN';
  // (a verb and its particle joined by a hyphen that open the sentence before its verb are a noun, its subject: "Lock-up is 131
  // days", "Take-up was 40%")
  // (and so they are with a phrase of what they are of before the verb: "Take-up on the built network is 31%")
  const ofPhrase = tokens.slice(first + 3, first + 10).findIndex((t) => !['ADP', 'DET', 'ADJ', 'NOUN', 'PROPN'].includes(t.pos) || t.text === ',');
  const verbAt = first + 3 + (ofPhrase > 0 && tokens[first + 3]!.pos === 'ADP' ? ofPhrase : 0);
  if (opener && tokens[first + 1]?.text === '-' && tokens[first + 1]!.start === opener.end && tokens[first + 2]?.start === tokens[first + 1]!.end && /^(?:up|off|out|in|over|back|down|through|on)$/.test(tokens[first + 2]!.lower) && ['AUX', 'VERB'].includes(tokens[verbAt]?.pos ?? '') && /^(?:is|are|was|were|has|have|had|stands?|stood|remains?|rose|fell|averaged|averages)$/.test(tokens[verbAt]!.lower) && tokens.slice(verbAt + 1, verbAt + 4).some((t) => t.type === 'number')) {
    opener.pos = 'NOUN';
    tokens[first + 2]!.pos = 'NOUN';
  }
  // (and so they are anywhere before a figure, as a note writes them: "write-off £1.9m", "Write-off of £1.9m", "sign-ups: 4,100")
  for (let k = 0; k + 3 < tokens.length; k++) {
    const [verb, dash, particle, after] = [tokens[k]!, tokens[k + 1]!, tokens[k + 2]!, tokens[k + 3]!];
    const figure = after.type === 'number' || /^[£$€:]$/.test(after.text) || (after.lower === 'of' && (tokens[k + 4]?.type === 'number' || /^[£$€]$/.test(tokens[k + 4]?.text ?? '')));
    if (verb.pos === 'VERB' && dash.text === '-' && dash.start === verb.end && particle.start === dash.end && /^(?:up|off|out|in|over|back|down|through|on)s?$/.test(particle.lower) && figure) {
      verb.pos = 'NOUN';
      particle.pos = 'NOUN';
    }
  }
  // (a gerund that opens the sentence right before its verb is its subject: "Gearing rose to 62%", "Lending grew 8%")
  const finite = (t: Token | undefined) => Boolean(t && (t.pos === 'AUX' || (t.pos === 'VERB' && /(?:ed|[^s]s|rose|fell|grew|held|rang|ran|shrank|sank|stood|came|went|hit|kept|took|made)$/.test(t.lower))));
  if (opener && opener.pos === 'VERB' && /^\p{Lu}\p{Ll}+ing$/u.test(opener.text) && finite(tokens[first + 1])) opener.pos = 'NOUN';
  // (a participle between the opening word and a noun, with the sentence's verb after them, is a word of the measure's name:
  // "Gross written premium up 14%", "Net earned premium fell 3%", "Total billed hours rose")
  const participle = tokens[first + 1];
  if (opener && (opener.pos === 'ADJ' || (opener.pos === 'PROPN' && isAdjective(opener.text))) && /^\p{Lu}\p{Ll}+$/u.test(opener.text) && participle?.pos === 'VERB' && /(?:ed|en|wn)$/.test(participle.lower) && tokens[first + 2]?.pos === 'NOUN' && !tokens.slice(first + 3).some((t) => /^(?:that|which|who)$/.test(t.lower)) && tokens.slice(first + 3).some((t, j) => t.pos === 'VERB' || t.pos === 'AUX' || (/^(?:up|down)$/.test(t.lower) && figureAfter(first + 3 + j)))) participle.pos = 'ADJ';
  // (and a noun the tagger reads as a verb between the sentence's first noun and its verb: "Stock turn has slowed to 4.1 times")
  const second = tokens[first + 1];
  if (opener && ['NOUN', 'PROPN'].includes(opener.pos) && second?.pos === 'VERB' && !/(?:ed|s)$/.test(second.lower) && finite(tokens[first + 2]) && tokens[first + 2]!.pos === 'AUX') second.pos = 'NOUN';
  // who counts is no part of what is counted: "By his count used stock days are 68 days", "On my numbers churn is 19%",
  // "Ruth says shipments were 186,000" (the frame is read as punctuation, so no name takes its words)
  for (let k = 0; k < tokens.length; k++) {
    const w = tokens.slice(k, k + 3).map((t) => t.lower);
    const atStart = tokens.slice(0, k).every((u) => u.pos === 'PUNCT' || u.pos === 'SYM' || (/^[A-Z]{1,3}$/.test(u.text) && tokens[k - 1]?.text === ':') || u.text === ':');
    if (atStart && /^(?:by|on|in|from|according)$/.test(w[0] ?? '') && /^(?:my|our|his|her|their|the|to)$/.test(w[1] ?? '') && /^(?:count|counts|numbers|figures|reckoning|maths|math|data|books|estimate|estimates|measure|definition|calculation|calculations)$/.test(w[2] ?? '')) {
      for (const u of tokens.slice(k, k + 3)) u.pos = 'PUNCT';
      if (tokens[k + 3]?.text === ',') k += 3;
    }
    // ("Warranty claims equal 4.2%": a word that is also a plural noun frames nothing before an adjective)
    if (atStart && tokens[k]!.pos === 'PROPN' && /^\p{Lu}\p{Ll}+$/u.test(tokens[k]!.text) && /^(?:says|said|thinks|reckons|believes|reports|estimates|claims|insists)$/.test(tokens[k + 1]?.lower ?? '') && tokens[k + 2] && ['NOUN', 'ADJ'].includes(tokens[k + 2]!.pos) && tokens[k + 2]!.lower !== 'that' && !(/^(?:reports|estimates|claims)$/.test(tokens[k + 1]!.lower) && (tokens[k + 2]!.pos === 'ADJ' || (/^(?:cost|costs|totalled|totaled|reached|rose|fell|doubled|halved)$/.test(tokens[k + 2]!.lower) && (figureAfter(k + 2) || /^(?:us|the|our)$/.test(tokens[k + 3]?.lower ?? '')))))) {
      tokens[k]!.pos = 'PUNCT';
      tokens[k + 1]!.pos = 'PUNCT';
    }
  }
  // a speaker's hedge that opens the sentence ("For what it's worth", "To be honest") is no word of it
  const hedge = tokens.map((t) => t.lower).join(' ').match(/^(?:for what it 's worth|for what it’s worth|to be honest|to be fair|in fairness|if i 'm honest)\b/);
  if (hedge) {
    const words = hedge[0].split(' ').length;
    for (const t of tokens.slice(0, words)) t.pos = 'PUNCT';
  }
  // a note's "t/o" is one word, turnover
  for (let k = 0; k + 2 < tokens.length; k++) {
    if (tokens[k]!.lower === 't' && tokens[k + 1]!.text === '/' && tokens[k + 2]!.lower === 'o' && tokens[k + 1]!.start === tokens[k]!.end && tokens[k + 2]!.start === tokens[k + 1]!.end) {
      tokens.splice(k, 3, { ...tokens[k]!, text: 'turnover', lower: 'turnover', lemma: 'turnover', pos: 'NOUN', end: tokens[k + 2]!.end });
    }
  }
  // a speaker's aside between commas is no part of the clause it interrupts: "Gas, he said, had risen 19%" reads "Gas had risen 19%"
  for (let k = 1; k < tokens.length - 3; k++) {
    if (tokens[k]!.text !== ',') continue;
    const close = tokens.findIndex((t, j) => j > k && j <= k + 5 && t.text === ',');
    if (close < 0 || close < k + 3) continue;
    const who = tokens.slice(k + 1, close - 1);
    const verb = tokens[close - 1]!;
    const person = who.length === 1 ? /^(?:he|she|they|we|i)$/i.test(who[0]!.text) || /^\p{Lu}\p{Ll}+$/u.test(who[0]!.text) : who[0]!.lower === 'the' && who.length <= 3 && who.slice(1).every((t) => t.type === 'word');
    if (!person || !/^(?:said|says|added|adds|noted|notes|reckons|reckoned|thinks|thought|believes|believed|admitted|admits|conceded|concedes|warned|warns|explained|explains|stressed|insisted|claimed|argued)$/.test(verb.lower)) continue;
    // (only inside a clause: a noun before the aside and a verb or figure after it)
    if (!['NOUN', 'PROPN'].includes(tokens[k - 1]!.pos) || !tokens[close + 1] || !['VERB', 'AUX', 'ADV'].includes(tokens[close + 1]!.pos)) continue;
    tokens.splice(k, close - k + 1);
  }
  // ("Our overflows spilled …", "their sales rose": a word after a possessive, with a finite verb after it, is a noun)
  tokens.forEach((t, k) => {
    if (t.pos === 'VERB' && k > 0 && /^(?:our|their|its|his|her|my|your)$/.test(tokens[k - 1]!.lower) && /s$/.test(t.lower) && finite(tokens[k + 1])) t.pos = 'NOUN';
  });
  // "Our largest client accounts for 47% of revenue": "accounts" before "for" and a figure is the verb, whatever the tagger says
  tokens.forEach((t, k) => {
    if (t.pos === 'NOUN' && /^account(?:s|ed)?$/.test(t.lower) && tokens[k + 1]?.lower === 'for' && tokens.slice(k + 2, k + 5).some((u) => u.type === 'number')) t.pos = 'VERB';
  });
  tokens.forEach((t, k) => {
    if (!shorthandVerbAt(tokens, k, (u) => u?.type === 'number')) return;
    t.pos = 'VERB';
    t.lemma = t.lower === 'up' ? 'rise' : 'fall';
  });
}

/**
 * Whether "up" or "down" at `k` is a note's verb: between a noun and its figure, with no verb of its own before it in
 * its clause ("labour down to 27.8%"; "… pushed cost per vehicle mile up 9%" keeps its verb). The reader and the
 * faithfulness check read it alike, each with its own test of a figure.
 */
export function shorthandVerbAt<T extends { text: string; lower: string; pos: string }>(tokens: readonly T[], k: number, isNumber: (t: T | undefined) => boolean): boolean {
  const t = tokens[k];
  if (!t || !/^(?:up|down)$/.test(t.lower) || t.pos === 'VERB') return false;
  const figure = (u: T | undefined) => isNumber(u) || /^[£$€]$/.test(u?.text ?? '');
  const next = figure(tokens[k + 1]) || (/^(?:to|by|from)$/.test(tokens[k + 1]?.lower ?? '') && figure(tokens[k + 2]));
  let from = k - 1;
  while (from >= 0 && !/^[,;:(]$/.test(tokens[from]!.text)) from--;
  return next && ['NOUN', 'PROPN', 'ADJ'].includes(tokens[k - 1]?.pos ?? '') && !tokens.slice(from + 1, k).some((u) => u.pos === 'VERB' || u.pos === 'AUX');
}
