/**
 * The largest wizard data the schemas allow: every list at its maximum length, every text at its maximum
 * length, every citation list full of 2,000-character quotes (shared/schemas/wizard.ts and report-document.ts).
 * For measuring what one save request weighs at the limit (bench/suites/wizard.ts); test/unit checks that each
 * step parses with its own schema, so the figure is of data the API would accept field by field.
 */
import { DIMENSIONS } from '../../shared/schemas/analysis';
import { MAX_QUOTE_CHARS } from '../../shared/schemas/report-document';

const words = (n: number) => 'Revenue grew while margins held steady across the region '.repeat(Math.ceil(n / 57)).slice(0, n);
const evidenceId = 'a1b2c3d4-0000-4000-8000-000000000001';
const citation = (i: number) => ({ id: `c${i}`, evidence_id: evidenceId, start: i * MAX_QUOTE_CHARS, end: (i + 1) * MAX_QUOTE_CHARS, quote: words(MAX_QUOTE_CHARS) });
const citations = (n: number) => Array.from({ length: n }, (_, i) => citation(i));
const id = (prefix: string, i: number) => `${prefix}-${String(i).padStart(60, '0')}`;

export function largestWizardData(): Record<string, unknown> {
  return {
    setup: {
      organizationName: words(200),
      sector: words(100),
      geography: words(200),
      fyStart: words(40),
      currency: words(10),
      reportTitle: words(300),
      reportOwner: words(200),
      stakeholders: Array.from({ length: 100 }, () => ({ name: words(200), role: words(200), influence: 'Medium' })),
      brandSettings: { primaryColor: words(20), secondaryColor: words(20), logoUrl: words(2048) },
      organizationId: words(64),
      reportId: words(64),
      organizationVersion: 1_000_000_000,
      reportVersion: 1_000_000_000,
    },
    'data-intake': {
      evidence: Array.from({ length: 1000 }, (_, i) => ({
        id: id('e', i),
        type: 'interview',
        title: words(300),
        status: 'analyzed',
        relevanceScore: 0.123456789,
        linkedDimensions: [...DIMENSIONS],
      })),
    },
    objectives: { purpose: words(10_000), inScope: words(10_000), outOfScope: words(10_000), methodology: words(10_000) },
    context: { companyBackground: words(50_000), marketEnvironment: words(50_000), internalContext: words(50_000) },
    findings: {
      dimensions: DIMENSIONS.map((dimension) => ({
        dimension,
        score: 100,
        computed_score: 100,
        basis: Array.from({ length: 100 }, () => ({ evidence_id: words(64), title: words(300), relevance: 0.987654321, dimension_score: 0.123456789 })),
        out_of_scope: false,
        note: words(2000),
      })),
      findings: Array.from({ length: 200 }, (_, i) => ({
        id: id('f', i),
        statement: words(2000),
        dimension: DIMENSIONS[i % DIMENSIONS.length],
        impact: 'medium',
        metric: { name: words(120), value: 123456789.123, unit: words(40), period: words(60) },
        citations: citations(20),
        ai_drafted: true,
      })),
    },
    swot: Object.fromEntries([
      ...(['strengths', 'weaknesses', 'opportunities', 'threats'] as const).map((q) => [
        q,
        Array.from({ length: 50 }, (_, i) => ({ id: id(q[0]!, i), text: words(1000), finding_ids: Array.from({ length: 50 }, (_, k) => id('f', k)), citations: citations(10), ai_drafted: true })),
      ]),
      ['none', { strengths: false, weaknesses: false, opportunities: false, threats: false }],
    ]),
    recommendations: {
      items: Array.from({ length: 100 }, (_, i) => ({
        id: id('r', i),
        title: words(300),
        rationale: words(4000),
        priority: 'high',
        impact: 5,
        effort: 5,
        finding_ids: Array.from({ length: 50 }, (_, k) => id('f', k)),
        swot_ids: Array.from({ length: 50 }, (_, k) => id('w', k)),
        owner: words(200),
        kpi: words(500),
        deferred: false,
        citations: citations(10),
        ai_drafted: true,
      })),
    },
    roadmap: {
      phases: Array.from({ length: 12 }, (_, i) => ({ id: id('p', i), name: words(120), start_month: i, end_month: i + 1 })),
      items: Array.from({ length: 200 }, (_, i) => ({ id: id('m', i), title: words(300), phase_id: id('p', i % 12), start_month: 0, end_month: 120, owner: words(200), recommendation_id: id('r', i % 100), ai_drafted: true })),
    },
    'executive-summary': {
      key_messages: Array.from({ length: 5 }, (_, i) => ({ id: id('k', i), text: words(600), citations: citations(10), ai_drafted: true })),
      summary: words(20_000),
      citations: citations(100),
      ai_drafted: true,
    },
    finalize: {
      brand: { primaryColor: '#123456', secondaryColor: '#654321', logo_key: words(300) },
      cover: { title: words(300), subtitle: words(300), client: words(200), date: words(60), prepared_by: words(200), confidentiality: words(300) },
    },
  };
}

/** Bytes of a JSON body. */
export const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
