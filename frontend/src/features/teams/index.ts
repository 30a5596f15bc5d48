/** The teams feature's public entry: a client's Team panel, and the lock badge of a confidential client. */
export { TeamPanel } from './components/team-panel';
export { ConfidentialBadge } from './components/confidential-badge';
