import { booleanFlag, csvList, readConfig } from '../../lib/config';

/** Auth settings, validated at cold start. */
export const authConfig = readConfig({
  /** local harness and demos only: forgot-password answers with the code itself */
  DEMO_MODE: booleanFlag(false),
  /** comma-separated; when set, only these email domains may register */
  ALLOWED_EMAIL_DOMAINS: csvList,
});
