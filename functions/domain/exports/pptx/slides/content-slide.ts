/**
 * A content slide: a layout by name, its action title fitted to the layout's title placeholder and its kicker
 * above it; and a layout's regions, where the slide kinds place their content.
 */
import { asTitle } from '@shared/domain/report/sentences';
import { exportsTexts } from '@shared/messages/exports';
import type { DeckSlide, PlanContext, SlideKind } from '../deck-slide';
import { fitOne, fits, para, truncateToFit } from '../fit-text';
import { LAYOUTS, type Box, type LayoutName } from '../layouts';
import { TYPE } from '../style';
import { p, run, textItem } from '../text';

const d = exportsTexts.document;

/**
 * A content slide in a layout: its action title (fitted, cut with the whole in the notes if need be; a
 * continuation slide's title keeps its "(continued)" and cuts the words before it) and its kicker.
 */
export function newSlide(ctx: PlanContext, kind: SlideKind, layout: LayoutName, kicker: string, title: string, continued = false): DeckSlide {
  const s: DeckSlide = { kind, layout, title: '', items: [], notes: [] };
  const L = LAYOUTS[layout];
  const box = L.placeholders.title;
  if (box) {
    let t = fitOne(continued ? d.continued(asTitle(title)) : asTitle(title), box, TYPE.title, { bold: true });
    if (continued && t.cut) {
      // the longest start of the title that leaves room for the suffix
      const suffix = d.continued('');
      const room = { w: box.w, h: box.h };
      const words = asTitle(title).split(' ');
      let lo = 0;
      let hi = words.length;
      while (lo < hi) {
        const mid = Math.ceil((lo + hi) / 2);
        if (fits([para(`${words.slice(0, mid).join(' ')}…${suffix}`, { bold: true })], room, TYPE.title.min)) lo = mid;
        else hi = mid - 1;
      }
      t = { text: `${words.slice(0, lo).join(' ')}…${suffix}`, size: TYPE.title.min, cut: true };
    }
    s.title = t.text;
    s.items.push(textItem('title', box, [p([run(t.text, { bold: true })])], t.size, { placeholder: 'title', color: ctx.colours.heading }));
    if (t.cut) s.notes.push(asTitle(title));
  }
  if (kicker && L.regions.kicker) {
    const kbox = { ...L.regions.kicker, w: ctx.kickerW };
    const shown = truncateToFit(kicker.toUpperCase(), kbox, TYPE.kicker, { bold: true });
    s.items.push(textItem('kicker', kbox, [p([run(shown, { bold: true })])], TYPE.kicker, { color: ctx.colours.mark, valign: 'bottom' }));
  }
  ctx.slides.push(s);
  return s;
}

/** A layout's region (every content layout has the ones asked for). */
export const region = (layout: LayoutName, name: 'body' | 'left' | 'right'): Box => LAYOUTS[layout].regions[name]!;
