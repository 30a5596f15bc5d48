/**
 * Reads what an export needs from the stores, and nothing else: the report, its organization, the wizard's
 * step 10 (brand, cover), roadmap and the steps the deck's storyline is told from, the selected sections with their citations marked (source titles, broken
 * marks), the visuals with the data they draw now, and the logo. buildExportModel (pure) makes the model.
 * Each item is read once: the report's item (with what it adds to the benchmarks) and its progress are handed to
 * the visuals and the optional sections instead of being read again.
 */
import { DEFAULT_PROVIDER_NAME } from '@shared/constants';
import { LOGO_KEY_PATTERN } from '@shared/schemas/exports';
import type { SectionKey } from '@shared/schemas/report-document';
import { compareReports } from '@shared/domain/report/comparison';
import type { Report } from '@shared/schemas/reports';
import { parseWizardData, type WizardData } from '@shared/schemas/wizard';
import { clientWithBenchFacts, type ClientBenchFacts } from '../../data/benchmarks-repo';
import { getObjectBytes } from '../../data/object-store';
import { readProgress } from '../../data/progress-repo';
import { getReport } from '../../data/reports-repo';
import { readSections } from '../../data/sections-repo';
import { NotFoundError } from '../../lib/errors';
import { reportsDetails } from '@shared/messages/reports';
import { inspectStoredLogo } from '../brand/image';
import { EvidenceTexts, markCitations, markStepCitations } from '../sections/citation-check';
import { loadRenderableVisuals } from '../visuals/report-visuals';
import { benchmarkOfRead } from '../benchmarks/benchmarks';
import { figureSources } from '../ledger/index';
import { benchmarkSection, comparisonSection, figureSourcesSection, type ExportExtraKey, type ExtraSectionInput } from './extras';
import type { ExportFigure } from './blocks';
import type { ExportTemplate } from './export-template';
import { templateForExport } from './load-template';
import { buildExportModel, type ExportLogo, type ExportModel } from './model';

export interface LoadedExport {
  model: ExportModel;
  /** the templates chosen on step 10 for the formats asked for (absent: the built-in template) */
  templates: Partial<Record<'docx' | 'pptx', ExportTemplate>>;
  /** the version of each exported section, as read */
  sectionVersions: Record<string, number>;
}

async function readLogo(key: string | undefined): Promise<ExportLogo | null> {
  if (!key || !LOGO_KEY_PATTERN.test(key)) return null;
  const bytes = await getObjectBytes(key);
  if (!bytes) return null;
  const info = inspectStoredLogo(bytes);
  return info ? { ...info, bytes } : null;
}

export async function loadExport(
  reportId: string,
  selected: readonly SectionKey[],
  now = new Date(),
  formats: readonly ('docx' | 'pdf' | 'pptx')[] = [],
  extras: readonly ExportExtraKey[] = [],
  /** who asked for the export: the sector benchmark leaves out the clients they can read */
  reader = '',
): Promise<LoadedExport> {
  const report = await getReport(reportId, { consistent: true });
  if (!report) throw new NotFoundError(reportsDetails.reportNotFound);
  const wanted = new Set(selected);
  // the progress once: the model, the visuals' data and the optional sections all read these steps
  const stepData = readProgress(reportId).then((progress) => parseWizardData(progress?.wizard_data ?? {}).data);
  const [client, data, records, visuals] = await Promise.all([
    // the client's record and what a benchmark needs of it: one read of its item
    clientWithBenchFacts(report.organization_id),
    stepData,
    readSections(reportId),
    loadRenderableVisuals(reportId, stepData),
  ]);
  const organization = client?.organization;
  const finalize = data.finalize ?? null;
  const source = new EvidenceTexts(reportId);
  const chosen = records.filter((r) => wanted.has(r.key) && r.content.trim());
  const sections = await Promise.all(
    chosen.map(async (r) => ({ key: r.key, title: r.title, content: r.content, version: r.version, citations: await markCitations(r.citations, source) })),
  );
  // the storyline's steps, their citations marked as the sections' are (source titles, deleted sources)
  const steps = await markStepCitations({ findings: data.findings, swot: data.swot, recommendations: data.recommendations, 'executive-summary': data['executive-summary'] }, source);
  const orgBrand = organization?.brand_settings;
  const logo = await readLogo(finalize ? finalize.brand.logo_key : orgBrand?.logo_key);
  const figures = new Map<string, ExportFigure>(visuals.map((v) => [v.visual.id, v]));
  const extraSections = await loadExtras(report, { facts: client?.facts, reader }, data, extras);
  const model = buildExportModel({
    report: { id: report.id, title: report.title, owner: report.owner },
    organizationName: organization?.name ?? '',
    finalize,
    organizationBrand: orgBrand ?? null,
    sections,
    visuals: figures,
    roadmap: data.roadmap ?? null,
    steps,
    logo,
    providerName: process.env.PROVIDER_NAME || DEFAULT_PROVIDER_NAME,
    now,
    extras: extraSections,
  });
  // a chosen template that is gone (deleted since) leaves the export on the built-in template, not failed
  const templates: LoadedExport['templates'] = {};
  for (const kind of ['docx', 'pptx'] as const) {
    const id = finalize?.templates?.[kind];
    // the PDF follows the Word template
    if (!id || !(formats.includes(kind) || (kind === 'docx' && formats.includes('pdf')))) continue;
    const t = await templateForExport(id, report.organization_id ?? null);
    if (t?.kind === kind) templates[kind] = t;
  }
  return { model, templates, sectionVersions: Object.fromEntries(sections.map((s) => [s.key, s.version])) };
}

/** The figures the sources appendix lists at most (in report order; the rest are counted). */
const FIGURE_SOURCES_LISTED = 5000;

/**
 * The optional sections asked for: the comparison with the baseline (only for a re-assessment whose
 * baseline still exists), the sector benchmark (a note instead of figures below 5 other clients) and the sources
 * of the report's figures.
 */
async function loadExtras(
  report: Report,
  bench: { facts: ClientBenchFacts | undefined; reader: string },
  data: WizardData,
  extras: readonly ExportExtraKey[],
): Promise<ExtraSectionInput[]> {
  const out: ExtraSectionInput[] = [];
  if (extras.includes('comparison') && report.baseline_id) {
    const baseline = await getReport(report.baseline_id);
    if (baseline) {
      const before = parseWizardData((await readProgress(baseline.id))?.wizard_data ?? {}).data;
      const cmp = compareReports({ findings: before.findings, recommendations: before.recommendations }, { findings: data.findings, recommendations: data.recommendations });
      out.push(comparisonSection(report.id, baseline.title, report.title, cmp));
    }
  }
  if (extras.includes('benchmark')) out.push(benchmarkSection(report.id, await benchmarkOfRead(bench.reader, report.organization_id, bench.facts, data.findings)));
  if (extras.includes('figures')) {
    const { rows, total } = await figureSources(report.id, FIGURE_SOURCES_LISTED);
    out.push(figureSourcesSection(rows, total));
  }
  return out;
}
