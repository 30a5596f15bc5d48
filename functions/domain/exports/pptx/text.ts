/**
 * The pieces slide text is built from: runs, paragraphs and text items, citation marks as superscripts, and texts
 * shortened by characters (a point's first sentence, a cell, a quote) before they are measured.
 */
import { flat, splitFirstSentence } from '@shared/domain/report/sentences';
import type { SlidePara, SlideRun, TextItem } from './deck-slide';
import type { RunStyle } from './fit-text';
import type { Box } from './layouts';
import { DECK_LIMITS, INK, MUTED } from './style';

export const run = (text: string, style: RunStyle & { color?: string } = {}): SlideRun => ({ text, ...style });
export const p = (runs: SlideRun[], extra: Omit<SlidePara, 'runs'> = {}): SlidePara => ({ runs, ...extra });
/** Citation numbers as a superscript after a text ("¹˒³" is drawn as 1,3 raised). */
export const marksRun = (numbers: readonly number[], color = MUTED): SlideRun[] => (numbers.length ? [run(` ${[...new Set(numbers)].sort((a, b) => a - b).join(',')}`, { superscript: true, color })] : []);

export function textItem(role: string, box: Box, paras: SlidePara[], size: number, extra: Partial<Omit<TextItem, 'kind' | 'role' | 'box' | 'paras' | 'size'>> = {}): TextItem {
  return { kind: 'text', role, box, paras, size, color: INK, valign: 'top', ...extra };
}

export const shorten = (text: string, max: number): string => {
  const t = flat(text);
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/, '')}…`;
};

/** The first sentence of a text (what a slide shows of a paragraph), shortened to a line or two. */
export function firstSentence(text: string, max: number = DECK_LIMITS.pointChars): string {
  return shorten(splitFirstSentence(text).first, max);
}

export const lowerFirst = (t: string) => (/^[A-Z][a-z]/.test(t) ? t.charAt(0).toLowerCase() + t.slice(1) : t);
