import { withStatus } from '../../lib/errors';

/** The model answered, but not with what was asked for. */
export class InvalidModelOutputError extends withStatus(502) {}

/** The model could not be reached, or kept refusing (throttled, timed out) after the client's retries. */
export class ModelUnavailableError extends withStatus(503) {}

/** The report's AI token budget is spent: no more model calls for it until the budget is raised. */
export class AiBudgetSpentError extends withStatus(429) {}
