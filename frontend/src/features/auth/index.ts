/** The auth feature's public entry: what other features may use (the sign-in screens are routes of their own). */
export { useSession } from './hooks/use-session';
