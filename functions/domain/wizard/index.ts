/** The wizard area's public API for the other workflows: storing steps and the setup's ids (reports' reassessment copies a report with them). */
export { setupId } from './complete-setup';
export { PartFailedError, storeSteps } from './store-steps';
