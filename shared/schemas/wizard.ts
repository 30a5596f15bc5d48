import * as z from 'zod/mini';
import { WIZARD_STEP_IDS } from '../domain/wizard-steps';
import { requiredString } from './common';
import { reportRef } from './evidence';

const StepId = z.enum(WIZARD_STEP_IDS as unknown as ['setup', ...string[]], { error: `must be one of: ${WIZARD_STEP_IDS.join(', ')}` });

/** wizard_data: one object per step id. Each step's contents are the SPA's; the server keeps them as they are. */
export const WizardData = z.partialRecord(StepId, z.record(z.string(), z.unknown()), {
  error: `wizard_data must be an object whose keys are step ids (${WIZARD_STEP_IDS.join(', ')})`,
});
export type WizardData = z.infer<typeof WizardData>;

export const ReportIdParams = z.object({
  report_id: z.string({ error: 'report_id is required' }).check(z.regex(/^[0-9a-f-]{36}$/i, 'report_id must be a UUID')),
});

/** POST /api/wizard-progress (spec section 7), plus the version the tab last read. */
export const SaveProgressBody = z.object({
  report_id: z.string({ error: 'report_id is required' }).check(z.regex(/^[0-9a-f-]{36}$/i, 'report_id must be a UUID')),
  wizard_data: WizardData,
  completed_steps: z.array(StepId, { error: 'completed_steps must be a list of step ids' }),
  current_step: z.number({ error: 'current_step must be a number' }).check(z.int('current_step must be a whole number'), z.gte(0, 'current_step must be 0 to 9'), z.lte(9, 'current_step must be 0 to 9')),
  last_saved: z.optional(z.string()),
  /** the version this tab loaded (0 when it started the progress); omitted: overwrite (the spec's call) */
  version: z.optional(z.number().check(z.int(), z.gte(0))),
});
export type SaveProgressBody = z.infer<typeof SaveProgressBody>;

export const Progress = z.object({
  report_id: z.string(),
  wizard_data: WizardData,
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
  report_id: z.string().check(z.regex(/^[0-9a-f-]{36}$/i, 'report_id must be a UUID')),
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

/** PUT /api/reports/{id}: the report's own fields, when setup is completed again. */
export const UpdateReportBody = z.object({
  title: requiredString('title', { max: 300, trim: true }),
  owner: requiredString('owner', { max: 200, trim: true }),
  version: z.number({ error: (iss) => (iss.input === undefined ? 'version is required' : 'version must be a number') }),
});
