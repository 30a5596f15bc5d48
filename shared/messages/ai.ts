/** The AI routes' error details (drafting jobs, the model, the token budget). */

export const aiDetails = {
  draftNeedsEvidence: 'This report has no analysed evidence yet: add evidence in Data Intake first',
  draftTimedOut: 'The AI draft stopped before it finished; please generate it again',
  draftFailed: 'The AI draft could not be made; please try again',
  draftNotStarted: 'The AI draft could not be started; please try again',
  aiModelUnavailable: (reason: 'throttled' | 'timeout' | 'unavailable' | 'denied' | 'invalid-request') =>
    reason === 'throttled'
      ? 'The AI model is busy (Bedrock is throttling requests); please try again in a minute'
      : reason === 'timeout'
        ? 'The AI model did not answer in time; please try again'
        : reason === 'denied'
          ? 'The AI model refused the request: this deployment has no access to the configured Bedrock model'
          : reason === 'invalid-request'
            ? 'The configured Bedrock model cannot be used (check BEDROCK_MODEL_ID and BEDROCK_REGION)'
            : 'The AI model is unavailable; please try again later',
  aiBudgetSpent: (spent: number, budget: number) =>
    `This report has used ${spent.toLocaleString('en-GB')} of its ${budget.toLocaleString('en-GB')} AI tokens: ask an administrator to raise AI_REPORT_TOKEN_BUDGET, or write the rest by hand`,
} as const;

/**
 * What a draft says when it found nothing for its step: that it found nothing, and what evidence would help. The
 * item it drafts lets the step be completed (and edited), so the user is never left at a step they cannot finish.
 */
export const aiNothingFound = {
  findingStatement:
    'The draft found no finding in the evidence: no passage states a measure with a figure, a trend or a comparison. Evidence that would help: the latest management accounts or board pack (revenue, margin, costs against last year or budget), operating figures against their targets (service levels, waits, backlogs, defects), workforce figures (turnover, vacancies, absence) and interviews with the people who own them.',
  recommendationTitle: 'Review the evidence for problems and openings to act on',
  recommendationRationale:
    'The draft found nothing to recommend: no finding states a problem or an opportunity with a figure to act on. Evidence that would help: figures with a trend or a benchmark (last year, a target, a sector average) for the areas in scope, what customers, competitors and regulators are doing, and the proposals of the people who own each area; with them, draft this step again or write the recommendations by hand.',
  recommendationKpi: 'Findings that state a figure with a trend or a benchmark: at least three before the recommendations are drafted again',
  summary:
    'The draft found too little in the evidence to summarise: no finding states a figure with a trend or a comparison. Evidence that would help: the latest management accounts or board pack, operating figures against their targets, and interviews with the people who own them; with them, draft the findings and this summary again.',
} as const;
