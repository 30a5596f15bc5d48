/**
 * The local analyst: drafts steps 5–9 offline and deterministically from the full texts of the evidence.
 * Each step reads the evidence (once per process: see analyse-evidence.ts) and the steps before it as the wizard
 * holds them, so a finding the consultant changed is taken as changed.
 *
 * Evidence is data: an instruction inside it ("ignore previous instructions …") is a sentence like any
 * other, never a claim (claims.ts) and never obeyed. Every figure the drafter writes is in the evidence, or a
 * difference of two figures of one cited sentence, recorded as a derivation for the evaluation.
 */
import type { CitationRef, DimensionScore, DraftStep, Finding } from '@shared/schemas/report-document';
import type { WizardData } from '@shared/schemas/wizard';
import { type AnalystEvidence, analyse, ignoredNames } from './analyse-evidence';
import type { Drafted } from '../port/draft-contract';
import { claimsOf } from './claims';
import { draftFindings, type DraftedFindings } from './findings';
import { loadNlp, parseSpan } from './nlp';
import { draftRecommendations, draftRoadmap, type DraftedRecommendations, type DraftedRoadmap } from './recommendations';
import { draftSwot, type DraftedSwot } from './swot';
import { draftSummary, type DraftedSummary } from './summary';
import type { Derivation, Person } from './titles';

export interface AnalystInput {
  step: DraftStep;
  organization: { name: string; sector: string; geography: string };
  objectives?: { purpose: string };
  stakeholders: readonly Person[];
  evidence: readonly AnalystEvidence[];
  data: WizardData;
  dimensions: DimensionScore[];
}

export type AnalystOutput = DraftedFindings | DraftedSwot | DraftedRecommendations | DraftedRoadmap | DraftedSummary;

export interface AnalystResult {
  output: AnalystOutput;
  derivations: Derivation[];
}

/** Reads a finding the drafter did not write (or the consultant rewrote) from its own words. */
async function readStatement(statement: string, organization: string, people: readonly Person[]): Promise<{ valence: 1 | -1 | 0; external: boolean }> {
  const nlp = await loadNlp();
  const ignore = ignoredNames(organization, people);
  const claims = parseSpan(nlp, statement, 0, statement.length).flatMap((s, order) => claimsOf(s, { evidence_id: '', order, ignore, lastEntity: '' }));
  const votes = claims.reduce((n, c) => n + c.valence, 0);
  return { valence: votes > 0 ? 1 : votes < 0 ? -1 : 0, external: claims.some((c) => c.external) };
}

export async function draftWithAnalyst(input: AnalystInput, citationIdFor: (ref: CitationRef) => string): Promise<AnalystResult> {
  // the roadmap follows the recommendations alone: no reading needed
  if (input.step === 'roadmap') return { output: draftRoadmap(input.data.recommendations?.items ?? [], input.data.roadmap?.phases), derivations: [] };
  const analysis = await analyse(input.evidence, input.organization.name, input.stakeholders, input.objectives?.purpose ?? '');
  const findings: readonly (Finding | Drafted<Finding>)[] = input.data.findings?.findings ?? [];
  switch (input.step) {
    case 'findings': {
      const { output, derivations } = draftFindings(analysis, input.dimensions);
      return { output, derivations };
    }
    case 'swot': {
      const own = new Map<string, { valence: 1 | -1 | 0; external: boolean }>();
      for (const f of findings) own.set(f.statement, await readStatement(f.statement, input.organization.name, input.stakeholders));
      return { output: draftSwot(analysis, findings, (s) => own.get(s) ?? { valence: 0, external: false }), derivations: [] };
    }
    case 'recommendations':
      return { output: draftRecommendations(analysis, findings, input.data.swot, input.stakeholders), derivations: [] };
    case 'executive-summary':
      return {
        output: draftSummary(
          analysis,
          { organization: input.organization.name, ...(input.objectives?.purpose ? { purpose: input.objectives.purpose } : {}) },
          findings,
          input.data.recommendations?.items ?? [],
          citationIdFor,
        ),
        derivations: [],
      };
  }
}
