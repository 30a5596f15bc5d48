/**
 * Decks on the LibreOffice firm templates (test/fixtures/firm-templates/pptx/), measured as a renderer lays
 * them out: per template, the slides with text that overflows its box, a shape off the slide or two texts
 * drawn over each other (test/helpers/deck-geometry.ts, in the template's fonts and as LibreOffice draws them
 * here, DejaVu Sans for every font), and the smallest `normAutofit` font scale the deck uses. The report is the
 * exports benchmark's (all nine sections, 8 visuals). `ASSAY_CODE` names the tree whose exporter is measured
 * (default: this one), so an older commit's exporter can be measured with the same checker. Prints one JSON line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { deckGeometry, slidesWith } from '../test/helpers/deck-geometry';

const here = resolve(import.meta.dirname, '..');
const code = resolve(process.env.ASSAY_CODE ?? here);
const dir = join(here, 'test/fixtures/firm-templates/pptx');

const { chartRenderer } = await import(join(code, 'functions/domain/exports/charts.ts'));
const { buildExportModel } = await import(join(code, 'functions/domain/exports/model.ts'));
const { renderPptx } = await import(join(code, 'functions/domain/exports/pptx.ts').replace(/pptx\.ts$/, process.env.ASSAY_PPTX ?? 'pptx/index.ts'));
const { checkTemplate } = await import(join(code, 'functions/domain/templates/check-template.ts'));
const { composedFixture, LARGE } = await import(join(code, 'test/helpers/export-fixtures.ts'));

const fixture = composedFixture(LARGE, { visuals: 8 });
const model = buildExportModel(fixture.input);
const rows = [];
for (const file of readdirSync(dir).filter((f) => /\.(pptx|potx)$/.test(f)).sort()) {
  const checked = await checkTemplate(file, new Uint8Array(readFileSync(join(dir, file))));
  const deck: Uint8Array = await renderPptx(model, chartRenderer(model.brand), { kind: 'pptx', bytes: checked.bytes, layouts: checked.layouts, key: `probe-${file}@"1"` });
  const parts = unzipSync(deck);
  const scales = Object.keys(parts)
    .filter((p) => /^ppt\/slides\/slide\d+\.xml$/.test(p))
    .flatMap((p) => [...strFromU8(parts[p]!).matchAll(/<a:normAutofit[^>]*fontScale="(\d+)"/g)].map((m) => Number(m[1]) / 1000));
  const named = deckGeometry(deck, { fonts: 'named' });
  const fallback = deckGeometry(deck, { fonts: 'fallback' });
  rows.push({
    template: file,
    slides: named.slides,
    withFindings: slidesWith(named),
    withFindingsFallback: slidesWith(fallback),
    overflow: slidesWith(named, ['overflow']),
    offSlide: slidesWith(named, ['off-slide']),
    overlap: slidesWith(named, ['overlap']),
    smallestScale: scales.length ? Math.min(...scales) : 100,
    minFontScale: named.minFontScale,
  });
}
console.log(JSON.stringify({ rows }));
