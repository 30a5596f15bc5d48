/**
 * Key builders: the only place that knows how single-table keys are spelled.
 * (DESIGN.md "Data": one table, keys from builders only.)
 */
export const keys = {
  userProfile: (username: string) => ({ PK: `USER#${username}`, SK: 'PROFILE' }),
  userEmail: (email: string) => ({ PK: `EMAIL#${email}`, SK: 'USER' }),
  resetCode: (email: string) => ({ PK: `RESET#${email}`, SK: 'CODE' }),
  loginFailures: (username: string) => ({ PK: `LOGINFAIL#${username}`, SK: 'COUNTER' }),
} as const;

export type ItemKey = { PK: string; SK: string };
