/**
 * The cover: the logo, the title and subtitle in the title layout's placeholders, whom it is for and when, the
 * confidentiality line. On a firm's title layout: the title in its title placeholder, and in its subtitle
 * placeholder the subtitle, whom it is for, when and by whom and the confidentiality line, as many as fit (the
 * template's own artwork, no logo or rule of ours).
 */
import { exportsTexts } from '@shared/messages/exports';
import type { DeckSlide, PlanContext } from '../deck-slide';
import { FRAME, LAYOUTS, SLIDE } from '../layouts';
import { logoPng } from '../logo';
import { hex, TYPE, WHITE } from '../style';
import { p, run, textItem } from '../text';
import { firmBody, firmTitle } from './content-slide';

const d = exportsTexts.document;

export function titleSlide(ctx: PlanContext): void {
  if (ctx.frame.firm) {
    firmCover(ctx);
    return;
  }
  const { cover: c, brand } = ctx.model;
  const L = LAYOUTS.title;
  const s: DeckSlide = { kind: 'title', layout: 'title', title: '', items: [], notes: [] };
  const on = hex(brand.onPrimary);
  const logo = logoPng(ctx, 2.6, 1.0);
  if (logo) {
    s.items.push({ kind: 'shape', shape: 'roundRect', box: { x: FRAME.x - 0.15, y: 0.45, w: logo.w + 0.3, h: logo.h + 0.3 }, fill: WHITE, line: WHITE });
    s.items.push({ kind: 'image', box: { x: FRAME.x, y: 0.6, w: logo.w, h: logo.h }, png: logo.png, mime: logo.mime, alt: c.client || c.title });
  }
  const t = ctx.m.fitOne(c.title, L.placeholders.title!, TYPE.cover, { bold: true }, 2);
  s.title = t.text;
  s.items.push(textItem('title', L.placeholders.title!, [p([run(t.text, { bold: true })])], t.size, { placeholder: 'title', color: on, valign: 'bottom' }));
  // the subtitle placeholder: the subtitle, else whom it is for, else the date
  const forClient = c.client ? d.preparedFor(c.client) : '';
  const sub = c.subtitle || forClient || c.date || c.title;
  const st = ctx.m.fitOne(sub, L.placeholders.body!, { max: 22, min: 16 });
  s.items.push(textItem('subtitle', L.placeholders.body!, [p([run(st.text)])], st.size, { placeholder: 'body', color: on }));
  if (brand.secondary) s.items.push({ kind: 'shape', shape: 'rect', box: { x: FRAME.x, y: 4.7, w: 2.2, h: 0.08 }, fill: hex(brand.secondary) });
  const lines = [forClient, c.date, c.preparedBy && d.preparedBy(c.preparedBy)].filter((x) => x && x !== sub);
  const box = L.regions.body!;
  const lp = lines.map((x) => p([run(x)], { spaceAfter: 4 }));
  const size = ctx.m.fitSize(lp, box, 16, 11) ?? 11;
  if (lines.length) s.items.push(textItem('cover-lines', box, ctx.m.fits(lp, box, size) ? lp : lp.slice(0, 2), size, { color: on }));
  if (c.confidentiality) {
    const cbox = { x: FRAME.x, y: SLIDE.h - 0.85, w: FRAME.contentWidth, h: 0.45 };
    const cf = ctx.m.fitOne(c.confidentiality, cbox, { max: 11, min: 9 }, { italic: true });
    s.items.push(textItem('confidentiality', cbox, [p([run(cf.text, { italic: true })])], cf.size, { color: on, valign: 'bottom' }));
  }
  ctx.slides.push(s);
}

function firmCover(ctx: PlanContext): void {
  const c = ctx.model.cover;
  const s: DeckSlide = { kind: 'title', layout: 'title', title: c.title, items: [], notes: [] };
  firmTitle(ctx, s, c.title);
  const lines = [c.subtitle, c.client ? d.preparedFor(c.client) : '', c.date, c.preparedBy ? d.preparedBy(c.preparedBy) : ''].filter(Boolean);
  const paras = [...lines.map((x) => p([run(x)])), ...(c.confidentiality ? [p([run(c.confidentiality, { italic: true })])] : [])];
  firmBody(ctx, s, 'subtitle', paras);
  ctx.slides.push(s);
}
