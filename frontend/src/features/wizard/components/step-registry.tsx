/**
 * The wizard's ten steps as a registry: each declares its id, its component, the zod schema of its data and
 * its completion check. The page renders whatever the registry says; nothing else knows the steps apart.
 */
import type { ReactNode } from 'react';
import * as z from 'zod/mini';
import type { Completion } from '@shared/domain/report/completion';
import { stepCompletion } from '@shared/domain/report/completion';
import type { WizardStepId } from '@shared/domain/wizard-steps';
import { reportTexts } from '@shared/messages/sections';
import type { ConsistencyItem, DraftStep } from '@shared/schemas/report-document';
import { STEP_DATA_SCHEMAS } from '@shared/schemas/wizard';
import type { SetupResult } from '../lib/complete-setup';
import type { WizardData, WizardState } from '../lib/types';
import { ContextStep } from './steps/context-step';
import { DataIntakeStep } from './steps/data-intake-step';
import { ExecutiveSummaryStep } from './steps/executive-summary-step';
import { FinalizeStep } from './steps/finalize-step';
import { FindingsStep } from './steps/findings-step';
import { ObjectivesStep } from './steps/objectives-step';
import { RecommendationsStep } from './steps/recommendations-step';
import { RoadmapStep } from './steps/roadmap-step';
import { SetupStep } from './steps/setup-step';
import { SwotStep } from './steps/swot-step';

export interface StepContext {
  state: WizardState;
  /** the report id, or the placeholder before setup has created the report */
  reportRef: string;
  setData: <Id extends WizardStepId>(id: Id, data: NonNullable<WizardData[Id]>) => void;
  /** the step's complete button passed validation: store, mark completed and compose on the server, move on after 1 s */
  complete: <Id extends WizardStepId>(id: Id, data: NonNullable<WizardData[Id]>) => void;
  /** setup is done on the server (organization, report and progress in one transaction) */
  onSetupCreated: (result: SetupResult) => void;
  /** goes to the step and item a consistency warning names */
  fix: (item: ConsistencyItem) => void;
}

export interface StepDefinition {
  id: WizardStepId;
  schema: z.core.$ZodType;
  check: (data: WizardData) => Completion;
  render: (ctx: StepContext) => ReactNode;
  /** steps 5–9: drafted by "Generate with AI", completed by the shared frame's button */
  draft?: { step: DraftStep; what: string; completeLabel: string };
}

const r = reportTexts;

function define(id: WizardStepId, render: StepDefinition['render'], draft?: StepDefinition['draft']): StepDefinition {
  return { id, schema: STEP_DATA_SCHEMAS[id], check: (data) => stepCompletion(id, data), render, ...(draft ? { draft } : {}) };
}

export const STEP_REGISTRY: Record<WizardStepId, StepDefinition> = {
  setup: define('setup', (ctx) => (
    <SetupStep
      data={ctx.state.data.setup}
      placeholderId={ctx.state.placeholderId}
      stepVersion={ctx.state.stepVersions.setup}
      onChange={(d) => ctx.setData('setup', d)}
      onCompleted={ctx.onSetupCreated}
    />
  )),
  'data-intake': define('data-intake', (ctx) => (
    <DataIntakeStep
      reportRef={ctx.reportRef}
      placeholderId={ctx.state.placeholderId}
      hasReport={Boolean(ctx.state.reportId)}
      onCompleted={(evidence) => ctx.complete('data-intake', { evidence })}
    />
  )),
  objectives: define('objectives', (ctx) => (
    <ObjectivesStep data={ctx.state.data.objectives} onChange={(d) => ctx.setData('objectives', d)} onCompleted={(d) => ctx.complete('objectives', d)} />
  )),
  context: define('context', (ctx) => (
    <ContextStep
      data={ctx.state.data.context}
      setup={ctx.state.data.setup}
      reportRef={ctx.reportRef}
      onChange={(d) => ctx.setData('context', d)}
      onCompleted={(d) => ctx.complete('context', d)}
    />
  )),
  findings: define(
    'findings',
    (ctx) => <FindingsStep data={ctx.state.data.findings} all={ctx.state.data} reportRef={ctx.reportRef} onChange={(d) => ctx.setData('findings', d)} />,
    { step: 'findings', what: r.findings.what, completeLabel: r.findings.complete },
  ),
  swot: define('swot', (ctx) => <SwotStep data={ctx.state.data.swot} all={ctx.state.data} reportRef={ctx.reportRef} onChange={(d) => ctx.setData('swot', d)} />, {
    step: 'swot',
    what: r.swot.what,
    completeLabel: r.swot.complete,
  }),
  recommendations: define(
    'recommendations',
    (ctx) => <RecommendationsStep data={ctx.state.data.recommendations} all={ctx.state.data} reportRef={ctx.reportRef} onChange={(d) => ctx.setData('recommendations', d)} />,
    { step: 'recommendations', what: r.recommendations.what, completeLabel: r.recommendations.complete },
  ),
  roadmap: define('roadmap', (ctx) => <RoadmapStep data={ctx.state.data.roadmap} all={ctx.state.data} onChange={(d) => ctx.setData('roadmap', d)} />, {
    step: 'roadmap',
    what: r.roadmap.what,
    completeLabel: r.roadmap.complete,
  }),
  'executive-summary': define(
    'executive-summary',
    (ctx) => <ExecutiveSummaryStep data={ctx.state.data['executive-summary']} all={ctx.state.data} reportRef={ctx.reportRef} onChange={(d) => ctx.setData('executive-summary', d)} />,
    { step: 'executive-summary', what: r.summary.what, completeLabel: r.summary.complete },
  ),
  finalize: define('finalize', (ctx) => (
    <FinalizeStep
      data={ctx.state.data.finalize}
      all={ctx.state.data}
      reportId={ctx.state.reportId}
      onChange={(d) => ctx.setData('finalize', d)}
      onComplete={(d) => ctx.complete('finalize', d)}
      onFix={ctx.fix}
    />
  )),
};
