import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { parseTags, fileSizeKb, relevanceTone, relevancePercent } from '@shared/domain/evidence-display';
import { progressPercent, splitGeneratedContext, WIZARD_STEPS } from '@shared/domain/wizard-steps';
import { SaveProgressBody } from '@shared/schemas/wizard';
import { TagsField } from '@shared/schemas/evidence';
import { highlightSegments } from '../../frontend/src/features/evidence/lib/highlight';

describe('the generated-context split (spec section 7)', () => {
  it('gives the first two paragraphs to company background, the next two to market, the rest to internal', () => {
    const text = ['P1', 'P2', 'P3', 'P4', 'P5', 'P6'].join('\n\n');
    expect(splitGeneratedContext(text)).toEqual({ companyBackground: 'P1\n\nP2', marketEnvironment: 'P3\n\nP4', internalContext: 'P5\n\nP6' });
  });

  it('splits on blank lines that hold spaces, and ignores empty paragraphs', () => {
    const text = 'A\n  \nB\n\n\n\nC\n\nD\n \t\nE\n\nF';
    expect(splitGeneratedContext(text)).toEqual({ companyBackground: 'A\n\nB', marketEnvironment: 'C\n\nD', internalContext: 'E\n\nF' });
  });

  const paras = (n: number) => Array.from({ length: n }, (_, i) => `Paragraph ${i + 1} has a few words in it.`);

  it.each([
    // five or more: 2 / 2 / the rest
    [7, [[1, 2], [3, 4], [5, 6, 7]]],
    [6, [[1, 2], [3, 4], [5, 6]]],
    [5, [[1, 2], [3, 4], [5]]],
    // too few (fewer than five): thirds by whole paragraphs, so internal context is never left empty
    [4, [[1, 2], [3], [4]]],
    [3, [[1], [2], [3]]],
  ])('%i paragraphs: each part gets whole paragraphs, breaks kept', (n, expected) => {
    const p = paras(n);
    const pick = (ids: number[]) => ids.map((i) => p[i - 1]).join('\n\n');
    const [a, b, c] = expected as [number[], number[], number[]];
    expect(splitGeneratedContext(p.join('\n\n'))).toEqual({ companyBackground: pick(a), marketEnvironment: pick(b), internalContext: pick(c) });
  });

  it('two paragraphs: thirds of the words, the paragraph break kept where it falls', () => {
    const text = 'one two three four\n\nfive six seven eight nine';
    expect(splitGeneratedContext(text)).toEqual({ companyBackground: 'one two three', marketEnvironment: 'four\n\nfive six', internalContext: 'seven eight nine' });
  });

  it('one paragraph: thirds of the words; nothing at all gives three empty parts', () => {
    const words = Array.from({ length: 9 }, (_, i) => `w${i + 1}`).join(' ');
    expect(splitGeneratedContext(words)).toEqual({ companyBackground: 'w1 w2 w3', marketEnvironment: 'w4 w5 w6', internalContext: 'w7 w8 w9' });
    expect(splitGeneratedContext('one two\nthree  four')).toEqual({ companyBackground: 'one two', marketEnvironment: 'three four', internalContext: '' });
    expect(splitGeneratedContext('')).toEqual({ companyBackground: '', marketEnvironment: '', internalContext: '' });
  });

  it('no part is ever empty from three paragraphs up', () => {
    for (let n = 3; n <= 7; n++) {
      const split = splitGeneratedContext(paras(n).join('\n\n'));
      expect(Object.values(split).every((part) => part.length > 0), `${n} paragraphs`).toBe(true);
      expect(Object.values(split).join('\n\n')).toBe(paras(n).join('\n\n'));
    }
  });
});

describe('progress percent', () => {
  it('is completed steps divided by 10, counting each known step once', () => {
    expect(progressPercent([])).toBe(0);
    expect(progressPercent(['setup', 'data-intake', 'objectives'])).toBe(30);
    expect(progressPercent(['setup', 'setup', 'nonsense'])).toBe(10);
    expect(progressPercent(WIZARD_STEPS.map((s) => s.id))).toBe(100);
  });
});

describe('tags', () => {
  it('are comma-separated, trimmed, blanks dropped', () => {
    expect(parseTags(' a, b ,, ,c')).toEqual(['a', 'b', 'c']);
    expect(parseTags('')).toEqual([]);
    expect(z.parse(TagsField, 'x, y, x')).toEqual(['x', 'y']);
    expect(z.parse(TagsField, ['  q ', ''])).toEqual(['q']);
    expect(z.parse(TagsField, undefined)).toEqual([]);
  });
});

describe('evidence display', () => {
  it('colours relevance at 0.9 and 0.7', () => {
    expect([0.95, 0.9, 0.89, 0.7, 0.69].map(relevanceTone)).toEqual(['green', 'green', 'yellow', 'yellow', 'red']);
    expect(relevancePercent(0.876)).toBe('88%');
  });
  it('shows file sizes in KB with one decimal', () => {
    expect(fileSizeKb(1536)).toBe('1.5 KB');
    expect(fileSizeKb(100)).toBe('0.1 KB');
  });
  it('highlights insight ranges, merging overlaps', () => {
    expect(highlightSegments('abcdefghij', [{ start: 2, end: 4 }, { start: 3, end: 6 }, { start: 8, end: 20 }])).toEqual([
      { text: 'ab', mark: false },
      { text: 'cdef', mark: true },
      { text: 'gh', mark: false },
      { text: 'ij', mark: true },
    ]);
  });
});

describe('progress body validation', () => {
  const valid = { report_id: '00000000-0000-4000-8000-000000000000', wizard_data: { setup: { a: 1 } }, completed_steps: ['setup'], current_step: 0 };
  it('accepts the spec\'s fields', () => {
    expect(z.safeParse(SaveProgressBody, valid).success).toBe(true);
  });
  it('refuses unknown steps and out-of-range step indexes', () => {
    expect(z.safeParse(SaveProgressBody, { ...valid, completed_steps: ['launch'] }).success).toBe(false);
    expect(z.safeParse(SaveProgressBody, { ...valid, wizard_data: { launch: {} } }).success).toBe(false);
    expect(z.safeParse(SaveProgressBody, { ...valid, current_step: 10 }).success).toBe(false);
    expect(z.safeParse(SaveProgressBody, { ...valid, wizard_data: { setup: 'text' } }).success).toBe(false);
  });
});
