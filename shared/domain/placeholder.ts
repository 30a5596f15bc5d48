/**
 * Before setup has created the report, the wizard files evidence under a placeholder report id:
 * `temp-` followed by a UUID it generates (spec section 7: "a temporary placeholder is sent as report_id").
 */
const PLACEHOLDER_PREFIX = 'temp-';
export const isPlaceholder = (ref: string): boolean => ref.toLowerCase().startsWith(PLACEHOLDER_PREFIX);
