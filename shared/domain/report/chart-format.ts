/**
 * How a chart's numbers read (pure): on its labels and value axis, in its data table, and as the number
 * format PowerPoint keeps with a native chart (an Excel format code), so a label reads the same on the web,
 * in the exports and after the consultant edits the chart in PowerPoint.
 *
 * - `auto`: as typed (up to two decimals, thousands separated): what charts showed before formats existed.
 * - `number`: thousands separated, with the chosen decimals.
 * - `percent`: the numbers are percentages already (41 reads 41%, as the findings' metrics hold them).
 * - `currency`: in the client's currency (the report's setup), its symbol first: $1,200, €1.2m, ₹300k.
 * - a scale shows thousands, millions or billions as k, m, bn (consulting's shorthand).
 */
import type { NumberFormat, NumberScale, VisualOptions } from '../../schemas/visuals';

export type FormatOptions = Pick<VisualOptions, 'number_format' | 'decimals' | 'scale'>;

export const AUTO_FORMAT: FormatOptions = { number_format: 'auto', decimals: null, scale: 'none' };

const SCALES: Record<NumberScale, { divisor: number; suffix: string }> = {
  none: { divisor: 1, suffix: '' },
  thousands: { divisor: 1e3, suffix: 'k' },
  millions: { divisor: 1e6, suffix: 'm' },
  billions: { divisor: 1e9, suffix: 'bn' },
};

/** The symbol a currency code is written with (en-US: $, €, £, CA$, ₹); an unknown code is written as itself. */
export function currencySymbol(code: string): string {
  try {
    const part = new Intl.NumberFormat('en-US', { style: 'currency', currency: code, currencyDisplay: 'symbol' }).formatToParts(0).find((p) => p.type === 'currency');
    return part?.value ?? code;
  } catch {
    return code;
  }
}

const formatters = new Map<string, Intl.NumberFormat>();
function grouped(min: number, max: number): Intl.NumberFormat {
  const key = `${min}:${max}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat('en-US', { minimumFractionDigits: min, maximumFractionDigits: max });
    formatters.set(key, f);
  }
  return f;
}

/** A number as the chart writes it. `signed` adds a + to positive numbers (a waterfall's steps). */
export function formatNumber(value: number | null, format: FormatOptions = AUTO_FORMAT, currency = 'USD', opts: { signed?: boolean } = {}): string {
  if (value === null || !Number.isFinite(value)) return '–';
  const style: NumberFormat = format.number_format ?? 'auto';
  const scale = style === 'percent' ? SCALES.none : SCALES[format.scale ?? 'none'];
  const scaled = value / scale.divisor;
  const decimals = format.decimals;
  const digits = decimals === null || decimals === undefined ? grouped(0, scale.divisor > 1 ? 1 : 2) : grouped(decimals, decimals);
  const magnitude = digits.format(Math.abs(scaled));
  // "-0" after rounding reads as 0
  const negative = scaled < 0 && /[1-9]/.test(magnitude);
  const sign = negative ? '-' : opts.signed && /[1-9]/.test(magnitude) ? '+' : '';
  const body = `${magnitude}${scale.suffix}`;
  if (style === 'percent') return `${sign}${body}%`;
  if (style === 'currency') return `${sign}${currencySymbol(currency)}${body}`;
  return `${sign}${body}`;
}

/** A number format code for Excel/PowerPoint ("General" when auto): labels and the value axis of a native chart. */
export function excelFormatCode(format: FormatOptions = AUTO_FORMAT, currency = 'USD'): string {
  const style = format.number_format ?? 'auto';
  if (style === 'auto' && (format.scale ?? 'none') === 'none' && (format.decimals ?? null) === null) return 'General';
  const decimals = format.decimals ?? (style === 'auto' || (format.scale ?? 'none') !== 'none' ? 1 : 0);
  const number = `#,##0${decimals ? `.${'0'.repeat(decimals)}` : ''}`;
  if (style === 'percent') return `${number}"%"`;
  const scale = format.scale ?? 'none';
  // each trailing comma divides by a thousand
  const scaled = `${number}${','.repeat(scale === 'thousands' ? 1 : scale === 'millions' ? 2 : scale === 'billions' ? 3 : 0)}${SCALES[scale].suffix ? `"${SCALES[scale].suffix}"` : ''}`;
  if (style === 'currency') {
    const symbol = currencySymbol(currency).replace(/"/g, '');
    return `"${symbol}"${scaled};-"${symbol}"${scaled}`;
  }
  return scaled;
}
