/** The activity feature's public entry: a report's activity feed. */
export { activityKey } from './api/list-activity';
export { ActivityPanel } from './components/activity-panel';
