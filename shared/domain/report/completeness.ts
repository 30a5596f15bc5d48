/** Spec section 4, "Editor completeness", and section 9's thresholds. */

/** Characters as a person counts them (Unicode code points). */
export function charCount(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // a high surrogate followed by a low one is one character
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

const COMPLETENESS_THRESHOLD_CHARS = 100;

/** 0 if the text is 100 characters or fewer; otherwise length ÷ 10, capped at 100 (not rounded: 401 → 40.1). */
export function completeness(content: string): number {
  const length = charCount(content);
  if (length <= COMPLETENESS_THRESHOLD_CHARS) return 0;
  return Math.min(100, length / 10);
}

export type CompletenessColour = 'green' | 'yellow' | 'grey';

/** Dot colour: green above 80, yellow above 40, grey otherwise. */
export function completenessColour(value: number): CompletenessColour {
  if (value > 80) return 'green';
  if (value > 40) return 'yellow';
  return 'grey';
}

/** The percentage shown beside the dot (whole numbers, rounded down so 100 means complete). */
export const completenessLabel = (value: number) => `${Math.floor(value)}%`;
