/**
 * The limits area's public API for the other base areas: the per-username limit of password checks (auth's sign-in),
 * and the emails per recipient per hour (notifications).
 */
export { assertSignInChecksWithinLimit, mailWithinHourlyCap } from './limits';
