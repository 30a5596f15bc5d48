import * as z from 'zod/mini';
import { SETUP_DEFAULTS, STAKEHOLDER_INFLUENCE } from '../domain/options';
import { WIZARD_STEP_IDS, type WizardStepId } from '../domain/wizard-steps';
import { Dimension } from './analysis';
import { formatZodError, requiredString, uuidField } from './common';
import { EvidenceStatus, EvidenceType, reportRef } from './evidence';
import {
  boundedInt,
  boundedNumber,
  DEFAULT_PRIMARY_COLOR,
  ExecutiveSummaryData,
  FinalizeData,
  FindingsData,
  RecommendationsData,
  RoadmapData,
  SwotData,
  text,
} from './report-document';

const StepId = z.enum(WIZARD_STEP_IDS as unknown as ['setup', ...string[]], { error: `must be one of: ${WIZARD_STEP_IDS.join(', ')}` });

// ── the data of steps 1–4 (spec section 3); steps 5–10 are in ./report-document ─────────────────────────

export const Stakeholder = z.object({
  name: z._default(text('stakeholder name', 200), ''),
  role: z._default(text('stakeholder role', 200), ''),
  influence: z._default(z.enum(STAKEHOLDER_INFLUENCE, { error: `influence must be one of: ${STAKEHOLDER_INFLUENCE.join(', ')}` }), 'Medium'),
});
export type Stakeholder = z.infer<typeof Stakeholder>;

export const SetupData = z.object({
  organizationName: z._default(text('organizationName', 200), ''),
  sector: z._default(text('sector', 100), SETUP_DEFAULTS.sector),
  geography: z._default(text('geography', 200), ''),
  fyStart: z._default(text('fyStart', 40), SETUP_DEFAULTS.fyStart),
  currency: z._default(text('currency', 10), SETUP_DEFAULTS.currency),
  reportTitle: z._default(text('reportTitle', 300), ''),
  reportOwner: z._default(text('reportOwner', 200), ''),
  stakeholders: z._default(z.array(Stakeholder).check(z.maxLength(100, 'stakeholders may hold at most 100 people')), [{ name: '', role: '', influence: 'Medium' }]),
  brandSettings: z._default(
    z.object({
      primaryColor: z._default(text('primaryColor', 20), DEFAULT_PRIMARY_COLOR),
      secondaryColor: z._default(text('secondaryColor', 20), ''),
      logoUrl: z._default(text('logoUrl', 2048), ''),
    }),
    { primaryColor: DEFAULT_PRIMARY_COLOR, secondaryColor: '', logoUrl: '' },
  ),
  organizationId: z.optional(text('organizationId', 64)),
  reportId: z.optional(text('reportId', 64)),
  /** the versions of the organization and report this tab last read or wrote (optimistic locking) */
  organizationVersion: z.optional(boundedInt('organizationVersion', 0, 1_000_000_000)),
  reportVersion: z.optional(boundedInt('reportVersion', 0, 1_000_000_000)),
});
export type SetupData = z.infer<typeof SetupData>;

/** What data intake keeps in the progress: references to the evidence, never its text. */
export const EvidenceRef = z.object({
  id: text('evidence id', 64),
  type: EvidenceType,
  title: text('evidence title', 300),
  status: z.union([EvidenceStatus, text('evidence status', 40)]),
  relevanceScore: boundedNumber('relevanceScore', 0, 1),
  linkedDimensions: z._default(z.array(Dimension).check(z.maxLength(6)), []),
});
export type EvidenceRef = z.infer<typeof EvidenceRef>;

export const DataIntakeData = z.object({
  evidence: z._default(z.array(EvidenceRef).check(z.maxLength(1000, 'evidence may hold at most 1000 items')), []),
});
export type DataIntakeData = z.infer<typeof DataIntakeData>;

export const ObjectivesData = z.object({
  purpose: z._default(text('purpose', 10_000), ''),
  inScope: z._default(text('inScope', 10_000), ''),
  outOfScope: z._default(text('outOfScope', 10_000), ''),
  methodology: z._default(text('methodology', 10_000), ''),
});
export type ObjectivesData = z.infer<typeof ObjectivesData>;

export const ContextData = z.object({
  companyBackground: z._default(text('companyBackground', 50_000), ''),
  marketEnvironment: z._default(text('marketEnvironment', 50_000), ''),
  internalContext: z._default(text('internalContext', 50_000), ''),
});
export type ContextData = z.infer<typeof ContextData>;

/** Each step's data schema, by step id: the one definition the SPA, the server and the tests use. */
export const STEP_DATA_SCHEMAS = {
  setup: SetupData,
  'data-intake': DataIntakeData,
  objectives: ObjectivesData,
  context: ContextData,
  findings: FindingsData,
  swot: SwotData,
  recommendations: RecommendationsData,
  roadmap: RoadmapData,
  'executive-summary': ExecutiveSummaryData,
  finalize: FinalizeData,
} as const satisfies Record<WizardStepId, z.core.$ZodType>;

/** wizard_data: one object per step id, each of its step's shape. */
export const WizardData = z.strictObject(
  {
    setup: z.optional(SetupData),
    'data-intake': z.optional(DataIntakeData),
    objectives: z.optional(ObjectivesData),
    context: z.optional(ContextData),
    findings: z.optional(FindingsData),
    swot: z.optional(SwotData),
    recommendations: z.optional(RecommendationsData),
    roadmap: z.optional(RoadmapData),
    'executive-summary': z.optional(ExecutiveSummaryData),
    finalize: z.optional(FinalizeData),
  },
  { error: 'wizard_data must be an object whose keys are step ids' },
);
export type WizardData = z.infer<typeof WizardData>;

/** Stored progress as read back: anything, parsed per step by parseWizardData. */
export const StoredWizardData = z.record(z.string(), z.unknown());

export interface SetAsideStep {
  step: string;
  /** what was stored, untouched */
  raw: unknown;
  /** why it does not parse */
  problem: string;
}

/**
 * Parses stored wizard data step by step. A step whose data does not parse (an older shape, a damaged
 * local copy) is not dropped: it comes back in `setAside` with the reason, for the caller to keep.
 */
export function parseWizardData(raw: unknown): { data: WizardData; setAside: SetAsideStep[] } {
  const data: Record<string, unknown> = {};
  const setAside: SetAsideStep[] = [];
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    if (raw !== undefined && raw !== null) setAside.push({ step: '*', raw, problem: 'wizard_data is not an object' });
    return { data: {}, setAside };
  }
  for (const [step, value] of Object.entries(raw)) {
    const schema = (STEP_DATA_SCHEMAS as Record<string, z.core.$ZodType>)[step];
    if (!schema) {
      setAside.push({ step, raw: value, problem: `${step} is not a wizard step` });
      continue;
    }
    const parsed = z.safeParse(schema, value);
    if (parsed.success) data[step] = parsed.data;
    else setAside.push({ step, raw: value, problem: formatZodError(parsed.error, step) });
  }
  return { data: data, setAside };
}

export const ReportIdParams = z.object({
  report_id: uuidField('report_id'),
});

/** POST /api/wizard-progress (spec section 7), plus the version the tab last read. */
export const SaveProgressBody = z.object({
  report_id: uuidField('report_id'),
  wizard_data: WizardData,
  completed_steps: z.array(StepId, { error: 'completed_steps must be a list of step ids' }).check(z.maxLength(10, 'completed_steps may hold at most 10 step ids')),
  current_step: z.number({ error: 'current_step must be a number' }).check(z.int('current_step must be a whole number'), z.gte(0, 'current_step must be 0 to 9'), z.lte(9, 'current_step must be 0 to 9')),
  last_saved: z.optional(text('last_saved', 40)),
  /** the version this tab loaded (0 when it started the progress); omitted: overwrite (the spec's call) */
  version: z.optional(boundedInt('version', 0, 1_000_000_000)),
});
export type SaveProgressBody = z.infer<typeof SaveProgressBody>;

export const Progress = z.object({
  report_id: z.string(),
  wizard_data: StoredWizardData,
  completed_steps: z.array(z.string()),
  current_step: z.number(),
  last_saved: z.nullable(z.string()),
  version: z.number(),
  updated_by: z.nullable(z.string()),
});
export type Progress = z.infer<typeof Progress>;

export const SaveProgressResponse = z.object({ success: z.literal(true), version: z.number(), last_saved: z.string() });

/** POST /api/save-report-file/{report_id}: the spec's query (file_name, data), or the same as a JSON body. */
export const SaveFileQuery = z.object({
  file_name: z.optional(z.string().check(z.maxLength(200, 'file_name must be at most 200 characters'))),
  data: z.optional(z.string()),
});
export const SaveFileBody = z.optional(
  z.object({
    file_name: z.optional(z.string().check(z.maxLength(200, 'file_name must be at most 200 characters'))),
    data: z.optional(z.unknown()),
  }),
);
export const SaveFileResponse = z.object({ success: z.literal(true), message: z.string(), file_id: z.string() });

export const SavedFile = z.object({ id: z.string(), file_name: z.string(), created_at: z.string(), created_by: z.string(), size: z.number() });
export const SavedFileList = z.object({ items: z.array(SavedFile) });
export const SavedFileParams = z.object({
  report_id: uuidField('report_id'),
  file_id: z.string().check(z.regex(/^[0-9a-z-]{1,80}$/i, 'file_id is not valid')),
});
export const SavedFileContent = z.extend(SavedFile, { data: z.record(z.string(), z.unknown()) });

/** POST /api/ai/generate-context (spec section 7). */
export const GenerateContextBody = z.object({
  company_name: requiredString('company_name', { max: 200, trim: true }),
  sector: z._default(z.string().check(z.maxLength(100)), ''),
  geography: z._default(z.string().check(z.maxLength(200)), ''),
  report_id: reportRef('report_id'),
});
export const GenerateContextResponse = z.object({
  success: z.literal(true),
  generated_content: z.string(),
  paragraphs: z.array(z.object({ text: z.string(), evidence_ids: z.array(z.string()) })),
});
