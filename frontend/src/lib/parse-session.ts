/**
 * A refreshed session's answer, checked with the shared schema. Loaded by the API client only when a refresh
 * answers (a rare moment), so that no page's start-up builds the schema or loads zod.
 */
import * as z from 'zod/mini';
import { SessionResponse } from '@shared/schemas/auth';

export const parseSession = (body: unknown) => z.parse(SessionResponse, body);
