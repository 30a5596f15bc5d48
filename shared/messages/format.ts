/** Numbers as the texts write them: counts, counts with their noun, counts that start a title, sizes in bytes. */

/**
 * One formatter for counts (creating one per call costs more than the formatting), made on first use: creating
 * it loads the locale's data, which a page that formats no count (the dashboard's start-up) should not wait for.
 */
let countFormat: Intl.NumberFormat | undefined;
export const counts = { format: (n: number): string => (countFormat ??= new Intl.NumberFormat('en-US')).format(n) };

/** A count with its noun: "1 column", "101 rows". */
export const unitsOf = (n: number, noun: string): string => `${counts.format(n)} ${noun}${n === 1 ? '' : 's'}`;

/** A count at the start of a title: a word up to ten ("Three"), digits above. */
export const count = (n: number): string =>
  n >= 0 && n <= 10 ? ['No', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten'][n]! : counts.format(n);

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} bytes`;
}
