/** A section divider: a title and subtitle on the section layout (the brand colour). */
import type { DeckSlide, PlanContext } from '../deck-slide';
import { fitOne } from '../fit-text';
import { LAYOUTS } from '../layouts';
import { hex } from '../style';
import { p, run, textItem } from '../text';

export function dividerSlide(ctx: PlanContext, title: string, subtitle: string): void {
  const L = LAYOUTS.section;
  const on = hex(ctx.model.brand.onPrimary);
  const s: DeckSlide = { kind: 'section', layout: 'section', title, items: [], notes: [] };
  const t = fitOne(title, L.placeholders.title!, { max: 40, min: 28 }, { bold: true }, 2);
  s.items.push(textItem('title', L.placeholders.title!, [p([run(t.text, { bold: true })])], t.size, { placeholder: 'title', color: on, valign: 'bottom' }));
  const st = fitOne(subtitle, L.placeholders.body!, { max: 20, min: 14 });
  s.items.push(textItem('subtitle', L.placeholders.body!, [p([run(st.text)])], st.size, { placeholder: 'body', color: on }));
  ctx.slides.push(s);
}
