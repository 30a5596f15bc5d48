/**
 * The PowerPoint deck, pure: the storyline told from the step data (executive summary, a native dimension-score
 * chart, one theme per slide with its figure and quote, the SWOT 2×2, the recommendations, the roadmap gantt,
 * the sources), an action title on every content slide, the named layouts and their placeholders, the text
 * measure, and that no text box overflows, even with the largest texts the schemas allow.
 */
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { chartRenderer } from '../../functions/domain/exports/charts';
import type { Block } from '../../functions/domain/exports/blocks';
import { buildExportModel, plainText, quotesToNotes, type ExportModel } from '../../functions/domain/exports/model';
import { chartTakeaway, DECK_LIMITS, firstSentence, fits, fitSize, FRAME, groupsOf, LAYOUTS, lineCount, mergeSmall, para, planDeck, renderPptx, shorten, SLIDE, sourceList, textHeight, textWidth, truncateToFit, TYPE, type DeckSlide, type TextItem } from '../../functions/domain/exports/pptx';
import { asTitle, metricFigure, splitFirstSentence } from '../../functions/domain/exports/story';
import { composedFixture, consultingFixture, largestReportFixture, SMALL } from '../helpers/export-fixtures';
import { cite, modelOf } from '../helpers/export-model';

const k = messages.exports.deck;

const plan = (model: ExportModel) => planDeck(model, chartRenderer(model.brand));
const texts = (s: DeckSlide, role?: string) => s.items.filter((i): i is TextItem => i.kind === 'text' && (!role || i.role === role)).map((i) => i.paras.map((p) => p.runs.map((r) => r.text).join('')).join('\n'));
const kinds = (slides: DeckSlide[]) => slides.map((s) => s.kind);
/** slides whose layout carries an action title (not the cover or a section header) */
const content = (slides: DeckSlide[]) => slides.filter((s) => s.layout !== 'title' && s.layout !== 'section');

describe('the deck tells the report as a consultant would', () => {
  const f = consultingFixture();
  const model = buildExportModel(f.input);
  const slides = plan(model);
  const summary = f.wizard['executive-summary']!;
  const findings = f.wizard.findings!.findings;

  it('opens with the executive summary: the governing thought as its title, the key lines, the priority actions', () => {
    expect(kinds(slides).slice(0, 2)).toEqual(['title', 'executive-summary']);
    const s = slides[1]!;
    expect(s.layout).toBe('two-content');
    const governing = splitFirstSentence(summary.summary.replace(/\s*\[@[^\]]+\]/g, '')).first;
    expect(s.title).toBe(asTitle(governing));
    expect(texts(s, 'kicker')).toEqual([k.executiveSummary.toUpperCase()]);
    expect(texts(s, 'key-line').map((t) => t.replace(/ [\d,]+$/, ''))).toEqual(summary.key_messages.map((m) => m.text));
    const actions = texts(s, 'action').join('\n');
    expect(actions).toContain('Qualify second sources for the top 200 homeware lines');
    expect(actions).toContain(k.priority('high'));
    // its citations are on the slide's source line, their passages in its notes
    expect(texts(s, 'sources')[0]).toMatch(/^Sources: /);
    expect(s.notes.join('\n')).toContain(f.evidence[0]!.text.slice(f.evidence[0]!.text.indexOf('Gross margin fell'), f.evidence[0]!.text.indexOf('Gross margin fell') + 40));
  });

  it('gives every content slide an action title: a sentence from the report, never a section number', () => {
    for (const s of content(slides)) {
      expect(s.title, s.kind).toBeTruthy();
      expect(s.title).not.toMatch(/^\d+(\.\d+)*\.?\s/);
      expect(Object.values(messages.exports.document).includes(s.title as never)).toBe(false);
      expect(s.items.filter((i) => i.kind === 'text' && i.role === 'title' && i.placeholder === 'title')).toHaveLength(1);
    }
    const titled = content(slides).filter((s) => ['executive-summary', 'dimension-scores', 'theme', 'swot', 'recommendations', 'roadmap', 'sources'].includes(s.kind));
    expect(titled.length).toBeGreaterThan(10);
    // a table with no sentence of its own says what it lists, not "Section: Heading"
    expect(slides.filter((s) => s.kind === 'table').map((s) => s.title)).toEqual([
      'Two stakeholders: Priya Shah and Tom Reyes',
      `Three sources: ${f.evidence.map((e) => e.title).join(', ').replace(/, ([^,]+)$/, ' and $1')}`,
    ]);
    expect(k.tableTitle('Stakeholders', 7, ['A', 'B', 'C', 'D'])).toBe('Seven stakeholders: A, B, C and 4 more');
    expect(k.tableTitle('Sources', 1, ['A'])).toBe('Sources: A');
    const small = plan(buildExportModel(composedFixture(SMALL).input));
    expect(small.filter((s) => s.kind === 'table').map((s) => s.title)).toContain('Three sources: Annual report 2025, Customer survey Q3 and Operations review');
    // a title is a sentence: several words, at least one of them a verb-bearing word of the report's own
    for (const s of titled) expect(s.title.split(/\s+/).length, s.title).toBeGreaterThanOrEqual(6);
  });

  it('draws the dimension scores as a native bar chart although no one inserted a chart', async () => {
    expect(f.visuals).toEqual([]);
    const s = slides.find((x) => x.kind === 'dimension-scores')!;
    expect(s.title).toBe(k.scoresTitle('Market & Customers', 71, 'Financial Performance', 38));
    const chart = s.items.find((i) => i.kind === 'chart');
    expect(chart?.kind === 'chart' && chart.chart.type).toBe('bar');
    expect(chart?.kind === 'chart' && chart.chart.data[0]!.values).toEqual([71, 55, 47, 45, 42, 38]);
    const zip = await JSZip.loadAsync(await renderPptx(model, chartRenderer(model.brand)));
    const charts = Object.keys(zip.files).filter((n) => /^ppt\/charts\/chart\d+\.xml$/.test(n));
    expect(charts).toHaveLength(1);
    expect(await zip.file(charts[0]!)!.async('string')).toContain('<c:barChart>');
  });

  it('tells one theme per slide: the finding’s point as title, its figure as a callout, its evidence quoted and attributed', () => {
    const themes = slides.filter((s) => s.kind === 'theme');
    expect(themes).toHaveLength(findings.length);
    // the most important first
    expect(themes.map((s) => s.title)).toEqual(
      [...findings].sort((a, b) => ['high', 'medium', 'low'].indexOf(a.impact) - ['high', 'medium', 'low'].indexOf(b.impact)).map((x) => asTitle(splitFirstSentence(x.statement).first)),
    );
    const margin = themes[0]!;
    expect(texts(margin, 'kicker')).toEqual(['F1 · FINANCIAL PERFORMANCE']);
    expect(texts(margin, 'callout')).toEqual(['34.2%']);
    expect(texts(margin, 'callout-caption')).toEqual(['Gross margin, FY2024']);
    expect(texts(margin, 'support')[0]).toMatch(/^The CFO puts it at 34.2% in FY2024/);
    expect(texts(margin, 'quote')[0]).toBe(`“${findings[0]!.citations[0]!.quote}”`);
    expect(texts(margin, 'attribution')[0]).toBe('— CFO interview (Priya Shah)');
    expect(margin.notes.join('\n')).toContain(findings[0]!.statement);
    // a currency figure reads as money
    expect(texts(themes.find((s) => s.title.startsWith('New packaging rules'))!, 'callout')).toEqual(['£1.4m']);
  });

  it('fills a finding slide’s lower third: a further passage (another source’s first) and the recommendation that answers the finding', () => {
    const themes = slides.filter((s) => s.kind === 'theme');
    const recs = f.wizard.recommendations!.items;
    for (const [i, slide] of themes.entries()) {
      const finding = findings.find((x) => asTitle(splitFirstSentence(x.statement).first) === slide.title)!;
      const answer = recs.find((r) => !r.deferred && r.finding_ids.includes(finding.id));
      // the recommendation that answers it, with its priority, owner and success measure, under the figure
      if (answer) {
        expect(texts(slide, 'action-heading'), slide.title).toEqual(['RECOMMENDED ACTION']);
        expect(texts(slide, 'action-title')[0], slide.title).toBe(`R${recs.indexOf(answer) + 1} · ${asTitle(answer.title)}`);
        expect(texts(slide, 'action-meta')[0], slide.title).toContain(k.priority(answer.priority));
        if (answer.kpi) expect(texts(slide, 'action-kpi')[0], slide.title).toMatch(/^Success measure: /);
      } else expect(texts(slide, 'action-title'), `${i}`).toEqual([]);
      // a second passage, from another source where the finding cites one, each attributed
      const sources = new Set(finding.citations.map((c) => c.evidence_id));
      const quotes = texts(slide, 'quote');
      if (sources.size > 1) {
        expect(quotes, slide.title).toHaveLength(2);
        const [a, b] = texts(slide, 'attribution');
        expect(a, slide.title).not.toBe(b);
      }
      // the content reaches into the lower third of the body
      const lowest = Math.max(...slide.items.filter((x) => x.kind === 'text' && !['sources', 'title', 'kicker'].includes(x.role)).map((x) => x.box.y + x.box.h));
      if (answer || sources.size > 1) expect(lowest, slide.title).toBeGreaterThan(FRAME.body.y + (FRAME.body.h * 2) / 3 - 0.6);
    }
    const margin = themes[0]!;
    expect(texts(margin, 'quote')).toHaveLength(2);
  });

  it('shows the SWOT as a 2×2, the recommendations with priority, impact and effort, and the roadmap as a gantt', () => {
    const swot = slides.find((s) => s.kind === 'swot')!;
    expect(swot.title).toBe('Two strengths to build on and three weaknesses to fix; two opportunities to pursue and three threats to guard against');
    expect(texts(swot, 'swot-heading')).toEqual(['STRENGTHS', 'WEAKNESSES', 'OPPORTUNITIES', 'THREATS']);
    expect(swot.items.filter((i) => i.kind === 'shape' && i.shape === 'roundRect')).toHaveLength(4);

    const recs = slides.find((s) => s.kind === 'recommendations')!;
    expect(recs.title).toBe('Qualify second sources for the top 200 homeware lines first, then five further actions');
    const table = recs.items.find((i) => i.kind === 'table');
    expect(table?.kind === 'table' && table.rows[0]!.map((c) => plainParas(c.paras))).toEqual(Object.values(k.recommendationColumns));
    expect(table?.kind === 'table' && table.rows[1]!.map((c) => plainParas(c.paras))).toEqual([
      'R1',
      'Qualify second sources for the top 200 homeware lines\nSuccess measure: Share of homeware stock from the top three suppliers below 45% by FY2026',
      'High priority',
      '●●●●●',
      '●●●●●',
      'Chief Merchandising Officer',
    ]);
    expect(recs.notes.join('\n')).toContain('a credible alternative at the next negotiation');

    const gantt = slides.find((s) => s.kind === 'roadmap')!;
    expect(gantt.title).toBe('Seven actions over 12 months in three phases, the first to launch the supplier second-source programme');
    expect(texts(gantt, 'gantt-label')).toHaveLength(7);
    expect(gantt.items.filter((i) => i.kind === 'shape' && i.shape === 'roundRect')).toHaveLength(7);
  });

  it('closes with the sources: each source, the passages quoted from it, the whole passages in the notes', () => {
    const sources = slides.filter((s) => s.kind === 'sources');
    expect(sources[0]!.title).toBe(k.sourcesTitle(model.citations.length, 3));
    const list = texts(sources[0]!, 'sources-list')[0]!;
    for (const e of f.evidence) expect(list).toContain(e.title);
    expect(sources.flatMap((s) => s.notes).join('\n')).toContain(model.citations.at(-1)!.quote);
    expect(kinds(slides).at(-2)).not.toBe('section');
  });

  it('writes the named layouts as slide layouts with real title and body placeholders', async () => {
    const zip = await JSZip.loadAsync(await renderPptx(model, chartRenderer(model.brand)));
    const layoutNames = await Promise.all(
      Object.keys(zip.files)
        .filter((n) => /^ppt\/slideLayouts\/slideLayout\d+\.xml$/.test(n))
        .map(async (n) => /<p:cSld name="([^"]+)"/.exec(await zip.file(n)!.async('string'))?.[1]),
    );
    expect(layoutNames).toEqual(expect.arrayContaining(Object.values(LAYOUTS).map((l) => l.master)));
    // each slide uses its layout, and its title is the title placeholder
    for (const [i, s] of slides.entries()) {
      const rels = await zip.file(`ppt/slides/_rels/slide${i + 1}.xml.rels`)!.async('string');
      const layout = /slideLayouts\/(slideLayout\d+\.xml)/.exec(rels)![1]!;
      expect(/<p:cSld name="([^"]+)"/.exec(await zip.file(`ppt/slideLayouts/${layout}`)!.async('string'))?.[1]).toBe(LAYOUTS[s.layout].master);
      const xml = await zip.file(`ppt/slides/slide${i + 1}.xml`)!.async('string');
      expect(xml).toMatch(/type="title"/);
    }
  });
});

const plainParas = (paras: readonly { runs: readonly { text: string }[] }[]) => paras.map((p) => p.runs.map((r) => r.text).join('')).join('\n');

/** Every box of every slide inside the slide, above the source line, and its text fitting it: the boxes measured. */
function expectAllFit(slides: readonly DeckSlide[]): number {
  let boxes = 0;
  for (const s of slides) {
    const framed = LAYOUTS[s.layout].framed;
    for (const item of s.items) {
      const b = item.box;
      // inside the slide
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.y).toBeGreaterThanOrEqual(0);
      expect(b.x + b.w).toBeLessThanOrEqual(SLIDE.w + 1e-6);
      expect(b.y + b.h).toBeLessThanOrEqual(SLIDE.h + 1e-6);
      // on a content slide, above the source line (the title in the title's room)
      if (framed && !(item.kind === 'text' && ['sources'].includes(item.role))) expect(b.y + b.h, `${s.kind} ${item.kind}`).toBeLessThanOrEqual(FRAME.body.y + FRAME.body.h + 1e-6);
      if (item.kind === 'text') {
        boxes++;
        expect(fits(item.paras, b, item.size), `${s.kind}/${item.role}: ${plainParas(item.paras).slice(0, 80)}`).toBe(true);
        expect(item.size).toBeGreaterThanOrEqual(8);
      }
      if (item.kind === 'table') {
        item.rows.forEach((row, r) =>
          row.forEach((cell, c) => {
            boxes++;
            expect(fits(cell.paras, { w: item.colW[c]! - 0.16, h: item.rowH[r]! - 0.16 }, item.size), `${s.kind} cell ${r},${c}`).toBe(true);
          }),
        );
        expect(item.rowH.reduce((a, b2) => a + b2, 0)).toBeLessThanOrEqual(FRAME.body.h + 1e-6);
        expect(item.size).toBeGreaterThanOrEqual(TYPE.table.min);
      }
    }
  }
  return boxes;
}

describe('no slide overflows', () => {
  it('fits every text box of the largest report the schemas allow, shrinking, continuing or cutting with the whole in the notes', () => {
    const f = largestReportFixture();
    const model = buildExportModel(f.input);
    const slides = plan(model);
    const boxes = expectAllFit(slides);
    expect(boxes).toBeGreaterThan(400);
    // the roadmap and the sources are capped: at most so many slides, then a line naming what the full report holds
    const roadmap = slides.filter((s) => s.kind === 'roadmap');
    expect(roadmap).toHaveLength(DECK_LIMITS.continuation);
    expect(roadmap[1]!.title).toMatch(/\(continued\)$/);
    const shownActions = roadmap.reduce((n, s) => n + texts(s, 'gantt-label').length, 0);
    expect(texts(roadmap.at(-1)!, 'more')).toEqual([k.moreItems(f.input.roadmap!.items.length - shownActions)]);
    const sources = slides.filter((s) => s.kind === 'sources');
    expect(sources).toHaveLength(DECK_LIMITS.sourceSlides);
    expect(sources.slice(1).every((s) => s.title.endsWith('(continued)'))).toBe(true);
    const shownPassages = sources.reduce((n, s) => n + (texts(s, 'sources-list')[0]!.match(/^\[\d+\] /gm)?.length ?? 0), 0);
    expect(texts(sources.at(-1)!, 'sources-list')[0]!.split('\n').at(-1)).toBe(k.moreItems(model.citations.length - shownPassages));
    // what did not fit went to a continuation slide, or was cut and kept whole in the notes
    const summary = slides.filter((s) => s.kind === 'executive-summary');
    expect(summary.length).toBeGreaterThan(1);
    expect(summary[1]!.title).toMatch(/\(continued\)$/);
    const theme = slides.find((s) => s.kind === 'theme')!;
    expect(theme.title.endsWith('…')).toBe(true);
    expect(theme.notes.join('\n')).toContain('x'.repeat(2_000));
    expect(slides.filter((s) => s.kind === 'theme')).toHaveLength(DECK_LIMITS.themeSlides);
    expect(slides.filter((s) => s.kind === 'further-findings').length).toBeLessThanOrEqual(DECK_LIMITS.continuation);
    expect(texts(slides.find((s) => s.kind === 'swot')!, 'swot-items').every((t) => t.includes('more in the full report'))).toBe(true);
  }, 120_000);

  it('fits a finding slide’s lower third at the largest: two 2,000-character passages and the longest recommendation under a small figure', () => {
    const f = largestReportFixture();
    // no metric: the callout is the dimension's score, and the room under it holds the recommendation
    const findings = f.input.steps!.findings!;
    // every recommendation answers as many findings as the schema allows (50)
    const recs = f.input.steps!.recommendations!;
    const answered = findings.findings.slice(0, 50).map((x) => x.id);
    const input = {
      ...f.input,
      steps: {
        ...f.input.steps,
        findings: { ...findings, findings: findings.findings.map((x) => ({ ...x, metric: null })) },
        recommendations: { items: recs.items.map((r) => ({ ...r, finding_ids: answered })) },
      },
    };
    const model = buildExportModel(input);
    const themes = plan(model).filter((s) => s.kind === 'theme');
    expect(expectAllFit(themes)).toBeGreaterThan(100);
    for (const t of themes) {
      // no text box over another
      const boxes = t.items.filter((i): i is TextItem => i.kind === 'text').map((i) => ({ role: i.role, ...i.box }));
      for (const [i, a] of boxes.entries())
        for (const b of boxes.slice(i + 1)) {
          const apart = a.x + a.w <= b.x + 1e-6 || b.x + b.w <= a.x + 1e-6 || a.y + a.h <= b.y + 1e-6 || b.y + b.h <= a.y + 1e-6;
          expect(apart, `${a.role} over ${b.role}`).toBe(true);
        }
      // cut to fit, each whole in the notes
      expect(texts(t, 'action-title')[0]!.endsWith('…'), t.title).toBe(true);
      expect(texts(t, 'quote')[0]!.endsWith('…”'), t.title).toBe(true);
      expect(t.notes.join('\n')).toContain(f.input.steps!.recommendations!.items[0]!.title);
    }
  }, 120_000);

  it('measures text as Calibri sets it: widths per letter, greedy wrapping at spaces, long words broken', () => {
    expect(textWidth('W', 10)).toBeGreaterThan(textWidth('i', 10) * 3);
    expect(textWidth('abc', 20)).toBeCloseTo(textWidth('abc', 10) * 2, 6);
    expect(textWidth('abc', 10, { bold: true })).toBeGreaterThan(textWidth('abc', 10));
    // "Hello" in Calibri 10 pt: (623+498+229+229+527)/1000 em × 10 pt, plus the slack
    expect(textWidth('Hello', 10)).toBeCloseTo(2.106 * 10 * 1.06, 3);
    const word = textWidth('word', 12);
    const space = textWidth(' ', 12);
    expect(lineCount(para('word word word'), 3 * word + 2 * space + 0.1, 12)).toBe(1);
    expect(lineCount(para('word word word'), 2 * word + space + 0.1, 12)).toBe(2);
    expect(lineCount(para('x'.repeat(100)), textWidth('x'.repeat(10), 12) + 0.01, 12)).toBe(10);
    expect(lineCount(para(''), 100, 12)).toBe(1);
    expect(textHeight([para('a'), para('b', { spaceBefore: 6 })], 100, 10)).toBeCloseTo(2 * 10 * 1.2207 + 6, 6);
    // the largest size that fits; null when none does
    const room = { w: 2, h: 0.5 };
    const size = fitSize([para('A short line of text')], room, 40, 8)!;
    expect(fits([para('A short line of text')], room, size)).toBe(true);
    expect(fits([para('A short line of text')], room, size + 1)).toBe(false);
    expect(fitSize([para('word '.repeat(500))], room, 20, 12)).toBeNull();
    // cut at a word, with an ellipsis, and fitting
    const cut = truncateToFit('word '.repeat(500), room, 12);
    expect(cut).toMatch(/word…$/);
    expect(fits([para(cut)], room, 12)).toBe(true);
    expect(truncateToFit('fits here', room, 12)).toBe('fits here');
  });
});

describe('the deck’s pieces', () => {
  it('reads a finding’s metric as a figure and the first sentence as its point', () => {
    expect(metricFigure({ name: 'Gross margin', value: 34.2, unit: '%', period: 'FY2024' })).toEqual({ value: '34.2%', name: 'Gross margin', period: 'FY2024' });
    expect(metricFigure({ name: 'Fees', value: 1.4, unit: '£m', period: '' }).value).toBe('£1.4m');
    expect(metricFigure({ name: 'Loss', value: -2.5, unit: '$bn', period: '' }).value).toBe('-$2.5bn');
    expect(metricFigure({ name: 'Stock', value: 94, unit: 'days', period: '' }).value).toBe('94 days');
    expect(metricFigure({ name: 'NPS', value: 1234567, unit: '', period: '' }).value).toBe('1,234,567');
    expect(splitFirstSentence('Margin fell 4.5 points to 36.5%. The CFO said so.')).toEqual({ first: 'Margin fell 4.5 points to 36.5%.', rest: 'The CFO said so.' });
    expect(splitFirstSentence('No stop')).toEqual({ first: 'No stop', rest: '' });
    expect(asTitle('margin fell.')).toBe('Margin fell');
    expect(asTitle('It is unclear…')).toBe('It is unclear…');
  });

  it('numbers the storyline’s citations as the document does; one no section uses gets the next number', () => {
    const f = consultingFixture();
    const model = buildExportModel(f.input);
    const findings = f.wizard.findings!.findings;
    for (const t of model.story.themes) {
      const own = findings.find((x) => x.id === t.id)!;
      expect(t.citations.map((n) => model.citations[n - 1]!.id)).toEqual(own.citations.map((c) => c.id));
    }
    // a finding citing a passage that no exported section cites
    const extra = modelOf([{ key: 'findings', content: 'Text [@a].', citations: [cite('a')] }], {
      steps: { findings: { dimensions: [], findings: [{ id: 'f1', statement: 'Costs rose sharply. Because of freight.', dimension: 'Financial Performance', impact: 'high', metric: null, citations: [cite('zz')], ai_drafted: false }] } },
    });
    expect(extra.story.themes[0]!.citations).toEqual([2]);
    expect(extra.citations.map((c) => [c.n, c.id, c.sourceTitle])).toEqual([
      [1, 'a', 'Source of a'],
      [2, 'zz', 'Source of zz'],
    ]);
    // only selected sections are told: without the findings section, no themes
    const without = modelOf([{ key: 'executive-summary', content: 'Summary.' }], { steps: f.input.steps });
    expect(without.story.themes).toEqual([]);
    expect(without.story.summary?.governing).toBe("Alder & Finch's profitability is under pressure: gross margin fell 5.3 points to 34.2% and operating profit more than halved to £5.4m, while a discount competitor is opening stores in its towns.");
  });

  it('regression: a sentence alone before a table titles the table’s slides, never a slide of its own with nothing under it (the appendix’s scoring method)', () => {
    const sentence = 'Each dimension’s score is the relevance-weighted mean of the evidence’s dimension scores, on a scale of 0 to 100.';
    const rows = Array.from({ length: 18 }, (_, i) => `| Dimension ${i + 1} | Interview ${i + 1} | ${50 + i}% | ${20 + i}% |`).join('\n');
    const slides = plan(modelOf([{ key: 'appendices', content: `## Scoring method\n\n${sentence} [@s1]\n\n| Dimension | Evidence | Relevance | Score |\n| --- | --- | ---: | ---: |\n${rows}`, citations: [cite('s1')] }]));
    const method = slides.filter((s) => s.title.startsWith('Each dimension'));
    expect(method.length).toBeGreaterThan(0);
    // every one of them holds the table; none is a title over an empty body
    for (const s of method) expect(s.items.some((i) => i.kind === 'table'), s.title).toBe(true);
    expect(slides.filter((s) => s.kind === 'points')).toEqual([]);
    // the sentence's citation is still named under the table
    expect(texts(method[0]!, 'sources')[0]).toContain('Source of s1');
  });

  it('reads what a chart shows as its title', () => {
    const f = composedFixture(SMALL, { visuals: 8 });
    const figures = [...f.input.visuals.values()];
    const byTitle = (t: string) => figures.find((x) => x.visual.title === t)!;
    expect(chartTakeaway(byTitle('Regional sales'))).toBe('Regional sales: North (2025) is highest at 14');
    expect(chartTakeaway(byTitle('Evidence by dimension'))).toMatch(/^Evidence by dimension: .+ is the largest share at \d+%$/);
    expect(chartTakeaway(byTitle('Roadmap'))).toBeNull();
    // measures side by side (impact and effort) have no single highest; the caption stays the title
    const measures = figures.find((x) => x.data.series.length > 1 && x.visual.type === 'bar' && x.visual.title !== 'Regional sales');
    expect(measures?.data.series.map((x) => x.name)).toEqual(['Impact (1–5)', 'Effort (1–5)']);
    expect(chartTakeaway(measures!)).toBeNull();
  });

  it('summarises other sections: first sentences shortened at a word; small sub-sections share a slide; each source once', () => {
    expect(firstSentence('Revenue grew 12%. Costs fell.')).toBe('Revenue grew 12%.');
    expect(firstSentence('No full stop here')).toBe('No full stop here');
    expect(shorten('word '.repeat(60), 40).length).toBeLessThanOrEqual(40);
    expect(shorten('word '.repeat(60), 40)).toMatch(/…$/);
    const merged = mergeSmall([
      { heading: '', points: [{ text: 'a', level: 0, citations: [] }], visuals: [] },
      { heading: 'B', points: [{ text: 'b', level: 0, citations: [] }], visuals: [] },
    ]);
    expect(merged).toHaveLength(1);
    expect(merged[0]!.points.map((p) => [p.text, p.level, Boolean(p.bold)])).toEqual([['a', 0, false], ['B', 0, true], ['b', 1, false]]);
    const model = modelOf([{ key: 'introduction', content: 'Opening sentence of the section here. More.\n\n## Purpose\n\nWhy we did it.' }]);
    expect(groupsOf(model.sections[0]!).map((g) => [g.heading, g.points.map((p) => p.text)])).toEqual([['', ['Opening sentence of the section here.', 'Purpose', 'Why we did it.']]]);
    const slides = plan(model);
    expect(slides[1]!.title).toBe('Opening sentence of the section here');
    const sources = modelOf([{ key: 'findings', content: '[@a] [@b] [@c]', citations: [cite('a', 'e1'), cite('b', 'e2'), { ...cite('c', 'e1'), source_title: 'Source of a' }] }]);
    expect(sourceList(sources)).toEqual([{ source: 'Source of a', numbers: [1, 3] }, { source: 'Source of b', numbers: [2] }]);
  });
});

describe('quotations belong in the notes', () => {
  it('a block quote that repeats its own cited passage leaves the body; its marks join the paragraph before', () => {
    const blocks: Block[] = [
      { kind: 'paragraph', runs: [{ text: 'Margins fell.' }] },
      { kind: 'quote', blocks: [{ kind: 'paragraph', runs: [{ text: '“Gross margin fell to 34.2%”' }, { text: '', citation: 1 }] }] },
      { kind: 'quote', blocks: [{ kind: 'paragraph', runs: [{ text: 'A person’s own words, uncited.' }] }] },
    ];
    const out = quotesToNotes(blocks, (n) => (n === 1 ? 'Gross margin fell to 34.2% in FY2024.' : ''));
    expect(out.map((b) => b.kind)).toEqual(['paragraph', 'quote']);
    expect(out[0]).toEqual({ kind: 'paragraph', runs: [{ text: 'Margins fell.' }, { text: '', citation: 1 }] });
    // a quote saying something its citation does not stays
    const other = quotesToNotes([blocks[0]!, { kind: 'quote', blocks: [{ kind: 'paragraph', runs: [{ text: 'Something else' }, { text: '', citation: 1 }] }] }], () => 'Gross margin fell');
    expect(other.map((b) => b.kind)).toEqual(['paragraph', 'quote']);
    // through the model: the section's body holds no quote, the note the whole passage
    const model = modelOf([{ key: 'findings', content: 'Margins fell.\n\n> “Gross margin fell to 34.2%” [@m]', citations: [cite('m', undefined, 'Gross margin fell to 34.2% in FY2024.')] }]);
    expect(model.sections[0]!.blocks.map((b) => b.kind)).toEqual(['paragraph']);
    expect(plainText((model.sections[0]!.blocks[0] as Extract<Block, { kind: 'paragraph' }>).runs)).toBe('Margins fell.');
    expect(model.sections[0]!.citations).toEqual([1]);
  });
});
