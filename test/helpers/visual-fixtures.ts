/** A fixed report for the visuals' tests: step data of Findings, Recommendations and Roadmap, and evidence. */
import type { ChartSource } from '@shared/domain/report/chart-data';
import { parseWizardData } from '@shared/schemas/wizard';
import type { Visual } from '@shared/schemas/visuals';
import { DEFAULT_VISUAL_OPTIONS } from '@shared/schemas/visuals';

export const FIXED_WIZARD_DATA = {
  findings: {
    dimensions: [
      { dimension: 'Market & Customers', score: 48 },
      { dimension: 'Financial Performance', score: 72 },
      { dimension: 'Operational Efficiency', score: 55 },
      { dimension: 'People & Culture', score: 61, out_of_scope: true },
    ],
    findings: [
      { id: 'f-churn-24', statement: 'Churn rose in 2024', dimension: 'Market & Customers', impact: 'high', metric: { name: 'Churn', value: 7.5, unit: '%', period: '2024' } },
      { id: 'f-churn-25', statement: 'Churn rose again in 2025', dimension: 'Market & Customers', impact: 'high', metric: { name: 'Churn', value: 9, unit: '%', period: '2025' } },
      { id: 'f-revenue', statement: 'Revenue grew 12%', dimension: 'Financial Performance', impact: 'medium', metric: { name: 'Revenue growth', value: 12, unit: '%', period: 'FY2025' } },
      { id: 'f-margin', statement: 'Margin is thin', dimension: 'Financial Performance', impact: 'medium', metric: null },
    ],
  },
  recommendations: {
    items: [
      { id: 'r-retain', title: 'Launch a retention programme', priority: 'high', impact: 5, effort: 3 },
      { id: 'r-price', title: 'Review SME pricing', priority: 'medium', impact: 4, effort: 2 },
    ],
  },
  roadmap: {
    phases: [
      { id: 'phase-1', name: '0–3 months', start_month: 0, end_month: 3 },
      { id: 'phase-2', name: '3–6 months', start_month: 3, end_month: 6 },
    ],
    items: [
      { id: 'a-team', title: 'Form the retention team', phase_id: 'phase-1', start_month: 0, end_month: 2, owner: 'COO', recommendation_id: 'r-retain' },
      { id: 'a-offer', title: 'Design the loyalty offer', phase_id: 'phase-2', start_month: 3, end_month: 6, owner: 'CMO', recommendation_id: 'r-retain' },
      { id: 'a-price', title: 'Test new SME prices', phase_id: 'phase-1', start_month: 1, end_month: 3, owner: 'CFO', recommendation_id: 'r-price' },
    ],
  },
  finalize: { brand: { primaryColor: '#0b5394', secondaryColor: '#e69138' } },
};

export const FIXED_EVIDENCE = [
  { id: 'e1', title: 'Annual report', type: 'file', linkedDimensions: ['Financial Performance', 'Market & Customers'], relevanceScore: 0.9 },
  { id: 'e2', title: 'Market study', type: 'url', linkedDimensions: ['Market & Customers'], relevanceScore: 0.7 },
  { id: 'e3', title: 'CEO interview', type: 'interview', linkedDimensions: ['Market & Customers', 'People & Culture'], relevanceScore: 0.8 },
  { id: 'e4', title: 'Ops review', type: 'file', linkedDimensions: ['Operational Efficiency'], relevanceScore: 0.6 },
];

export function fixedSource(): ChartSource {
  return { data: parseWizardData(FIXED_WIZARD_DATA).data, evidence: FIXED_EVIDENCE };
}

export function visualOf(partial: Pick<Visual, 'type' | 'binding'> & Partial<Visual>): Visual {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    report_id: '00000000-0000-4000-8000-000000000002',
    title: 'A chart',
    caption: '',
    status: 'completed',
    version: 1,
    updated_by: 'ann',
    updated_at: '2025-01-01T00:00:00.000Z',
    created_at: '2025-01-01T00:00:00.000Z',
    ...partial,
    options: { ...DEFAULT_VISUAL_OPTIONS, ...partial.options },
  };
}
