/**
 * A cell's value as the spreadsheet shows it, from its number format: the common parts of Excel's format codes
 * (sections for positive;negative;zero, decimals, thousands separators, trailing commas that scale, percent,
 * currency signs and quoted text, accounting brackets, dates). A format this does not read shows the number as
 * General would. Pure: the Data tab and the KPI sentences show numbers alike.
 */
import { MONTH_LABELS } from './periods';

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A number as Excel's General format shows it: up to ten significant digits, no exponent for usual sizes. */
export function generalNumber(value: number): string {
  if (!Number.isFinite(value)) return '';
  if (Number.isInteger(value) && Math.abs(value) < 1e15) return String(value);
  const abs = Math.abs(value);
  if (abs !== 0 && (abs < 1e-9 || abs >= 1e15)) return value.toExponential(5).replace(/\.?0+e/, 'E');
  return String(Number(value.toPrecision(10)));
}

/** Digits with thousands separators. */
function grouped(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Whether a format shows dates or times (its codes, outside quotes, hold d, m, y, h or s and no 0 or #). */
export function isDateFormat(format: string | undefined): boolean {
  if (!format) return false;
  const bare = format.split(';')[0]!.replace(/"[^"]*"/g, '').replace(/\\./g, '').replace(/\[[^\]]*\]/g, '');
  return /[dmyhs]/i.test(bare) && !/[0#?]/.test(bare);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A date as a date format shows it (yyyy, yy, mmmm, mmm, mm, m, dd, d; h, mm, ss after h). */
export function formatDate(date: Date, format: string): string {
  const section = format.split(';')[0]!.replace(/\[[^\]]*\]/g, '');
  const y = date.getUTCFullYear();
  const mo = date.getUTCMonth();
  const d = date.getUTCDate();
  const tokens = section.match(/"[^"]*"|\\.|yyyy|yy|mmmm|mmm|mm|m|dddd|ddd|dd|d|hh|h|ss|s|AM\/PM|./gi) ?? [];
  let afterHour = false;
  return tokens
    .map((tok) => {
      const low = tok.toLowerCase();
      if (tok.startsWith('"')) return tok.slice(1, -1);
      if (tok.startsWith('\\')) return tok.slice(1);
      switch (low) {
        case 'yyyy':
          return String(y);
        case 'yy':
          return pad(y % 100);
        case 'mmmm':
          return MONTH_NAMES[mo]!;
        case 'mmm':
          return MONTH_LABELS[mo]!;
        case 'mm':
          return afterHour ? pad(date.getUTCMinutes()) : pad(mo + 1);
        case 'm':
          return afterHour ? String(date.getUTCMinutes()) : String(mo + 1);
        case 'dddd':
        case 'ddd':
          return ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][date.getUTCDay()]!;
        case 'dd':
          return pad(d);
        case 'd':
          return String(d);
        case 'hh':
        case 'h':
          afterHour = true;
          return low === 'hh' ? pad(date.getUTCHours()) : String(date.getUTCHours());
        case 'ss':
        case 's':
          return pad(date.getUTCSeconds());
        default:
          return tok;
      }
    })
    .join('');
}

/** One section of a number format applied to a non-negative number. */
function applySection(value: number, section: string): string {
  const parts = section.match(/"[^"]*"|\\.|\[[^\]]*\]|_.|\*.|[0#?,.%]+|./g) ?? [];
  const numberPart = parts.find((p) => /^[0#?,.%]+$/.test(p) && /[0#?]/.test(p)) ?? '';
  const percent = section.replace(/"[^"]*"/g, '').includes('%');
  const commas = /[0#?](,+)(?:[^0#?]|$)/.exec(numberPart)?.[1]?.length ?? 0;
  let n = value * (percent ? 100 : 1) / 1000 ** commas;
  const decimals = /\.([0#?]*)/.exec(numberPart)?.[1]?.length ?? 0;
  const thousands = /[0#?],[0#?]/.test(numberPart);
  n = Math.round(n * 10 ** decimals) / 10 ** decimals;
  const [whole, frac] = n.toFixed(decimals).split('.');
  const wholeMin = (/([0?]+)(?:[.,%]|$)/.exec(numberPart.split('.')[0]!.replace(/,/g, ''))?.[1]?.length ?? 0);
  let w = whole === '0' && wholeMin === 0 ? '' : whole!;
  if (thousands) w = grouped(w);
  const shownNumber = `${w}${frac !== undefined ? `.${frac}` : ''}`;
  let placed = false;
  return parts
    .map((p) => {
      if (p.startsWith('"')) return p.slice(1, -1);
      if (p.startsWith('\\')) return p.slice(1);
      if (p.startsWith('[$')) return p.slice(2, -1).split('-')[0]!;
      if (p.startsWith('[')) return '';
      if (p.startsWith('_')) return ' ';
      if (p.startsWith('*')) return '';
      if (/^[0#?,.%]+$/.test(p) && (/[0#?]/.test(p) || p === '%')) {
        if (p === '%') return '%';
        if (placed) return '';
        placed = true;
        return shownNumber + (p.includes('%') ? '%' : '');
      }
      return p;
    })
    .join('')
    .trim();
}

/** A number as its format shows it ("£182.4m", "35.1%", "(1,250)", "Jan-25"); General when the format says nothing. */
export function formatNumber(value: number, format: string | undefined): string {
  if (!Number.isFinite(value)) return '';
  if (!format || /^general$/i.test(format) || format === '@') return generalNumber(value);
  if (isDateFormat(format)) return generalNumber(value);
  const sections = format.split(';');
  if (value < 0) {
    const negative = sections[1];
    if (negative !== undefined) return applySection(-value, negative);
    return `-${applySection(-value, sections[0]!)}`;
  }
  if (value === 0 && sections[2] !== undefined) return applySection(0, sections[2]);
  return applySection(value, sections[0]!);
}
