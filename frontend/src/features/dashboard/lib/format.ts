/**
 * The dashboard's formatters, one of each (toLocaleDateString with options makes a new one per call: 24 on a
 * dashboard). The first Intl formatter of a kind a page makes loads that kind's locale data, tens of
 * milliseconds on a slow phone: prepareFormats makes them ahead, each in a task of its own, while the page waits
 * for its data, so that cost is not part of the task that draws the cards (TBT).
 */
let dates: Intl.DateTimeFormat | undefined;
let counts: Intl.NumberFormat | undefined;
const dateFormat = () => (dates ??= new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' }));
// the user's locale, as Number.prototype.toLocaleString() writes it
const countFormat = () => (counts ??= new Intl.NumberFormat());

/** Dates as the user's locale writes them, e.g. 22 Nov 2026. */
export function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : dateFormat().format(d);
}

/** A count as the user's locale writes it, e.g. 1,234. */
export function formatCount(n: number): string {
  return countFormat().format(n);
}

/** Makes the formatters ahead of the first draw that needs them, one task each. */
export function prepareFormats(): void {
  window.setTimeout(() => {
    countFormat();
    window.setTimeout(dateFormat, 0);
  }, 0);
}
