/**
 * A composed report made through the API, as a consultant makes one: an organization and a report, two
 * evidence files uploaded and analysed, steps 5–9 drafted from them (with verified citations), step 10's
 * brand and cover, every section composed, and visuals (bar, line, pie, heatmap) embedded in the findings.
 * Used by the export tests (HTTP, fidelity) and the browser test.
 */
import { randomUUID } from 'node:crypto';
import { WIZARD_STEP_IDS } from '../../shared/domain/wizard-steps';
import { docxBytes, pdfBytes } from './evidence-fixtures';
import { http } from './http';
import { draftAndWait } from './draft-job';

export interface ComposedReport {
  reportId: string;
  organizationId: string;
  title: string;
  /** the sections with content, as GET …/sections gives them */
  sections: { key: string; title: string; content: string; version: number; citations: { id: string; source_title?: string }[] }[];
  visuals: { id: string; type: string; title: string }[];
}

export const REPORT_EVIDENCE = {
  pdf: [
    'Revenue grew 12% to 480 million in fiscal 2025 while EBITDA margin improved to 18%.',
    'Customer churn rose to 9% in the SME segment after the price increase.',
  ],
  docx: [
    'Warehouse automation cut order cycle time by 30% and picking errors fell sharply.',
    'Staff turnover in the depots is 18%, well above the sector average, and morale is low.',
    'A data protection audit found gaps in consent records that could lead to regulatory fines.',
  ],
};

async function ok<T = any>(base: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await http<T>(base, method, path, { token, body });
  if (res.status >= 300) throw new Error(`${method} ${path} failed: ${res.status} ${res.text}`);
  return res.body;
}

/** Uploads a file to a report's evidence as the wizard does; answers the status and the JSON body. */
export async function postEvidence(base: string, token: string, reportId: string, name: string, bytes: Uint8Array): Promise<{ status: number; body: any }> {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)]), name);
  form.set('report_id', reportId);
  form.set('storage_type', 'local');
  const res = await fetch(`${base}/api/files/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: (await res.json()) as any };
}

export async function uploadEvidence(base: string, token: string, reportId: string, name: string, bytes: Uint8Array): Promise<void> {
  const res = await postEvidence(base, token, reportId, name, bytes);
  if (res.status !== 200) throw new Error(`upload failed: ${res.status} ${JSON.stringify(res.body)}`);
}

export async function composedReport(
  base: string,
  token: string,
  opts: { title?: string; brand?: { primaryColor: string; secondaryColor?: string }; templates?: { docx?: string; pptx?: string } } = {},
): Promise<ComposedReport> {
  const title = opts.title ?? `Nordlicht Operating Review ${randomUUID().slice(0, 6)}`;
  const organizationId = (await ok(base, token, 'POST', '/api/organizations', { name: `Nordlicht Retail ${randomUUID().slice(0, 6)}`, sector: 'retail', geography: 'Sweden' })).id as string;
  const reportId = (await ok(base, token, 'POST', '/api/reports', { title, organization_id: organizationId, owner: 'Jane Smith' })).id as string;
  await uploadEvidence(base, token, reportId, 'annual-report.pdf', await pdfBytes([REPORT_EVIDENCE.pdf]));
  await uploadEvidence(base, token, reportId, 'operations-review.docx', await docxBytes(REPORT_EVIDENCE.docx));

  let data: Record<string, unknown> = {
    setup: { organizationName: 'Nordlicht Retail AB', reportTitle: title, reportOwner: 'Jane Smith', organizationId, reportId },
    objectives: { purpose: 'Assess the operating model and the priorities for the next year.', methodology: 'Document review and interviews.' },
    context: { companyBackground: 'Nordlicht is a Swedish retailer with 120 stores and an online shop.', marketEnvironment: 'The Nordic grocery market is consolidating.', internalContext: 'A new COO joined in 2025.' },
  };
  let version = 0;
  const save = async () => {
    version = (await ok(base, token, 'POST', '/api/wizard-progress', { report_id: reportId, wizard_data: data, completed_steps: [], current_step: 9, version })).version;
  };
  for (const step of ['findings', 'swot', 'recommendations', 'roadmap', 'executive-summary']) {
    data = { ...data, [step]: (await draftAndWait(base, token, reportId, step)).data };
    await save();
  }
  data = {
    ...data,
    finalize: {
      brand: { primaryColor: opts.brand?.primaryColor ?? '#0b5394', secondaryColor: opts.brand?.secondaryColor ?? '#e69138', logo_key: '' },
      cover: { title, subtitle: 'Executive business assessment', client: 'Nordlicht Retail AB', date: '', prepared_by: 'Jane Smith', confidentiality: 'Confidential: prepared for the board' },
      templates: { docx: opts.templates?.docx ?? '', pptx: opts.templates?.pptx ?? '' },
    },
  };
  await save();
  await ok(base, token, 'POST', `/api/reports/${reportId}/compose`, {});

  // visuals: native-chart types (bar, line, pie) and one drawn as an image (heatmap)
  const visuals: ComposedReport['visuals'] = [];
  const table = (rows: string[][]) => ({ source: 'table', columns: ['Region', '2024', '2025'], rows });
  const specs = [
    { type: 'bar', title: 'Dimension scores', caption: 'Scores by dimension', binding: { source: 'dimension-scores' } },
    { type: 'line', title: 'Sales by region', caption: 'Sales, in million SEK', binding: table([['North', '12', '14'], ['South', '9', '11'], ['West', '7', '10']]) },
    { type: 'pie', title: 'Evidence by dimension', caption: 'Where the evidence speaks', binding: { source: 'evidence', measure: 'count', by: 'type' } },
    { type: 'heatmap', title: 'Evidence relevance', caption: 'Relevance by dimension', binding: { source: 'evidence', measure: 'relevance', by: 'type' } },
  ];
  for (const spec of specs) {
    const v = await ok(base, token, 'POST', `/api/reports/${reportId}/visuals`, spec);
    visuals.push({ id: v.id, type: v.type, title: v.title });
  }
  const findings = await ok(base, token, 'GET', `/api/reports/${reportId}/sections/findings`);
  const embeds = specs.map((s, i) => `![${s.caption}](visual:${visuals[i]!.id})`).join('\n\n');
  await ok(base, token, 'PUT', `/api/reports/${reportId}/sections/findings`, { content: `${findings.content}\n\n${embeds}`, citations: findings.citations, version: findings.version });

  const sections = ((await ok(base, token, 'GET', `/api/reports/${reportId}/sections`)).items as ComposedReport['sections']).filter((s) => s.content.trim());
  return { reportId, organizationId, title, sections, visuals };
}

/** A composed report (see composedReport) with steps 1–9 completed, so the wizard opens on Finalize & Brand. */
export async function reportToFinalize(base: string, token: string, opts: Parameters<typeof composedReport>[2] = {}): Promise<ComposedReport> {
  const report = await composedReport(base, token, opts);
  const progress = await ok<{ wizard_data: Record<string, unknown>; version: number }>(base, token, 'GET', `/api/wizard-progress/${report.reportId}`);
  await ok(base, token, 'POST', '/api/wizard-progress', { report_id: report.reportId, wizard_data: progress.wizard_data, completed_steps: WIZARD_STEP_IDS.slice(0, 9), current_step: 9, version: progress.version });
  return report;
}
