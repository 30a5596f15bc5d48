/**
 * The deck's finishing pass (functions/domain/exports/pptx/template/):
 * - the native waterfall's value labels: on its visible bars, none on the invisible base, none on a bar's zero
 *   segments, a decrease read with its minus;
 * - on a firm template without a notes master, the speaker notes stay (ours is added, with its theme);
 * - on a template whose title placeholder sits high, the kicker line sits above it (or under it), never on it;
 * - a template is prepared once per key (its id and version), not at every export.
 */
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { bindChartData } from '@shared/domain/report/chart-data';
import { messages } from '@shared/messages';
import type { Visual } from '@shared/schemas/visuals';
import { chartRenderer } from '../../functions/domain/exports/charts';
import type { ExportTemplate } from '../../functions/domain/exports/export-template';
import { buildExportModel, type ExportModel } from '../../functions/domain/exports/model';
import { KICKER_NAME, labelWaterfall, renderPptx } from '../../functions/domain/exports/pptx';
import { checkTemplate } from '../../functions/domain/templates/check-template';
import { composedFixture, SMALL } from '../helpers/export-fixtures';
import { deckTemplate } from '../helpers/office-templates';

const EMU = 914400;
const MARGIN_BRIDGE = {
  source: 'table' as const,
  columns: ['Step', 'Gross margin (%)'],
  rows: [
    ['FY2023', '41'],
    ['Price', '1.5'],
    ['Mix', '-0.8'],
    ['Freight', '-2.5'],
    ['FY2024', 'e'],
  ],
};

/** The small report with its table-bound chart made a margin bridge (a waterfall) with value labels. */
function bridgeModel(): ExportModel {
  const f = composedFixture(SMALL);
  const v = f.visuals[7]!;
  const visual: Visual = { ...v, type: 'waterfall', title: 'Margin bridge', binding: MARGIN_BRIDGE, options: { ...v.options, show_values: true, number_format: 'percent', decimals: 1 } };
  f.input.visuals = new Map([...f.input.visuals, [v.id, { visual, data: bindChartData(visual, { data: f.wizard, evidence: [] }) }]]);
  return buildExportModel(f.input);
}

async function template(opts: Parameters<typeof deckTemplate>[0], key?: string): Promise<ExportTemplate> {
  const checked = await checkTemplate('Northwind deck.potx', await deckTemplate(opts));
  return { kind: 'pptx', bytes: checked.bytes, layouts: checked.layouts, ...(key ? { key } : {}) };
}

const text = async (zip: JSZip, path: string) => (await zip.file(path)?.async('string')) ?? '';
const bridgeChart = async (zip: JSZip) => {
  for (const path of Object.keys(zip.files).filter((p) => /^ppt\/charts\/chart[^/]*\.xml$/.test(p))) {
    const xml = await text(zip, path);
    if (xml.includes('<a:noFill/>') && xml.includes('<c:grouping val="stacked"/>')) return xml;
  }
  throw new Error('no waterfall chart in the deck');
};
const seriesOf = (xml: string) =>
  [...xml.matchAll(/<c:ser>[\s\S]*?<\/c:ser>/g)].map((m) => ({ xml: m[0], name: /<c:tx>[\s\S]*?<c:v>([^<]*)<\/c:v>/.exec(m[0])?.[1], base: /<c:spPr>\s*<a:noFill\/>/.test(m[0]) }));

describe('the native waterfall’s value labels', () => {
  it('label the visible bars only: the base has none, zero segments none, decreases read with their minus', async () => {
    // Prepare
    const model = bridgeModel();
    // Act
    const zip = await JSZip.loadAsync(await renderPptx(model, chartRenderer(model.brand)));
    const series = seriesOf(await bridgeChart(zip));
    // Assess
    const base = series.filter((s) => s.base);
    expect(base.length).toBeGreaterThan(0);
    for (const s of base) expect(s.xml).toContain('<c:dLbls><c:delete val="1"/></c:dLbls>');
    const visible = series.filter((s) => !s.base);
    expect(visible.map((s) => s.name).sort()).toEqual([messages.visuals.chart.decrease, messages.visuals.chart.increase, messages.visuals.chart.total].sort());
    for (const s of visible) {
      expect(s.xml).toContain('<c:showVal val="1"/>');
      // the points whose value is 0 (bars of another kind) carry no label
      const zeros = [...s.xml.matchAll(/<c:pt idx="(\d+)">\s*<c:v>0<\/c:v>/g)].map((m) => m[1]);
      expect(zeros.length).toBeGreaterThan(0);
      for (const i of zeros) expect(s.xml).toContain(`<c:dLbl><c:idx val="${i}"/><c:delete val="1"/></c:dLbl>`);
    }
    // the total's labels in the chart's format (percent, one decimal); a decrease's the same with a minus, both sections
    const codeOf = (name: string) => /<c:dLbls>[\s\S]*?<c:numFmt formatCode="([^"]*)"/.exec(visible.find((s) => s.name === name)!.xml)?.[1];
    expect(codeOf(messages.visuals.chart.total)).toBe('#,##0.0&quot;%&quot;');
    expect(codeOf(messages.visuals.chart.decrease)).toBe('&quot;-&quot;#,##0.0&quot;%&quot;;&quot;-&quot;#,##0.0&quot;%&quot;');
  });

  it('leaves a stacked bar without an invisible base as it is', () => {
    const xml = '<c:barChart><c:grouping val="stacked"/><c:ser><c:spPr><a:solidFill/></c:spPr><c:dLbls><c:showVal val="1"/></c:dLbls><c:val><c:numRef><c:numCache><c:pt idx="0"><c:v>0</c:v></c:pt></c:numCache></c:numRef></c:val></c:ser></c:barChart>';
    expect(labelWaterfall(xml)).toBe(xml);
  });
});

describe('on a firm template', () => {
  it('without a notes master, the speaker notes stay: ours is added with its theme and every notes slide refers to it', async () => {
    // Prepare
    const model = bridgeModel();
    const deck = await template({ notesMaster: false });
    expect(Object.keys((await JSZip.loadAsync(deck.bytes)).files).some((p) => p.startsWith('ppt/notesMasters/'))).toBe(false);
    // Act
    const zip = await JSZip.loadAsync(await renderPptx(model, chartRenderer(model.brand), deck));
    // Assess
    const presentation = await text(zip, 'ppt/presentation.xml');
    const rid = /<p:notesMasterIdLst><p:notesMasterId r:id="([^"]+)"\/><\/p:notesMasterIdLst>/.exec(presentation)?.[1];
    expect(rid).toBeDefined();
    // the schema's order: masters, notes master, slides
    expect(presentation.indexOf('</p:sldMasterIdLst>')).toBeLessThan(presentation.indexOf('<p:notesMasterIdLst>'));
    expect(presentation.indexOf('</p:notesMasterIdLst>')).toBeLessThan(presentation.indexOf('<p:sldIdLst>'));
    const master = new RegExp(`Id="${rid}"[^>]*Target="/([^"]+)"`).exec(await text(zip, 'ppt/_rels/presentation.xml.rels'))?.[1];
    expect(master).toBeDefined();
    expect(zip.file(master!)).not.toBeNull();
    const types = await text(zip, '[Content_Types].xml');
    expect(types).toContain(`PartName="/${master}"`);
    const themeTarget = /Target="\/([^"]+)"/.exec(await text(zip, master!.replace('notesMasters/', 'notesMasters/_rels/') + '.rels'))?.[1];
    expect(zip.file(themeTarget!)).not.toBeNull();
    expect(types).toContain(`PartName="/${themeTarget}"`);
    const notes = Object.keys(zip.files).filter((p) => /^ppt\/notesSlides\/notesSlide[^/]*\.xml$/.test(p));
    expect(notes.length).toBeGreaterThan(3);
    for (const n of notes) expect(await text(zip, n.replace('notesSlides/', 'notesSlides/_rels/') + '.rels')).toContain(`Target="/${master}"`);
    const all = (await Promise.all(notes.map((n) => text(zip, n)))).join(' ');
    expect(all).toContain(model.citations[0]!.sourceTitle);
  });

  it('puts the kicker above the layout’s title placeholder, or under it when the title sits at the top, never on it', async () => {
    const model = bridgeModel();
    for (const titleY of [0.5, 0.15]) {
      // Act
      const zip = await JSZip.loadAsync(await renderPptx(model, chartRenderer(model.brand), await template({ titleY })));
      // Assess
      const title = { x: Math.round(0.8 * EMU), y: Math.round(titleY * EMU), bottom: Math.round((titleY + 1.1) * EMU) };
      let kickers = 0;
      for (const slide of Object.keys(zip.files).filter((p) => /^ppt\/slides\/slide[^/]*\.xml$/.test(p))) {
        const xml = await text(zip, slide);
        const sp = [...xml.matchAll(/<p:sp>(?:(?!<\/p:sp>)[\s\S])*?<\/p:sp>/g)].map((m) => m[0]).find((s) => s.includes(`name="${KICKER_NAME}"`));
        if (!sp) continue;
        kickers++;
        const [, x, y] = /<a:off x="(-?\d+)" y="(-?\d+)"/.exec(sp)!.map(Number);
        const cy = Number(/<a:ext cx="\d+" cy="(\d+)"/.exec(sp)![1]);
        expect(x, slide).toBe(title.x);
        expect(y! + cy <= title.y || y! >= title.bottom, `${slide} (title at ${titleY} in): kicker ${y}–${y! + cy}, title ${title.y}–${title.bottom}`).toBe(true);
        if (titleY === 0.5) expect(y! + cy).toBe(title.y);
      }
      expect(kickers).toBeGreaterThan(3);
    }
  });

  it('is prepared once per key: the same key reuses what was read, another key reads the bytes it is given', async () => {
    // Prepare
    const model = bridgeModel();
    const key = `t-${Date.now()}@"etag"`;
    const deck = await template({}, key);
    const first = await JSZip.loadAsync(await renderPptx(model, chartRenderer(model.brand), deck));
    // Act: the same key with bytes that are no template at all
    const again = await JSZip.loadAsync(await renderPptx(model, chartRenderer(model.brand), { ...deck, bytes: new Uint8Array([1, 2, 3]) }));
    // Assess
    // (pptxgenjs numbers charts across decks, so part names are compared without their numbers)
    const parts = (zip: JSZip) => Object.keys(zip.files).map((p) => p.replace(/\d+/g, 'N')).sort();
    expect(parts(again)).toEqual(parts(first));
    expect(await text(again, 'ppt/theme/theme1.xml')).toBe(await text(first, 'ppt/theme/theme1.xml'));
    await expect(renderPptx(model, chartRenderer(model.brand), { ...deck, key: `${key}-other`, bytes: new Uint8Array([1, 2, 3]) })).rejects.toThrow();
  });
});
