import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import Markdown from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import { describe, expect, it } from 'vitest';
import { prepareMarkdown, remarkAssay, reportSanitizeSchema } from '@shared/domain/report/markdown';
import { droppedCitations, keepCitations, wordDiff } from '../../frontend/src/features/sections/lib/diff';
import { enhanceLocally } from '../../functions/domain/ai/providers/local-enhancer';
import { provenanceLabel } from '../../frontend/src/features/ai/lib/provenance-label';

/** The preview's pipeline, rendered to HTML as the browser would get it. */
const render = (md: string) =>
  renderToStaticMarkup(
    createElement(Markdown, { remarkPlugins: [remarkGfm, [remarkAssay, {}]] as never, rehypePlugins: [[rehypeSanitize, reportSanitizeSchema]] as never }, prepareMarkdown(md)),
  );

describe('the preview\'s markdown', () => {
  it('renders citations as numbered superscripts and visuals as marked placeholders, tables as tables', () => {
    const html = render('Margins rose [@c1] and fell [@c2], as noted [@c1].\n\n![Scores](visual:v-1)\n\n| a | b |\n|---|---|\n| 1 | 2 |');
    expect(html).toContain('<sup class="citation" data-citation="c1" data-n="1">1</sup>');
    expect(html).toContain('<sup class="citation" data-citation="c2" data-n="2">2</sup>');
    expect(html.match(/data-citation="c1"/g)).toHaveLength(2);
    expect(html).toContain('<span class="visual" data-visual="v-1" data-caption="Scores">Scores</span>');
    expect(html).toContain('<table>');
  });

  it('lets no script, event handler, javascript: link or raw HTML through', () => {
    const html = render('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[click](javascript:alert(1)) <b onclick="x()">bold</b>\n\n<iframe src="https://evil.example"></iframe>');
    expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<iframe|<img/i);
    expect(html).toContain('click');
  });

  it('does not let a citation id smuggle markup', () => {
    const html = render('x [@c1"><script>] y');
    expect(html).not.toContain('<script');
  });
});

describe('AI Enhance keeps citations', () => {
  const mark = () => 'cnew';

  it('tightens wording without touching citation marks', () => {
    const out = enhanceLocally({ text: 'In order to grow, it is important to note that the firm is able to cut costs [@c1]. Due to the fact that churn rose [@c2], we act.', instruction: 'tighten', custom: '', passages: [] }, mark);
    expect(out.text).toBe('To grow, the firm can cut costs [@c1]. Because churn rose [@c2], we act.');
  });

  it('removes hedging for an executive tone, and fixes grammar in one pass', () => {
    expect(enhanceLocally({ text: 'We think that margins will perhaps recover.', instruction: 'executive', custom: '', passages: [] }, mark).text).toBe('Margins will recover.');
    expect(enhanceLocally({ text: 'the the firm grew .  it opened a office', instruction: 'grammar', custom: '', passages: [] }, mark).text).toBe('The firm grew. It opened an office.');
  });

  it('expands with the passages that speak to the text, each cited', () => {
    const passages = [
      { ref: { evidence_id: 'e1', start: 0, end: 30 }, quote: 'Customer churn rose to 9% in 2025.', title: 'Annual report' },
      { ref: { evidence_id: 'e2', start: 5, end: 40 }, quote: 'The weather was mild all year.', title: 'Almanac' },
    ];
    const out = enhanceLocally({ text: 'Churn is the main customer problem.', instruction: 'expand', custom: '', passages }, mark);
    expect(out.text).toContain('Annual report: “Customer churn rose to 9% in 2025.” [@cnew]');
    expect(out.text).not.toContain('Almanac');
    expect(out.added).toEqual([{ ref: passages[0]!.ref, mark: 'cnew' }]);
  });

  it('follows a free instruction by its nearest meaning', () => {
    expect(enhanceLocally({ text: 'the plan works', instruction: 'custom', custom: 'Please proofread this', passages: [] }, mark).text).toBe('The plan works.');
  });

  it('an accepted rewrite keeps every citation of the original: dropped ones go back at the end', () => {
    const before = 'Costs fell [@c1] and churn rose [@c2].';
    const after = 'Costs fell [@c1].';
    expect(droppedCitations(before, after)).toEqual(['c2']);
    expect(keepCitations(before, after)).toBe('Costs fell [@c1]. [@c2]');
    expect(wordDiff('a b c', 'a c').filter((p) => p.kind !== 'same').map((p) => [p.kind, p.text.trim()])).toEqual([['removed', 'b']]);
  });

  it('a word diff reads as whole phrases replaced, and puts the texts back together exactly', () => {
    const before = 'In order to act, the firm is able to move now.\nCosts fell 9%.';
    const after = 'To act, the firm can move now.\nCosts fell 9%, as planned.';
    const parts = wordDiff(before, after);
    expect(parts.filter((p) => p.kind !== 'same').map((p) => [p.kind, p.text])).toEqual([
      ['removed', 'In order to'],
      ['added', 'To'],
      ['removed', 'is able to'],
      ['added', 'can'],
      ['added', ', as planned'],
    ]);
    expect(parts.filter((p) => p.kind !== 'added').map((p) => p.text).join('')).toBe(before);
    expect(parts.filter((p) => p.kind !== 'removed').map((p) => p.text).join('')).toBe(after);
  });

  it('a word diff of texts with more distinct words than it has symbols still puts both texts back together', () => {
    const before = Array.from({ length: 70_000 }, (_, i) => `w${i}`).join(' ');
    const after = before.replace('w5 ', 'x5 ');
    const parts = wordDiff(before, after);
    expect(parts.filter((p) => p.kind !== 'added').map((p) => p.text).join('')).toBe(before);
    expect(parts.filter((p) => p.kind !== 'removed').map((p) => p.text).join('')).toBe(after);
  });

  it('is linear on hostile text', () => {
    for (const text of ['a'.repeat(200_000), '\n'.repeat(200_000), ' '.repeat(200_000), 'the '.repeat(50_000), '[@c1]'.repeat(30_000)]) {
      for (const instruction of ['tighten', 'executive', 'grammar'] as const) {
        const started = performance.now();
        enhanceLocally({ text, instruction, custom: '', passages: [] }, mark);
        expect(performance.now() - started, `${instruction} on ${JSON.stringify(text.slice(0, 8))}`).toBeLessThan(1000);
      }
    }
  });
});

describe('the provenance dialog\'s labels', () => {
  it('names the step or section an AI call was about, and shows an unknown kind as it is', () => {
    expect(provenanceLabel('draft:findings')).toBe('Draft: Findings & Analysis');
    expect(provenanceLabel('draft:executive-summary')).toBe('Draft: Executive Summary');
    expect(provenanceLabel('enhance:swot')).toBe('AI Enhance: SWOT Analysis');
    expect(provenanceLabel('context')).toBe('AI: context');
    expect(provenanceLabel('draft:')).toBe('AI: draft:');
  });
});
