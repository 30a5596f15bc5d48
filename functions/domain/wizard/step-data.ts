import * as z from 'zod/mini';
import type { WizardStepId } from '@shared/domain/wizard-steps';
import { formatZodError } from '@shared/schemas/common';
import { STEP_DATA_SCHEMAS } from '@shared/schemas/wizard';
import { BadRequestError } from '../../lib/errors';

/** A step's data parsed with its own schema; a 400 that says what is wrong otherwise. */
export function parseStepData(step: WizardStepId, data: unknown, where = 'data'): Record<string, unknown> {
  const parsed = z.safeParse(STEP_DATA_SCHEMAS[step], data ?? {});
  if (!parsed.success) throw new BadRequestError(formatZodError(parsed.error, where));
  return parsed.data;
}
