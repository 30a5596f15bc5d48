/** A section divider: a title and subtitle on the section layout (the brand colour; a firm's section layout as it is). */
import type { DeckSlide, PlanContext } from '../deck-slide';
import { hex } from '../style';
import { p, run, textItem } from '../text';
import { firmBody, firmTitle } from './content-slide';

export function dividerSlide(ctx: PlanContext, title: string, subtitle: string): void {
  const L = ctx.frame.layouts.section;
  const on = hex(ctx.model.brand.onPrimary);
  const s: DeckSlide = { kind: 'section', layout: 'section', title, items: [], notes: [] };
  if (L.firm) {
    // on a firm's section layout: its title and subtitle placeholders, at its sizes
    firmTitle(ctx, s, title);
    firmBody(ctx, s, 'subtitle', [p([run(subtitle)])]);
    ctx.slides.push(s);
    return;
  }
  const t = ctx.m.fitOne(title, L.placeholders.title!, { max: 40, min: 28 }, { bold: true }, 2);
  s.items.push(textItem('title', L.placeholders.title!, [p([run(t.text, { bold: true })])], t.size, { placeholder: 'title', color: on, valign: 'bottom' }));
  const st = ctx.m.fitOne(subtitle, L.placeholders.body!, { max: 20, min: 14 });
  s.items.push(textItem('subtitle', L.placeholders.body!, [p([run(st.text)])], st.size, { placeholder: 'body', color: on }));
  ctx.slides.push(s);
}
