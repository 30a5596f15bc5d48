/**
 * Units of the numbers in a client's tables, from what the file says: a title or heading (`All figures in £m`,
 * `Revenue (£'000)`, `$ thousands`, `Gross margin %`, `Hours`), and a cell's number format (`0.0%`,
 * `"£"#,##0`, `#,##0,,"m"`). A unit is a kind (`%`, a currency sign, days, hours, …) and a scale (what one of the
 * numbers is worth: 1, a thousand, a million, a billion). Pure.
 */

export interface Unit {
  /** `%`, `£`, `$`, `€`, `¥`, `₹`, `days`, `hours`, `weeks`, `months`, `years`, `x`, `pt`, or '' */
  kind: string;
  /** what one of the numbers is worth: 1, 1e3, 1e6, 1e9 */
  scale: number;
}

const NO_UNIT: Unit = { kind: '', scale: 1 };

const CURRENCY_SIGNS: Record<string, string> = { '£': '£', $: '$', '€': '€', '¥': '¥', '₹': '₹', gbp: '£', usd: '$', eur: '€', jpy: '¥', inr: '₹' };
const CURRENCY = /(?<![a-z])(gbp|usd|eur|jpy|inr)(?![a-z])|[£$€¥₹]/i;
const SCALE_WORDS: readonly [RegExp, number][] = [
  [/(?:^|[\s(£$€¥₹'’,])(?:bn|billions?)(?![a-z])/i, 1e9],
  [/(?:^|[\s(£$€¥₹'’,])(?:m|mn|mm|millions?|mio)(?![a-z])/i, 1e6],
  [/(?:^|[\s(£$€¥₹'’,])(?:k|thousands?|000s?|'000s?|’000s?)(?![a-z])/i, 1e3],
  [/[£$€¥₹]\s?(?:'|’)?000\b/, 1e3],
];
const KIND_WORDS: readonly [RegExp, string][] = [
  [/%|\bper ?cent\b|\bpercentage\b|\bpct\b/i, '%'],
  [/\b(?:pp|percentage points?|pts?)\b/i, 'pt'],
  [/\bdays?\b/i, 'days'],
  [/\b(?:hours?|hrs?)\b/i, 'hours'],
  [/\bweeks?\b/i, 'weeks'],
  [/\bmonths\b/i, 'months'],
  [/\byears\b/i, 'years'],
  [/\bx\b|\btimes\b/i, 'x'],
];

/**
 * The unit a heading or title names ("Revenue (£m)", "All figures in $ thousands", "Attrition %", "Avg handling
 * time (hours)"), or NO_UNIT. A scale without a currency (`in millions`) keeps the kind empty.
 */
export function unitFromText(text: string): Unit {
  const t = text.trim();
  if (!t) return NO_UNIT;
  const currency = CURRENCY.exec(t);
  const kind = currency ? CURRENCY_SIGNS[currency[0].toLowerCase()]! : (KIND_WORDS.find(([re]) => re.test(t))?.[1] ?? '');
  // a scale is read only beside a currency or in a phrase about figures ("in millions", "(000s)", "£m")
  const scale = SCALE_WORDS.find(([re]) => re.test(kind === '%' ? '' : t))?.[1] ?? 1;
  const scaled = currency || /\b(?:in|figures|amounts|values|000)\b|\(|^\s*(?:bn|m|k|millions?|thousands?|billions?)\s*$/i.test(t) ? scale : 1;
  return { kind, scale: scaled };
}

/** What a number format says about the numbers it shows. */
export interface FormatUnit {
  /** `%` or a currency sign, or '' */
  kind: string;
  /** the stored number is a fraction shown as a percentage (`0.0%`) */
  percent: boolean;
  /** the shown number is the stored one divided by this (trailing commas: `#,##0,,` shows millions) */
  displayScale: number;
  /** what one stored unit is worth when the format names a scale it does not apply (`0.0"m"`) */
  rawScale: number;
}

/**
 * What a number format says: percent (`0.0%`; the stored number is a fraction), a currency sign, the scale of
 * its trailing commas, a scale its literal text names. Dates and text formats say nothing here.
 */
export function unitFromFormat(format: string | undefined): FormatUnit {
  const none: FormatUnit = { kind: '', percent: false, displayScale: 1, rawScale: 1 };
  if (!format || format === 'General' || format === '@') return none;
  // the first section (positive numbers), without quoted text, escapes, colours and conditions
  const section = format.split(';')[0]!;
  const literal = [...section.matchAll(/"([^"]*)"/g)].map((m) => m[1]).join(' ');
  const bare = section.replace(/"[^"]*"/g, '').replace(/\\./g, '').replace(/\[(?:[A-Za-z]+|[<>=][^\]]*)\]/g, '');
  const bracketCurrency = /\[\$([^-\]]+)/.exec(section)?.[1] ?? '';
  const percent = bare.includes('%');
  const commas = /[0#?](,+)(?:[^0#?]|$)/.exec(bare)?.[1]?.length ?? 0;
  const displayScale = commas ? 1000 ** commas : 1;
  const currencyMatch = CURRENCY.exec(`${bracketCurrency} ${literal} ${bare.replace(/[0#?,.%\s()-]/g, '')}`);
  const kind = percent ? '%' : currencyMatch ? CURRENCY_SIGNS[currencyMatch[0].toLowerCase()]! : '';
  const named = SCALE_WORDS.find(([re]) => re.test(` ${literal}`))?.[1] ?? 1;
  return { kind, percent, displayScale, rawScale: displayScale === 1 ? named : 1 };
}

/** A unit as a reader writes it after a number: `%`, `£m`, `$k`, `€bn`, ` days`. */
export function unitLabel(unit: Unit): string {
  const suffix = unit.scale === 1e9 ? 'bn' : unit.scale === 1e6 ? 'm' : unit.scale === 1e3 ? 'k' : '';
  if (!unit.kind) return suffix;
  if (unit.kind === '%' || unit.kind === 'x' || unit.kind === 'pt') return unit.kind;
  if (unit.kind.length === 1) return `${unit.kind}${suffix}`;
  return suffix ? `${suffix} ${unit.kind}` : unit.kind;
}

/** The first unit that says something: a cell's own, then its row's, its column's, the table's. */
export function firstUnit(...units: readonly (Unit | undefined)[]): Unit {
  const kind = units.find((u) => u?.kind)?.kind ?? '';
  const scale = units.find((u) => u && u.scale !== 1)?.scale ?? 1;
  return { kind, scale: kind === '%' ? 1 : scale };
}
