/**
 * Periods as client files write them, read into one form: years (`2024`, `FY24`, `FY2024`, `FY 2023/24`, `2025E`),
 * halves (`H1 2024`), quarters (`Q3 2025`, `Q3-25`, `Q3 FY25`, `2025 Q3`, `3Q25`), months (`Jan-25`, `January
 * 2025`, `2025-01`, `01/2025`, a date on the first or last day of a month) and days (`2025-01-31`, `31/01/2025`).
 * Each has a label written one way (`FY2024`, `Q3 2025`, `Jan 2025`) and a key that sorts periods of one kind in
 * time. Pure: the tables' detection, the KPIs, the conflicts between sources and the charts read periods alike.
 */

export type PeriodKind = 'year' | 'half' | 'quarter' | 'month' | 'day';

export interface Period {
  kind: PeriodKind;
  /** the calendar year (a fiscal year: the year it ends in) */
  year: number;
  /** half 1–2, quarter 1–4, month 1–12, day of the year for a day; 0 for a year */
  part: number;
  /** a fiscal period (`FY…`, `2023/24`) */
  fiscal: boolean;
  /** one spelling: `FY2024`, `2024`, `H1 2024`, `Q3 2025`, `Jan 2025`, `2025-01-31` */
  label: string;
  /** sorts periods of one kind in time */
  key: number;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const;
export const MONTH_LABELS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const MONTH_NAME = new Map<string, number>([
  ...MONTHS.map((m, i): [string, number] => [m, i + 1]),
  ...['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'].map((m, i): [string, number] => [m, i + 1]),
  ['sept', 9],
]);

/** A two- or four-digit year as a year from 1990 to 2099; NaN otherwise. */
function yearOf(text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n)) return NaN;
  const y = text.length === 2 ? 2000 + n : n;
  return y >= 1990 && y <= 2099 ? y : NaN;
}

const pad = (n: number) => String(n).padStart(2, '0');

function make(kind: PeriodKind, year: number, part: number, fiscal: boolean): Period | null {
  if (!Number.isFinite(year)) return null;
  const fy = fiscal ? 'FY' : '';
  switch (kind) {
    case 'year':
      return { kind, year, part: 0, fiscal, label: `${fy}${year}`, key: year };
    case 'half':
      return { kind, year, part, fiscal, label: `H${part} ${fy}${year}`, key: year * 2 + part - 1 };
    case 'quarter':
      return { kind, year, part, fiscal, label: `Q${part} ${fy}${year}`, key: year * 4 + part - 1 };
    case 'month':
      return { kind, year, part, fiscal: false, label: `${MONTH_LABELS[part - 1]} ${year}`, key: year * 12 + part - 1 };
    case 'day': {
      const date = new Date(Date.UTC(year, 0, part));
      return {
        kind,
        year,
        part,
        fiscal: false,
        label: `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`,
        key: Date.UTC(year, 0, part) / 86_400_000,
      };
    }
  }
}

function dayPeriod(year: number, month: number, day: number): Period | null {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return null;
  const start = Date.UTC(year, 0, 1);
  return make('day', year, Math.round((date.getTime() - start) / 86_400_000) + 1, false);
}

/** A date as a period: a month when it falls on the first or last day of one (how month columns are kept), else a day. */
export function periodOfDate(date: Date): Period | null {
  if (Number.isNaN(date.getTime())) return null;
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + 1;
  const day = date.getUTCDate();
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (year < 1990 || year > 2099) return null;
  if (day === 1 || day === last) return make('month', year, month, false);
  return dayPeriod(year, month, day);
}

const FISCAL = /^(?:FY|F)\s?'?(\d{2}|\d{4})(?:\s?[/-]\s?'?(\d{2}|\d{4}))?\s*(?:[AEFBP]|act(?:ual)?|est(?:imate)?|f(?:ore)?c(?:ast)?|bud(?:get)?|plan)?$/i;
const SPLIT_YEAR = /^(\d{4})\s?[/-]\s?(\d{2}|\d{4})$/;
const YEAR = /^((?:19|20)\d{2})\s*(?:[AEFBP]|act(?:ual)?|est(?:imate)?|f(?:ore)?c(?:ast)?|bud(?:get)?|plan)?$/i;
const QUARTER_FIRST = /^Q([1-4])\s*[-' ]?\s*(FY\s?)?'?(\d{2}|\d{4})$/i;
const QUARTER_LAST = /^(FY\s?)?(\d{4})\s*[- ]?\s*Q([1-4])$/i;
const QUARTER_NUMBER = /^([1-4])Q\s?'?(\d{2}|\d{4})$/i;
const HALF_FIRST = /^H([12])\s*[-' ]?\s*(FY\s?)?'?(\d{2}|\d{4})$/i;
const HALF_LAST = /^(FY\s?)?(\d{4})\s*[- ]?\s*H([12])$/i;
const MONTH_WORD = /^([A-Za-z]{3,9})\.?[\s-]*'?(\d{2}|\d{4})$/;
const YEAR_MONTH = /^(\d{4})[-/.](\d{1,2})$/;
const MONTH_YEAR = /^(\d{1,2})[-/.](\d{4})$/;
const ISO_DAY = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ][\d:.]+Z?)?$/;
const DMY_DAY = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/;

/**
 * A period from a header or a label (text, a number or a date), or null when it names none. A bare number is a
 * year only from 1990 to 2099 (a header of years is often typed as numbers).
 */
export function parsePeriod(input: string | number | Date | null | undefined): Period | null {
  if (input === null || input === undefined) return null;
  if (input instanceof Date) return periodOfDate(input);
  if (typeof input === 'number') return Number.isInteger(input) && input >= 1990 && input <= 2099 ? make('year', input, 0, false) : null;
  const text = input.trim().replace(/\s+/g, ' ').replace(/[’‘]/g, "'");
  if (!text || text.length > 40) return null;
  let m: RegExpExecArray | null;
  if ((m = FISCAL.exec(text))) {
    // FY2023/24 and FY23-24 end in their second year
    const end = m[2] ? yearOf(m[2].length === 2 ? `${m[1]!.length === 4 ? m[1]!.slice(0, 2) : '20'}${m[2]}` : m[2]) : yearOf(m[1]!);
    return make('year', end, 0, true);
  }
  if ((m = SPLIT_YEAR.exec(text))) {
    const first = yearOf(m[1]!);
    const end = yearOf(m[2]!.length === 2 ? `${m[1]!.slice(0, 2)}${m[2]}` : m[2]!);
    // 2023/24 is a fiscal year; 2025-01 is a month (read below)
    if (end === first + 1) return make('year', end, 0, true);
  }
  if ((m = YEAR.exec(text))) return make('year', yearOf(m[1]!), 0, false);
  if ((m = QUARTER_FIRST.exec(text))) return make('quarter', yearOf(m[3]!), Number(m[1]), Boolean(m[2]));
  if ((m = QUARTER_LAST.exec(text))) return make('quarter', yearOf(m[2]!), Number(m[3]), Boolean(m[1]));
  if ((m = QUARTER_NUMBER.exec(text))) return make('quarter', yearOf(m[2]!), Number(m[1]), false);
  if ((m = HALF_FIRST.exec(text))) return make('half', yearOf(m[3]!), Number(m[1]), Boolean(m[2]));
  if ((m = HALF_LAST.exec(text))) return make('half', yearOf(m[2]!), Number(m[3]), Boolean(m[1]));
  if ((m = ISO_DAY.exec(text))) return dayPeriod(yearOf(m[1]!), Number(m[2]), Number(m[3]));
  if ((m = DMY_DAY.exec(text))) return dayPeriod(yearOf(m[3]!), Number(m[2]), Number(m[1]));
  if ((m = YEAR_MONTH.exec(text))) {
    const month = Number(m[2]);
    return month >= 1 && month <= 12 ? make('month', yearOf(m[1]!), month, false) : null;
  }
  if ((m = MONTH_YEAR.exec(text))) {
    const month = Number(m[1]);
    return month >= 1 && month <= 12 ? make('month', yearOf(m[2]!), month, false) : null;
  }
  if ((m = MONTH_WORD.exec(text))) {
    const month = MONTH_NAME.get(m[1]!.toLowerCase());
    return month ? make('month', yearOf(m[2]!), month, false) : null;
  }
  return null;
}

/** The period a label names somewhere inside it ("Revenue FY2024", "Sales in Q3 2025"), or null. */
export function periodIn(text: string): Period | null {
  const whole = parsePeriod(text);
  if (whole) return whole;
  const found =
    /\b(?:FY\s?'?\d{2,4}(?:\s?[/-]\s?\d{2,4})?|[HQ][1-4]\s?(?:FY\s?)?'?\d{2,4}|(?:19|20)\d{2}\s?[/-]\s?\d{2}|[A-Za-z]{3,9}\.?[\s-]'?\d{2,4}|(?:19|20)\d{2})\b/g;
  for (const m of text.matchAll(found)) {
    const p = parsePeriod(m[0]);
    if (p) return p;
  }
  return null;
}

/**
 * The period a row's labels name: one label alone ("Q1 2024", a date), or the labels read together when they split
 * it ("2023" in one column, "Jan" in the next: Jan 2023). The finer reading wins.
 */
export function rowPeriod(labels: readonly string[]): Period | null {
  const parts = labels.filter(Boolean);
  if (!parts.length) return null;
  const together = parts.length > 1 ? (parsePeriod([...parts].reverse().join(' ')) ?? parsePeriod(parts.join(' '))) : null;
  if (together) return together;
  for (const label of [...parts].reverse()) {
    const p = parsePeriod(label);
    if (p) return p;
  }
  return null;
}


/**
 * Whether two periods are the same for comparing figures: the same kind, year and part; a fiscal year and a
 * calendar year of the same number are taken as the same (sources write FY2024 and 2024 for one year).
 */
export function samePeriod(a: Period, b: Period): boolean {
  return a.kind === b.kind && a.year === b.year && a.part === b.part;
}

/** Years between two periods of one kind (for a compound annual rate), or null when they are not of one kind. */
export function yearsBetween(first: Period, last: Period): number | null {
  if (first.kind !== last.kind) return null;
  const perYear = { year: 1, half: 2, quarter: 4, month: 12, day: 365 }[first.kind];
  return (last.key - first.key) / perYear;
}
