import * as z from 'zod/mini';
import { SETUP_DEFAULTS, STAKEHOLDER_INFLUENCE } from '../domain/options';
import { WIZARD_STEP_IDS, type WizardStepId } from '../domain/wizard-steps';
import { Dimension } from './analysis';
import { formatZodError, requiredString, uuidField } from './common';
import { EvidenceStatus, EvidenceType, placeholderRef, reportRef } from './evidence';
import {
  boundedInt,
  boundedNumber,
  DEFAULT_PRIMARY_COLOR,
  DraftStepField,
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
const StoredWizardData = z.record(z.string(), z.unknown());

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

/** A step's stored data parsed with its schema (defaults filled in), or undefined when absent or unreadable. */
export function stepOf<T>(schema: z.ZodMiniType<T>, data: unknown): T | undefined {
  if (data === undefined) return undefined;
  const parsed = z.safeParse(schema, data);
  return parsed.success ? parsed.data : undefined;
}

export const ReportIdParams = z.object({
  report_id: uuidField('report_id'),
});

/**
 * A browser tab's save identity: `session` is random per tab (sessionStorage), `seq` grows with every save the
 * tab sends. A request of the same session with a lower seq than the one stored is that tab's own earlier
 * request landing late: never a conflict, and never allowed to overwrite the tab's later save.
 */
const SaveSession = {
  session: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, 'session must be 8 to 64 letters, digits, - or _'))),
  seq: z.optional(boundedInt('seq', 0, Number.MAX_SAFE_INTEGER)),
};

const stepVersionsField = (field: string) =>
  z.partialRecord(StepId, boundedInt(`${field} version`, 0, 1_000_000_000), { error: `${field} must map step ids to versions` });

/** Top-level field names of a step's data (what a tab changed since it loaded the step). */
const ChangedFields = z.partialRecord(
  StepId,
  z.array(z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'changed_fields must name fields of the step'))).check(z.maxLength(40, 'changed_fields may name at most 40 fields per step')),
  { error: 'changed_fields must map step ids to lists of field names' },
);

/**
 * POST /api/wizard-progress (spec section 7), plus what lets the server tell a conflict from a tab's own save:
 * - `step_versions`: the version of each step this tab's data of it is based on; only those steps are
 *   checked, and only a step whose stored version moved **and** whose data differs is a conflict;
 * - `changed_fields`: the fields of each step this tab changed; when someone else changed other fields of
 *   the step meanwhile, both are kept;
 * - `version` (the whole progress' version this tab loaded; before per-step versions): conflicts when it moved;
 * - none of them (the spec's own call): overwrites, never a 409.
 * Steps absent from wizard_data are left as stored; steps whose data is unchanged are not written.
 */
export const SaveProgressBody = z.object({
  report_id: uuidField('report_id'),
  wizard_data: WizardData,
  completed_steps: z.array(StepId, { error: 'completed_steps must be a list of step ids' }).check(z.maxLength(10, 'completed_steps may hold at most 10 step ids')),
  current_step: z.number({ error: 'current_step must be a number' }).check(z.int('current_step must be a whole number'), z.gte(0, 'current_step must be 0 to 9'), z.lte(9, 'current_step must be 0 to 9')),
  last_saved: z.optional(text('last_saved', 40)),
  /** the version this tab loaded (0 when it started the progress); omitted: overwrite (the spec's call) */
  version: z.optional(boundedInt('version', 0, 1_000_000_000)),
  step_versions: z.optional(stepVersionsField('step_versions')),
  changed_fields: z.optional(ChangedFields),
  ...SaveSession,
});
export type SaveProgressBody = z.infer<typeof SaveProgressBody>;

/** Who saved one step last, and when (the conflict dialog names them). */
export const StepMeta = z.object({
  version: z.number(),
  updated_by: z.nullable(z.string()),
  updated_by_name: z.nullable(z.string()),
  updated_at: z.nullable(z.string()),
  /** only for the caller's own saves: the tab and sequence number that wrote it */
  session: z.optional(z.string()),
  seq: z.optional(z.number()),
});
export type StepMeta = z.infer<typeof StepMeta>;

export const Progress = z.object({
  report_id: z.string(),
  wizard_data: StoredWizardData,
  completed_steps: z.array(z.string()),
  current_step: z.number(),
  last_saved: z.nullable(z.string()),
  version: z.number(),
  updated_by: z.nullable(z.string()),
  /** each step's own version (what a save sends back in step_versions) */
  step_versions: z.record(z.string(), z.number()),
  steps: z.record(z.string(), StepMeta),
});
export type Progress = z.infer<typeof Progress>;

export const SaveProgressResponse = z.object({
  success: z.literal(true),
  version: z.number(),
  last_saved: z.string(),
  step_versions: z.record(z.string(), z.number()),
  /** steps this request did not write because the same tab had already saved a later version of them */
  superseded: z.array(z.string()),
});
export type SaveProgressResponse = z.infer<typeof SaveProgressResponse>;

// ── "Complete step" as one server operation ────────────────────────────────────────────────────────────

export const StepParams = z.object({ id: uuidField('id'), step: z.enum(WIZARD_STEP_IDS as unknown as [WizardStepId, ...WizardStepId[]], { error: `step must be one of: ${WIZARD_STEP_IDS.join(', ')}` }) });

/** POST /api/reports/{id}/steps/{step}/complete: the step's data as the tab has it, and what it is based on. */
export const CompleteStepBody = z.object({
  /** the step's data (validated with the step's own schema) */
  data: z.unknown(),
  /** the step's version this tab's data is based on; omitted: overwrite */
  version: z.optional(boundedInt('version', 0, 1_000_000_000)),
  changed_fields: z.optional(z.array(z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'changed_fields must name fields of the step'))).check(z.maxLength(40))),
  ...SaveSession,
});
export type CompleteStepBody = z.infer<typeof CompleteStepBody>;

const NeedsConfirmation = z.object({ key: z.string(), title: z.string(), updated_by: z.nullable(z.string()), updated_at: z.nullable(z.string()) });

export const CompleteStepResponse = z.object({
  success: z.literal(true),
  step: z.string(),
  /** the step's version now */
  step_version: z.number(),
  /** the whole progress' version now */
  version: z.number(),
  last_saved: z.string(),
  completed_steps: z.array(z.string()),
  current_step: z.number(),
  /** sections written from the step's data now, and the ones already up to date */
  composed: z.array(z.string()),
  unchanged: z.array(z.string()),
  /** sections edited by hand that differ from what the step composes: not overwritten until the user confirms */
  needs_confirmation: z.array(NeedsConfirmation),
});
export type CompleteStepResponse = z.infer<typeof CompleteStepResponse>;

// ── Setup as one server operation ────────────────────────────────────────────────────────────────────

/**
 * POST /api/wizard/setup: organization + report + initial progress in one transaction. `idempotency_key` names
 * this setup: a retry with the same key answers the same ids and creates nothing twice. With
 * setup.organizationId and setup.reportId (completing setup again) both are updated instead, with the
 * versions the tab holds (organizationVersion, reportVersion): a change made elsewhere since is a 409.
 */
export const SetupBody = z.object({
  idempotency_key: z.string({ error: 'idempotency_key is required' }).check(z.regex(/^[A-Za-z0-9_-]{8,80}$/, 'idempotency_key must be 8 to 80 letters, digits, - or _')),
  setup: SetupData,
  /** the wizard's placeholder report id the evidence added before setup was filed under */
  placeholder_id: z.optional(placeholderRef('placeholder_id')),
  /** the setup step's version this tab holds (completing setup again) */
  step_version: z.optional(boundedInt('step_version', 0, 1_000_000_000)),
  ...SaveSession,
});
export type SetupBody = z.infer<typeof SetupBody>;

export const SetupResponse = z.object({
  success: z.literal(true),
  organization_id: z.string(),
  report_id: z.string(),
  organization_version: z.number(),
  report_version: z.number(),
  /** true when this call created them; false for a retry of a setup already done, or an update */
  created: z.boolean(),
  /** the setup step as stored (ids and versions filled in) */
  setup: SetupData,
  step_version: z.number(),
  version: z.number(),
  last_saved: z.string(),
  /** evidence items moved from the placeholder to the report */
  evidence_moved: z.number(),
});
export type SetupResponse = z.infer<typeof SetupResponse>;

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

const SavedFile = z.object({ id: z.string(), file_name: z.string(), created_at: z.string(), created_by: z.string(), size: z.number() });
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


// ── Pending AI drafts, stored on the server until the consultant accepts or discards them ─────────────

export const DraftParams = z.object({ id: uuidField('id'), step: DraftStepField });

/** A pending draft of one step: what POST …/draft produced, kept until it is accepted or discarded. */
export const PendingDraft = z.object({
  step: z.string(),
  data: z.union([FindingsData, SwotData, RecommendationsData, RoadmapData, ExecutiveSummaryData]),
  provenance_id: z.string(),
  citations_dropped: z.number(),
  provider: z.string(),
  created_at: z.string(),
  created_by: z.string(),
});
export type PendingDraft = z.infer<typeof PendingDraft>;

export const PendingDraftResponse = z.object({ draft: z.nullable(PendingDraft) });

/**
 * POST /api/reports/{id}/drafts/{step}/accept: merges the pending draft into the step's data on the server.
 * `replace` puts the draft in place of the step's items, `append` adds the draft's new items after them;
 * `item_ids` keeps only the chosen items of the draft (all when omitted). `data` and `version` are the step
 * as the tab has it (unsaved changes included); without them the stored step is merged into.
 */
export const AcceptDraftBody = z.object({
  mode: z.enum(['replace', 'append'], { error: "mode must be 'replace' or 'append'" }),
  item_ids: z.optional(z.array(text('item id', 64)).check(z.maxLength(500, 'item_ids may hold at most 500 ids'))),
  data: z.optional(z.unknown()),
  version: z.optional(boundedInt('version', 0, 1_000_000_000)),
  ...SaveSession,
});
export type AcceptDraftBody = z.infer<typeof AcceptDraftBody>;

export const AcceptDraftResponse = z.object({
  success: z.literal(true),
  step: z.string(),
  /** the step's data after the merge, as stored */
  data: z.unknown(),
  step_version: z.number(),
  version: z.number(),
  last_saved: z.string(),
  /** how many of the draft's items were added */
  accepted: z.number(),
});
export type AcceptDraftResponse = z.infer<typeof AcceptDraftResponse>;
