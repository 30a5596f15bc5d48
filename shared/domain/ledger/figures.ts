/**
 * Figures as a reader of the report sees them: every number with its unit in a text (a sentence, a table cell,
 * a chart's data or label), with where it stands. Pure: the server's ledger, the editor's panel and the exports
 * read the same figures.
 *
 * - A figure is a number with its unit: `11%`, `13 points`, `$4.2m`, `€1.3bn`, `2.5x`, `1,200 stores`, a range
 *   `10–12%` (one figure, its low and high), or a count in words (`three`).
 * - What is not a figure: a year (`2024`, `FY2024`: the figure's period), a quarter or half (`Q3`, `H1`), a
 *   number that names a thing (`phase 2`, `step 3`, `section 4`), a list's or heading's number, a citation mark.
 */

export type FigureUnit = '%' | 'pp' | 'x' | 'currency' | '';

export interface Figure {
  /** as written: "11%", "$4.2m", "three", "10–12%" */
  text: string;
  /** the number it states, with its scale applied ($4.2m → 4,200,000); a range's low end */
  value: number;
  /** a range's high end */
  high?: number;
  unit: FigureUnit;
  /** the currency when `unit` is `currency`: "$", "€", "£", "USD", … */
  currency?: string;
  /** digits after the decimal point as written */
  decimals: number;
  /** what the written number was rounded to, its scale applied ($4.2m: 100,000; 11%: 1): how closely another must agree */
  step: number;
  /** offsets into the text given (UTF-16 units) */
  start: number;
  end: number;
  /** a change (`by 4 points`, `up 3%`), not a level */
  change: boolean;
}

const SCALE_WORDS: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  mn: 1e6,
  mm: 1e6,
  million: 1e6,
  millions: 1e6,
  bn: 1e9,
  b: 1e9,
  billion: 1e9,
  billions: 1e9,
  tn: 1e12,
  trillion: 1e12,
};

const NUMBER_WORDS: Record<string, number> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  hundred: 100,
};

const CURRENCY_SYMBOL = '[$€£¥]';
const CURRENCY_CODE = '(?:USD|EUR|GBP|CHF|JPY|CAD|AUD|SEK|NOK|DKK|INR|CNY)';
const NUM = '\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?|\\d+(?:\\.\\d+)?';
const SCALE = '(?:\\s?(?:bn|mn|mm|[kmb]|thousand|millions?|billions?|tn|trillion)(?![\\p{L}\\d]))';
const UNIT = '(?:\\s?%|\\s?per\\s?cent(?![\\p{L}])|\\s?percent(?![\\p{L}])|\\s?(?:percentage\\s)?points?(?![\\p{L}])|\\s?pp(?![\\p{L}])|\\s?bps(?![\\p{L}])|x(?![\\p{L}\\d]))';
const RANGE_DASH = '\\s?(?:[–—-]|to)\\s?';

/**
 * One figure: an optional currency, a number, an optional range's high end, a scale and a unit. Named groups:
 * cur (symbol or code before), n1, n2 (range high), scale, unit, cur2 (a code after).
 */
const FIGURE = new RegExp(
  `(?<![\\p{L}\\d.,@#/_-])(?<cur>${CURRENCY_SYMBOL}\\s?|${CURRENCY_CODE}\\s)?(?<n1>${NUM})` +
    `(?:(?<dash>${RANGE_DASH})(?:${CURRENCY_SYMBOL}\\s?)?(?<n2>${NUM}))?` +
    `(?<scale>${SCALE})?(?<unit>${UNIT})?(?:\\s(?<cur2>${CURRENCY_CODE})(?![\\p{L}]))?(?![\\p{L}\\d])`,
  'gu',
);
const WORD_FIGURE = new RegExp(`(?<![\\p{L}-])(?<word>${Object.keys(NUMBER_WORDS).join('|')})(?![\\p{L}-])`, 'giu');

/** Words before a number that make it a name or a label, not a figure. */
const LABEL_BEFORE = /(?:\b(?:phase|step|stage|section|chapter|page|figure|table|appendix|version|v|wave|tier|level|item|no|number|option|scenario|q|h|fy|cy|month|week|day|year|room)\s*|[#№])$/i;
const CHANGE_BEFORE = /\b(?:by|up|down|plus|minus|gained|lost|added|shed|cut)\s+(?:about\s+|around\s+|nearly\s+|almost\s+|some\s+)?$/i;
const MONTHS = /^(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|jun(?:e)?|jul(?:y)?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)$/i;

const toNumber = (s: string) => Number(s.replace(/,/g, ''));
const decimalsOf = (s: string) => (s.includes('.') ? s.length - s.indexOf('.') - 1 : 0);

function unitOf(raw: string | undefined): FigureUnit {
  if (!raw) return '';
  const u = raw.trim().toLowerCase();
  if (u === '%' || u.startsWith('per')) return '%';
  if (u === 'x') return 'x';
  return 'pp';
}

/** Whether a bare number is a year (a period, not a figure): 1900–2100, no unit, no currency, no scale. */
const isYear = (n: string) => /^(?:19|20)\d\d$/.test(n) || /^2100$/.test(n);

/** The figures of a text, in order. `offset` is added to every position (the text's place in a larger one). */
export function figuresIn(text: string, offset = 0): Figure[] {
  const out: Figure[] = [];
  // citation marks, visual embeds and links' targets hold no figures: blank them, keeping offsets
  const clean = text.replace(/\[@[^\]]*\]|\]\([^)]*\)|`[^`]*`/g, (m) => ' '.repeat(m.length));
  for (const m of clean.matchAll(FIGURE)) {
    const g = m.groups!;
    const n1 = g.n1!;
    const before = clean.slice(Math.max(0, m.index - 24), m.index);
    const scaleRaw = g.scale?.trim().toLowerCase();
    const currency = g.cur?.trim() || g.cur2?.trim() || undefined;
    const unit: FigureUnit = currency ? 'currency' : unitOf(g.unit);
    const plain = !currency && !scaleRaw && !g.unit;
    // a range's dash may be a minus of the next: "2023-2024" is two years, "10-12%" a range
    if (plain && !g.n2 && isYear(n1)) continue;
    if (plain && g.n2 && isYear(n1) && isYear(g.n2)) continue;
    if (plain && LABEL_BEFORE.test(before)) continue;
    // a date ("3 March", "March 3")
    const wordAfter = /^\s*(\p{L}+)/u.exec(clean.slice(m.index + m[0].length))?.[1] ?? '';
    const wordBefore = /(\p{L}+)\s*$/u.exec(before)?.[1] ?? '';
    if (plain && (MONTHS.test(wordAfter) || MONTHS.test(wordBefore))) continue;
    // a list item's or a heading's number ("1. ", "2) ") at a line's start
    const lineStart = clean.lastIndexOf('\n', m.index - 1) + 1;
    if (plain && /^\s*(?:[-*]\s+)?$/.test(clean.slice(lineStart, m.index)) && /^[.)](?:\s|$)/.test(clean.slice(m.index + m[0].length))) continue;
    // a rating ("impact 5/5") is the app's scale, not a figure
    if (plain && /^\/\d/.test(clean.slice(m.index + m[0].length))) continue;
    // a scale letter ("m", "b") only counts after a currency or directly after the number
    let scale = scaleRaw ? (SCALE_WORDS[scaleRaw] ?? 1) : 1;
    let end = m.index + m[0].length;
    let written = m[0];
    if (scaleRaw && /^[kmb]$/.test(scaleRaw) && !currency && /\s/.test(g.scale!.charAt(0))) {
      // "5 m" after a bare number is more likely a word ("5 managers" is cut by the lookahead; "5 m" is metres)
      scale = 1;
      written = m[0].slice(0, m[0].length - g.scale!.length - (g.unit?.length ?? 0) - (g.cur2 ? g.cur2.length + 1 : 0));
      end = m.index + written.length;
    }
    // a dash read as a range when both sides are plain years is handled above; "-5%" at the start is a sign
    const value = toNumber(n1) * scale;
    const high = g.n2 ? toNumber(g.n2) * scale : undefined;
    if (high !== undefined && high < value) {
      // "12-10" is no range: read only the first number
      const first = n1.length + (g.cur?.length ?? 0);
      out.push(figure(written.slice(0, first), toNumber(n1), undefined, unit, currency, decimalsOf(n1), 1, m.index + offset, m.index + first + offset, before));
      continue;
    }
    out.push(figure(written.trim(), value, high, unit, currency, Math.max(decimalsOf(n1), g.n2 ? decimalsOf(g.n2) : 0), scale, m.index + offset, end + offset, before));
  }
  for (const m of clean.matchAll(WORD_FIGURE)) {
    const word = m.groups!.word!;
    const after = clean.slice(m.index + m[0].length, m.index + m[0].length + 24);
    // "three of the five", "two-thirds": counts in words stand before a noun
    if (!/^\s+\p{L}/u.test(after)) continue;
    const before = clean.slice(Math.max(0, m.index - 24), m.index);
    if (LABEL_BEFORE.test(before)) continue;
    out.push(figure(word, NUMBER_WORDS[word.toLowerCase()]!, undefined, '', undefined, 0, 1, m.index + offset, m.index + word.length + offset, before));
  }
  return out.sort((a, b) => a.start - b.start);
}

function figure(
  written: string,
  value: number,
  high: number | undefined,
  unit: FigureUnit,
  currency: string | undefined,
  decimals: number,
  scale: number,
  start: number,
  end: number,
  before: string,
): Figure {
  return {
    text: written,
    value,
    ...(high !== undefined ? { high } : {}),
    unit,
    ...(currency ? { currency } : {}),
    decimals,
    step: 10 ** -decimals * scale,
    start,
    end,
    change: unit === 'pp' || CHANGE_BEFORE.test(before),
  };
}

/** The period a text names: "FY2024", "Q3 2024", "H1 2023", "2024", or null. The last one named wins ("from 2022 to 2024"). */
export function periodIn(text: string): string | null {
  const found = [...text.matchAll(/\b(?:(?:FY|CY)\s?'?\d{2,4}|[QH][1-4]\s?(?:FY)?\s?(?:19|20)\d\d|(?:19|20)\d\d(?:\/\d{2})?)\b/g)];
  const last = found.at(-1)?.[0];
  return last ? last.replace(/\s+/g, ' ').toUpperCase() : null;
}

/** Two figures state the same quantity: equal values (within what the less precise one was rounded to) and compatible units. */
export function sameQuantity(a: Pick<Figure, 'value' | 'unit' | 'step'>, b: Pick<Figure, 'value' | 'unit' | 'step'>): boolean {
  if (a.unit !== b.unit && a.unit !== '' && b.unit !== '') return false;
  return Math.abs(a.value - b.value) <= 0.5 * Math.max(a.step, b.step) + 1e-9;
}

const WRITTEN_NUMBER = /^(\D*?)(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(.*)$/s;

/** A figure's written number and the scale it stands at ("$4.2m": 4.2 at a million), or null for a word ("three"). */
function writtenNumber(f: Pick<Figure, 'text' | 'value'>): { before: string; digits: string; after: string; scale: number } | null {
  const m = WRITTEN_NUMBER.exec(f.text);
  if (!m) return null;
  const n = toNumber(m[2]!);
  return { before: m[1]!, digits: m[2]!, after: m[3]!, scale: n && f.value ? 10 ** Math.round(Math.log10(f.value / n)) : 1 };
}

/**
 * `target`'s value written as `like` writes its figure: its currency, scale and unit words ("$4.2m" and 4,150,000
 * give "$4.15m"; "12 per cent" and 11.4% give "11.4 per cent"), to the precision `target` states. A word figure
 * ("three") takes the target as written.
 */
export function writtenLike(like: Pick<Figure, 'text' | 'value'>, target: Pick<Figure, 'text' | 'value' | 'step'>): string {
  const form = writtenNumber(like);
  if (!form) return target.text;
  const own = writtenNumber(target);
  const grouped = (s: string) => {
    if (!form.digits.includes(',') && !own?.digits.includes(',')) return s;
    const [whole, fraction] = s.split('.');
    return `${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ? `.${fraction}` : ''}`;
  };
  if (own && own.scale === form.scale) return `${form.before}${grouped(own.digits.replace(/,/g, ''))}${form.after}`;
  const decimals = Math.min(6, Math.max(0, Math.round(-Math.log10(target.step / form.scale))));
  const digits = (target.value / form.scale).toFixed(decimals).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
  return `${form.before}${grouped(digits)}${form.after}`;
}
