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
