import { LOGIN_LOCKOUT } from '@shared/constants';

/**
 * Growing lockout: the first `freeFailures` failures cost nothing; each one after that locks the
 * username for twice as long as the one before (30 s, 60 s, 120 s, …), capped at 15 minutes.
 */
export function lockSecondsAfter(failures: number, policy = LOGIN_LOCKOUT): number {
  if (failures < policy.freeFailures) return 0;
  const step = failures - policy.freeFailures;
  return Math.min(policy.baseSeconds * 2 ** Math.min(step, 30), policy.maxSeconds);
}
