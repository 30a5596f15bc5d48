import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { WIZARD_STEP_IDS } from '@shared/domain/wizard-steps';
import { STEP_DATA_SCHEMAS, type WizardData } from '@shared/schemas/wizard';
import type { Finding } from '@shared/schemas/report-document';
import { itemCount, mergeDraft } from '../../shared/domain/draft-merge';

const finding = (id: string, statement: string, ai = false): Finding => ({ id, statement, dimension: 'Financial Performance', impact: 'medium', metric: null, citations: [], ai_drafted: ai });

describe('every wizard step has a data schema', () => {
  it('covers the ten steps, and an empty object parses to each step\'s defaults', () => {
    expect(Object.keys(STEP_DATA_SCHEMAS).sort()).toEqual([...WIZARD_STEP_IDS].sort());
    for (const id of WIZARD_STEP_IDS) expect(z.safeParse(STEP_DATA_SCHEMAS[id], {}).success, id).toBe(true);
  });
});

describe('merging an AI draft', () => {
  const mine: WizardData = {
    findings: {
      dimensions: [{ dimension: 'Financial Performance', score: 70, computed_score: 50, basis: [], out_of_scope: false, note: 'CFO view' }],
      findings: [finding('f-mine', 'Revenue is growing.')],
    },
  };
  const drafted = {
    dimensions: [{ dimension: 'Financial Performance', score: 55, computed_score: 55, basis: [{ evidence_id: 'e', title: 'E', relevance: 1, dimension_score: 0.55 }], out_of_scope: false, note: '' }],
    findings: [finding('f-ai-1', 'Revenue is growing.', true), finding('f-ai-2', 'Churn is rising.', true)],
  };

  it('replace takes the draft; append keeps mine and adds only what is new', () => {
    expect(mergeDraft('findings', mine, drafted, 'replace').findings!.findings.map((f) => f.id)).toEqual(['f-ai-1', 'f-ai-2']);
    expect(mergeDraft('findings', mine, drafted, 'append').findings!.findings.map((f) => f.id)).toEqual(['f-mine', 'f-ai-2']);
  });

  it('keeps a score the consultant adjusted, and their note, while the basis follows the evidence', () => {
    const score = mergeDraft('findings', mine, drafted, 'replace').findings!.dimensions[0]!;
    expect(score).toMatchObject({ score: 70, computed_score: 55, note: 'CFO view' });
    expect(score.basis).toHaveLength(1);
  });

  it('counts what a replace would discard', () => {
    expect(itemCount('findings', mine)).toBe(1);
    expect(itemCount('executive-summary', { 'executive-summary': { key_messages: [], summary: 'Text', citations: [], ai_drafted: false } })).toBe(1);
    expect(itemCount('swot', {})).toBe(0);
  });

  it('appends a summary after the user\'s text, and at most five key messages', () => {
    const mineSummary: WizardData = {
      'executive-summary': { key_messages: [1, 2, 3, 4].map((i) => ({ id: `k${i}`, text: `Mine ${i}`, citations: [], ai_drafted: false })), summary: 'My words.', citations: [], ai_drafted: false },
    };
    const draftedSummary = { key_messages: [1, 2].map((i) => ({ id: `a${i}`, text: `Drafted ${i}`, citations: [], ai_drafted: true })), summary: 'Drafted words.', citations: [], ai_drafted: true };
    const merged = mergeDraft('executive-summary', mineSummary, draftedSummary, 'append')['executive-summary']!;
    expect(merged.summary).toBe('My words.\n\nDrafted words.');
    expect(merged.key_messages.map((k) => k.id)).toEqual(['k1', 'k2', 'k3', 'k4', 'a1']);
  });
});
