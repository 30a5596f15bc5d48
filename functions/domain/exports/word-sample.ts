/**
 * A Word template without placeholders (an untouched firm template: a sample cover and sample body text) made
 * into one with them. The report replaces the sample body; the template keeps its sections (every `w:sectPr`
 * that closes the cover, and the last one, which the report's body is written in), its headers, footers and
 * styles. The report's cover goes into the first title-styled paragraphs of the sample: its Title and Subtitle
 * paragraphs before the first heading, or else its first heading (set in the Title style where the template
 * has one, else unnumbered and out of the contents); each takes the next of title, client,
 * subtitle, date and author, in that paragraph's own style and run look, and what is left over follows in
 * paragraphs styled as the last of them (Subtitles after a Title or a heading). Pictures on the cover (a logo) stay; the
 * sample's other text is dropped. A sample with no such paragraph gets a cover in its Title and Subtitle styles.
 */

/** The cover's fields, in the order the sample's title-styled paragraphs take them. */
const COVER_ORDER = ['title', 'client', 'subtitle', 'date', 'author'] as const;

const FIELD = /\{\{\s*([a-z]+)\s*\}\}/;

/** Where a Word template asks for the report: `{{body}}`, and any cover field (`{{title}}` …). */
export function wordPlaceholders(documentXml: string): { body: boolean; any: boolean } {
  const text = documentXml.replace(/<[^>]+>/g, '');
  return { body: /\{\{\s*body\s*\}\}/.test(text), any: FIELD.test(text) };
}

type Role = 'title' | 'subtitle' | 'heading' | 'other';

/** Each paragraph style's role, by its name (a style's id is the writer's choice; its name is Word's). */
function styleRoles(stylesXml: string): { roles: Map<string, Role>; idOf: Partial<Record<'title' | 'subtitle', string>> } {
  const roles = new Map<string, Role>();
  const idOf: Partial<Record<'title' | 'subtitle', string>> = {};
  for (const m of stylesXml.matchAll(/<w:style\b([^>]*?)(?:\/>|>([\s\S]*?)<\/w:style>)/g)) {
    if (!/w:type="paragraph"/.test(m[1]!)) continue;
    const id = /w:styleId="([^"]+)"/.exec(m[1]!)?.[1];
    const name = (/<w:name\b[^>]*w:val="([^"]+)"/.exec(m[2] ?? '')?.[1] ?? id ?? '').toLowerCase();
    if (!id) continue;
    const role: Role = name === 'title' ? 'title' : name === 'subtitle' ? 'subtitle' : /^heading [1-9]$/.test(name) ? 'heading' : 'other';
    roles.set(id, role);
    if ((role === 'title' || role === 'subtitle') && !idOf[role]) idOf[role] = id;
  }
  return { roles, idOf };
}

/** The top-level elements of an XML fragment (block content of the body), a block-level content control unwrapped. */
export function topLevel(xml: string): string[] {
  const out: string[] = [];
  const tag = /<(\/?)([\w:.-]+)\b[^>]*?(\/?)>/g;
  let depth = 0;
  let start = -1;
  let name = '';
  for (let m = tag.exec(xml); m; m = tag.exec(xml)) {
    if (m[0].startsWith('<?') || m[0].startsWith('<!')) continue;
    const closing = m[1] === '/';
    const selfClosing = m[3] === '/';
    if (depth === 0 && !closing) {
      start = m.index;
      name = m[2]!;
      if (selfClosing) {
        out.push(m[0]);
        continue;
      }
      depth = 1;
      continue;
    }
    if (selfClosing) continue;
    depth += closing ? -1 : 1;
    if (depth === 0) {
      const element = xml.slice(start, m.index + m[0].length);
      if (name === 'w:sdt') {
        const content = /<w:sdtContent\b[^>]*>([\s\S]*)<\/w:sdtContent>/.exec(element)?.[1];
        out.push(...(content ? topLevel(content) : []));
      } else out.push(element);
    }
  }
  return out;
}

const pPrOf = (p: string) => /^<w:p\b[^>]*>\s*(<w:pPr\b[^>]*(?:\/>|>[\s\S]*?<\/w:pPr>))/.exec(p)?.[1] ?? '';
const styleOf = (p: string) => /<w:pStyle\b[^>]*w:val="([^"]+)"/.exec(pPrOf(p))?.[1];
const sectPrIn = (pPr: string) => /<w:sectPr\b[\s\S]*?<\/w:sectPr>|<w:sectPr\b[^>]*\/>/.exec(pPr)?.[0];
const breaksPage = (p: string) => /<w:br\b[^>]*w:type="page"/.test(p) || /<w:pageBreakBefore\b(?![^>]*w:val="(false|0)")/.test(pPrOf(p));
const isParagraph = (e: string) => /^<w:p[\s>/]/.test(e);
/** Paragraph properties with a section's properties at their end (where Word writes them). */
const withSect = (pPr: string, sect: string) => (!pPr || /^<w:pPr\b[^>]*\/>$/.test(pPr) ? `<w:pPr>${sect}</w:pPr>` : pPr.replace(/<\/w:pPr>$/, `${sect}</w:pPr>`));
const hasPicture = (p: string) => /<w:drawing\b|<w:pict\b|<w:object\b/.test(p);

/** A paragraph with its properties and one run holding `text` (the run look of its first run). */
function withText(p: string, text: string, pPr = pPrOf(p)): string {
  const rPr = /<w:r\b[^>]*>\s*(<w:rPr\b[^>]*(?:\/>|>[\s\S]*?<\/w:rPr>))/.exec(p)?.[1] ?? '';
  return `<w:p>${pPr}<w:r>${rPr}<w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
}

/** A paragraph's pictures kept, its text dropped. */
function picturesOnly(p: string): string {
  const runs = [...p.matchAll(/<w:r\b[^>]*>[\s\S]*?<\/w:r>/g)].map((m) => m[0]).filter(hasPicture);
  return `<w:p>${pPrOf(p)}${runs.join('')}</w:p>`;
}

/** The template's document with the cover's fields in its title-styled paragraphs and `{{body}}` in place of its sample. */
export function sampleToPlaceholders(documentXml: string, stylesXml: string): string {
  const open = /<w:body\b[^>]*>/.exec(documentXml);
  const close = documentXml.lastIndexOf('</w:body>');
  if (!open || close < 0) return documentXml;
  const inner = documentXml.slice(open.index + open[0].length, close);
  const elements = topLevel(inner);
  const finalSectPr = elements.length && elements[elements.length - 1]!.startsWith('<w:sectPr') ? elements.pop()! : '';
  const { roles, idOf } = styleRoles(stylesXml);
  const roleOf = (e: string): Role => (isParagraph(e) ? (roles.get(styleOf(e) ?? '') ?? 'other') : 'other');

  // the cover's slots: Title and Subtitle paragraphs before the first heading and on the first page they start;
  // else the first heading
  const firstHeading = elements.findIndex((e) => roleOf(e) === 'heading');
  const slots: number[] = [];
  for (const [i, e] of elements.entries()) {
    if (firstHeading >= 0 && i >= firstHeading) break;
    if (slots.length && (breaksPage(e) || sectPrIn(pPrOf(e)))) break;
    const role = roleOf(e);
    if (role === 'title' || role === 'subtitle') slots.push(i);
  }
  if (!slots.length && firstHeading >= 0) slots.push(firstHeading);

  const fields = COVER_ORDER.map((f) => `{{${f}}}`);
  const out: string[] = [];
  let coverEnd = -1;
  if (slots.length) {
    coverEnd = slots[slots.length - 1]!;
    for (let i = 0; i <= coverEnd; i++) {
      const e = elements[i]!;
      const slot = slots.indexOf(i);
      if (slot >= 0) {
        if (slot < slots.length - 1) {
          out.push(withText(e, fields[slot]!));
          continue;
        }
        // the last slot takes its field; the fields left over follow it, styled as a Subtitle after a Title. A
        // heading that takes the title is set in the Title style where there is one; else it keeps the heading's
        // look but neither a number nor a place in the contents (numId 0, body-text outline level)
        const pPr =
          roleOf(e) !== 'heading' ? pPrOf(e)
          : idOf.title ? pPrOf(e).replace(/(<w:pStyle\b[^>]*w:val=")[^"]+"/, `$1${idOf.title}"`)
          : `<w:pPr><w:pStyle w:val="${styleOf(e)!}"/><w:numPr><w:ilvl w:val="0"/><w:numId w:val="0"/></w:numPr><w:outlineLvl w:val="9"/>${sectPrIn(pPrOf(e)) ?? ''}</w:pPr>`;
        const sect = sectPrIn(pPr);
        const plain = sect ? pPr.replace(sect, '') : pPr;
        const rest = fields.slice(slot + 1);
        // after a Title or a heading: Subtitles (a heading's style would put them in the contents), else plain
        const role = roleOf(e);
        const nextPPr = role === 'title' || role === 'heading' ? (idOf.subtitle ? `<w:pPr><w:pStyle w:val="${idOf.subtitle}"/></w:pPr>` : '') : plain;
        out.push(withText(e, fields[slot]!, rest.length ? plain : pPr));
        rest.forEach((f, k) => out.push(withText(e, f, k === rest.length - 1 && sect ? withSect(nextPPr, sect) : nextPPr)));
        continue;
      }
      if (!isParagraph(e)) continue;
      const sect = sectPrIn(pPrOf(e));
      if (hasPicture(e)) out.push(picturesOnly(e));
      else if (sect) out.push(`<w:p>${pPrOf(e)}</w:p>`);
    }
  } else {
    const style = (id: string | undefined) => (id ? `<w:pPr><w:pStyle w:val="${id}"/></w:pPr>` : '');
    out.push(withText('<w:p/>', fields[0]!, style(idOf.title)), ...fields.slice(1).map((f) => withText('<w:p/>', f, style(idOf.subtitle))));
  }

  // the body starts on a page of its own: in the section that follows the cover's, or after a page break
  const lastCoverElement = out[out.length - 1] ?? '';
  const coverClosesSection = Boolean(sectPrIn(pPrOf(lastCoverElement)));
  const nextSection = elements.findIndex((e, i) => i > coverEnd && isParagraph(e) && Boolean(sectPrIn(pPrOf(e))));
  if (!coverClosesSection) out.push(nextSection >= 0 ? `<w:p>${pPrOf(elements[nextSection]!)}</w:p>` : '<w:p><w:r><w:br w:type="page"/></w:r></w:p>');
  out.push('<w:p><w:r><w:t>{{body}}</w:t></w:r></w:p>');
  return `${documentXml.slice(0, open.index + open[0].length)}${out.join('')}${finalSectPr}${documentXml.slice(close)}`;
}
