/**
 * One finding per slide: its point as the title, its support and evidence quoted on the left, its figure as a
 * callout on the right with the recommendation that answers it.
 */
import { asTitle } from '@shared/domain/report/sentences';
import { exportsTexts } from '@shared/messages/exports';
import { deckMessages } from '@shared/messages/deck';
import type { StoryRecommendation, StoryTheme } from '../../story';
import { sourcesLine } from '../citations';
import type { DeckSlide, PlanContext, SlideItem } from '../deck-slide';
import { para } from '../fit-text';
import type { Box } from '../layouts';
import { DECK_LIMITS, hex, MUTED, TYPE } from '../style';
import { marksRun, p, run, shorten, textItem } from '../text';
import { newSlide, region } from './content-slide';

const k = exportsTexts.deck;

const impactColour = (ctx: PlanContext, impact: string) => (impact === 'high' ? hex(ctx.model.brand.primary) : impact === 'medium' ? hex(ctx.colours.mark) : MUTED);

/** A passage quoted in a box with a coloured rule, attributed under it: its pieces at y = 0 and their height. */
function quoteBox(ctx: PlanContext, q: { text: string; source: string }, left: Box, maxH: number, attribution: string): { pieces: SlideItem[]; h: number } | null {
  const inner = { w: left.w - 0.5, h: Math.min(1.9, maxH - 0.72) };
  if (inner.h < 0.3) return null;
  const bare = q.text.replace(/^[-•*]\s+/, '').replace(/^[“"]+|[”"]+$/g, '');
  const quoted = `“${shorten(bare, DECK_LIMITS.quoteChars).replace(/…$/, '')}${bare.length > DECK_LIMITS.quoteChars ? '…' : ''}”`;
  const qt = ctx.m.fitOne(quoted, inner, TYPE.quote, { italic: true });
  const qh = Math.min(inner.h, ctx.m.textHeight([para(qt.text, { italic: true })], inner.w * 72, qt.size) / 72);
  const shown = ctx.m.truncateToFit(attribution, { w: inner.w, h: 0.24 }, 11);
  const h = 0.2 + qh + 0.08 + 0.24 + 0.2;
  return {
    h,
    pieces: [
      { kind: 'shape', shape: 'rect', box: { x: left.x, y: 0, w: left.w, h }, fill: 'F8FAFC' },
      { kind: 'shape', shape: 'rect', box: { x: left.x, y: 0, w: 0.06, h }, fill: hex(ctx.colours.mark) },
      textItem('quote', { x: left.x + 0.3, y: 0.2, w: inner.w, h: qh }, [p([run(qt.text, { italic: true })])], qt.size, { color: '334155' }),
      textItem('attribution', { x: left.x + 0.3, y: 0.2 + qh + 0.08, w: inner.w, h: 0.24 }, [p([run(shown)])], 11, { color: MUTED }),
    ],
  };
}

const place = (pieces: readonly SlideItem[], y: number): SlideItem[] => pieces.map((piece) => ({ ...piece, box: { ...piece.box, y: piece.box.y + y } }));

/**
 * One finding: its point as the title; on the left its support, its evidence quoted and attributed and, where
 * there is room, a further passage (another source's, where it has one); on the right its figure as a callout
 * and under it the recommendation that answers it (its priority, owner and success measure).
 */
export function themeSlide(ctx: PlanContext, theme: StoryTheme): void {
  const s = newSlide(ctx, 'theme', 'two-content', k.findingKicker(theme.label, theme.dimension), theme.title);
  const left = region(ctx, 'two-content', 'left');
  const right = region(ctx, 'two-content', 'right');
  const bottom = left.y + left.h;
  const notes = [theme.statement];

  // the evidence, quoted (short) and attributed
  const quote = theme.quote ? quoteBox(ctx, theme.quote, left, left.h, `— ${theme.quote.source}`) : null;
  const quoteH = quote?.h ?? 0;

  // the support above it, in what room is left (none where not a line of it fits: the notes hold the finding)
  let y = left.y;
  const supportRoom = { ...left, h: left.h - (quoteH ? quoteH + 0.3 : 0) };
  if (theme.support && supportRoom.h >= (TYPE.support.min * ctx.m.lineHeight) / 72) {
    const paras = [p([run(theme.support), ...marksRun(theme.citations)])];
    let size = ctx.m.fitSize(paras, supportRoom, TYPE.support.max, TYPE.support.min);
    let shown = paras;
    if (size === null) {
      size = TYPE.support.min;
      shown = [p([run(ctx.m.truncateToFit(theme.support, supportRoom, size))])];
    }
    const h = Math.min(supportRoom.h, ctx.m.textHeight(shown, supportRoom.w * 72, size) / 72);
    s.items.push(textItem('support', { ...supportRoom, h }, shown, size));
    y += h + 0.3;
  } else if (theme.support) notes.push(theme.support);
  if (quote) {
    s.items.push(...place(quote.pieces, y));
    y += quote.h + 0.25;
  }
  // a further passage in the room below, whole or not at all
  if (quote && theme.corroboration && bottom - y >= 1.1) {
    const c = theme.corroboration;
    const more = quoteBox(ctx, c, left, bottom - y, `— ${c.source}`);
    if (more && y + more.h <= bottom + 1e-6) {
      s.items.push(...place(more.pieces, y));
      y += more.h;
    }
  }

  // the figure: the finding's metric, else its dimension's score
  const pad = 0.3;
  const inner = { x: right.x + pad, w: right.w - 2 * pad };
  const figure = theme.metric
    ? { value: theme.metric.value, caption: [theme.metric.name, theme.metric.period].filter(Boolean).join(', ') }
    : theme.dimensionScore !== null
      ? { value: k.score(theme.dimensionScore), caption: k.dimensionScore(theme.dimension) }
      : { value: k.impact(theme.impact), caption: theme.dimension };
  // the callout panel: the value, then its caption, rule and tags as far as the region holds them
  const value = ctx.m.fitOne(figure.value, { w: inner.w, h: Math.max(0.3, Math.min(1.45, right.h - 2 * pad)) }, TYPE.callout, { bold: true }, 2);
  const valueH = Math.min(right.h - 2 * pad, ctx.m.textHeight([para(value.text, { bold: true })], inner.w * 72, value.size) / 72);
  const caption = ctx.m.fitOne(figure.caption, { w: inner.w, h: 0.95 }, TYPE.caption);
  const captionH = ctx.m.textHeight([para(caption.text)], inner.w * 72, caption.size) / 72;
  const tags = [k.impact(theme.impact), theme.metric && theme.dimensionScore !== null ? `${theme.dimension}: ${k.score(theme.dimensionScore)}` : ''].filter(Boolean);
  const tagParas = tags.map((t, i) => p([run(t, { bold: i === 0, color: i === 0 ? impactColour(ctx, theme.impact) : MUTED })], { spaceAfter: 3 }));
  const tagsH = ctx.m.textHeight(tagParas, inner.w * 72, 12) / 72;
  const withCaption = pad + valueH + 0.08 + captionH + pad <= right.h;
  const withTags = withCaption && pad + valueH + 0.08 + captionH + 0.28 + tagsH + pad <= right.h;
  const panelH = pad + valueH + (withCaption ? 0.08 + captionH : 0) + (withTags ? 0.28 + tagsH : 0) + pad;
  s.items.push({ kind: 'shape', shape: 'roundRect', box: { x: right.x, y: right.y, w: right.w, h: panelH }, fill: hex(ctx.colours.wash) });
  let ry = right.y + pad;
  s.items.push(textItem('callout', { x: inner.x, y: ry, w: inner.w, h: valueH }, [p([run(value.text, { bold: true })])], value.size, { color: ctx.colours.heading }));
  ry += valueH + 0.08;
  if (withCaption) s.items.push(textItem('callout-caption', { x: inner.x, y: ry, w: inner.w, h: captionH }, [p([run(caption.text)])], caption.size));
  ry += captionH + 0.14;
  if (withTags) {
    s.items.push({ kind: 'shape', shape: 'line', box: { x: inner.x, y: ry, w: 0.8, h: 0 }, line: hex(ctx.colours.mark), lineWidth: 1.5 });
    ry += 0.14;
    s.items.push(textItem('tags', { x: inner.x, y: ry, w: inner.w, h: tagsH }, tagParas, 12));
  }
  if (!withCaption) notes.push(`${figure.value}: ${figure.caption}`);
  if (value.cut || caption.cut) notes.push(`${figure.value}: ${figure.caption}`);

  // what to do about it: the first recommendation that answers the finding, in the room under the figure
  const answer = ctx.model.story.recommendations.find((r) => !r.deferred && r.findingIds.includes(theme.id));
  const top = right.y + panelH + 0.3;
  if (answer && bottom - top >= 1.2) actionPanel(ctx, s, { x: right.x, y: top, w: right.w, h: bottom - top }, answer);

  s.notes.push(...notes);
  sourcesLine(ctx, s, theme.citations);
}

/** A finding slide's panel naming the recommendation that answers it: its title, priority and owner, its success measure. */
function actionPanel(ctx: PlanContext, s: DeckSlide, box: Box, r: StoryRecommendation): void {
  const pad = 0.22;
  const w = box.w - pad - 0.12;
  const x = box.x + pad;
  const heading = ctx.m.truncateToFit(deckMessages.recommendedAction.toUpperCase(), { w, h: 0.24 }, TYPE.kicker, { bold: true });
  const titleRoom = { w, h: Math.min(1.1, box.h - 0.24 - 0.5 - 2 * 0.12) };
  const title = ctx.m.fitOne(`${r.label} · ${asTitle(r.title)}`, titleRoom, { max: 16, min: 12 }, { bold: true });
  const titleH = Math.min(titleRoom.h, ctx.m.textHeight([para(title.text, { bold: true })], w * 72, title.size) / 72);
  const meta = ctx.m.truncateToFit([k.priority(r.priority), r.owner ? k.owner(r.owner) : ''].filter(Boolean).join(' · '), { w, h: 0.5 }, 11);
  const metaH = ctx.m.textHeight([para(meta)], w * 72, 11) / 72;
  let h = 0.12 + 0.24 + 0.06 + titleH + 0.06 + metaH;
  const kpiRoom = { w, h: box.h - h - 0.12 - 0.08 };
  const kpi = r.kpi && kpiRoom.h >= 0.2 ? ctx.m.truncateToFit(k.successMeasure(r.kpi), kpiRoom, 11) : '';
  const kpiH = kpi ? ctx.m.textHeight([para(kpi)], w * 72, 11) / 72 : 0;
  h += (kpi ? 0.08 + kpiH : 0) + 0.12;
  s.items.push({ kind: 'shape', shape: 'rect', box: { x: box.x, y: box.y, w: box.w, h }, fill: 'F8FAFC' });
  s.items.push({ kind: 'shape', shape: 'rect', box: { x: box.x, y: box.y, w: 0.06, h }, fill: hex(ctx.colours.mark) });
  let y = box.y + 0.12;
  s.items.push(textItem('action-heading', { x, y, w, h: 0.24 }, [p([run(heading, { bold: true })])], TYPE.kicker, { color: ctx.colours.mark }));
  y += 0.24 + 0.06;
  s.items.push(textItem('action-title', { x, y, w, h: titleH }, [p([run(title.text, { bold: true })])], title.size, { color: ctx.colours.heading }));
  y += titleH + 0.06;
  s.items.push(textItem('action-meta', { x, y, w, h: metaH }, [p([run(meta)])], 11, { color: MUTED }));
  y += metaH;
  if (kpi) s.items.push(textItem('action-kpi', { x, y: y + 0.08, w, h: kpiH }, [p([run(kpi)])], 11, { color: '334155' }));
  if (title.cut || (r.kpi && kpi !== k.successMeasure(r.kpi))) s.notes.push(`${r.label} ${r.title}${r.kpi ? `. ${k.successMeasure(r.kpi)}` : ''}`);
}
