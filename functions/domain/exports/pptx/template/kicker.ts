/** The kicker line on a firm's template, placed by the layout's title. */
import type { EmuBox } from './prepare';

/** Our name for the kicker's text box (write.ts), so it can be found on the slide. */
export const KICKER_NAME = 'Kicker';

/**
 * The kicker line sits just above the layout's title placeholder, at its left edge (ours sits above our title;
 * a template's title may sit higher, where ours would overlap it). With too little room above, it takes what
 * room there is down to three quarters of its height (a line of its text), else it goes just under the title.
 */
export function placeKicker(slideXml: string, title: EmuBox | undefined, slideWidth: number): string {
  if (!title) return slideXml;
  return slideXml.replace(/<p:sp>(?:(?!<\/p:sp>)[\s\S])*?<\/p:sp>/g, (sp) => {
    if (!new RegExp(`<p:cNvPr\\b[^>]*\\sname="${KICKER_NAME}"`).test(sp)) return sp;
    const ext = /<a:ext cx="(\d+)" cy="(\d+)"\s*\/>/.exec(sp);
    if (!ext) return sp;
    let cx = Number(ext[1]);
    let cy = Number(ext[2]);
    let y = title.y - cy;
    if (y < 0 && title.y >= (cy * 3) / 4) {
      y = 0;
      cy = title.y;
    } else if (y < 0) {
      y = title.y + title.cy;
    }
    const x = title.x;
    cx = Math.max(1, Math.min(cx, slideWidth - x));
    return sp.replace(/<a:off x="-?\d+" y="-?\d+"\s*\/>/, `<a:off x="${x}" y="${Math.round(y)}"/>`).replace(/<a:ext cx="\d+" cy="\d+"\s*\/>/, `<a:ext cx="${cx}" cy="${Math.round(cy)}"/>`);
  });
}
