/**
 * The deck's finishing pass, on pptxgenjs' uncompressed output: the waterfalls' value labels set, and on a firm's
 * template the slides moved onto it (graft.ts); compressed once, here.
 */
import { strFromU8, strToU8 } from 'fflate';
import { visualsTexts } from '@shared/messages/visuals';
import type { ExportTemplate } from '../../export-template';
import { onTemplate, type SlideFinish } from './graft';
import { unzip, zip } from './package';

/**
 * pptxgenjs sets data labels for a whole chart; a waterfall (a stacked bar with an invisible base, see
 * to-pptx-chart.ts) wants them on its visible bars only: the base series' labels are deleted, a bar's zero
 * segments (the bar is another kind) carry none, and a decrease reads as one ("-2.0%"), its segment being drawn
 * with a positive height.
 */
export function labelWaterfall(chartXml: string): string {
  if (!/<c:grouping val="stacked"\/>/.test(chartXml)) return chartXml;
  const series = /<c:ser>[\s\S]*?<\/c:ser>/g;
  const isBase = (ser: string) => /<c:spPr>\s*<a:noFill\/>/.test(ser);
  if (!(chartXml.match(series) ?? []).some(isBase)) return chartXml;
  const decrease = visualsTexts.chart.decrease;
  return chartXml.replace(series, (ser) => {
    if (isBase(ser)) return ser.replace(/<c:dLbls>[\s\S]*?<\/c:dLbls>/, '<c:dLbls><c:delete val="1"/></c:dLbls>');
    const values = /<c:val>[\s\S]*?<\/c:val>/.exec(ser)?.[0] ?? '';
    const zeros = [...values.matchAll(/<c:pt idx="(\d+)">\s*<c:v>([^<]*)<\/c:v>/g)].filter((m) => Number(m[2]) === 0).map((m) => m[1]!);
    let out = zeros.length ? ser.replace('<c:dLbls>', `<c:dLbls>${zeros.map((i) => `<c:dLbl><c:idx val="${i}"/><c:delete val="1"/></c:dLbl>`).join('')}`) : ser;
    const name = /<c:tx>[\s\S]*?<c:v>([^<]*)<\/c:v>/.exec(ser)?.[1];
    if (name === decrease) {
      out = out.replace(/(<c:dLbls>(?:(?!<\/c:dLbls>)[\s\S])*?<c:numFmt formatCode=")([^"]*)(")/, (_m, open: string, code: string, close: string) => {
        // the code as written in XML (`&quot;` holds a semicolon): its first section, with a minus before it
        const first = code.replace(/&quot;/g, '"').split(';')[0] || 'General';
        return `${open}${`"-"${first};"-"${first}`.replace(/"/g, '&quot;')}${close}`;
      });
    }
    return out;
  });
}

/**
 * The deck's file from pptxgenjs' uncompressed output, in one unzip and one zip: the waterfalls' labels set
 * (labelWaterfall) and, on a firm's template, the slides moved onto it (onTemplate, graft.ts), each told its layout
 * and the autofit its placeholders' text was fitted with. The template is read once per container and version
 * (ExportTemplate.key), not at every export.
 */
export function finishDeck(generated: Uint8Array, slides: readonly SlideFinish[], template?: ExportTemplate): Uint8Array {
  const g = unzip(generated);
  for (const path of Object.keys(g)) if (/^ppt\/charts\/chart\d+\.xml$/.test(path)) g[path] = strToU8(labelWaterfall(strFromU8(g[path]!)));
  return zip(template?.kind === 'pptx' ? onTemplate(g, slides, template) : g);
}
