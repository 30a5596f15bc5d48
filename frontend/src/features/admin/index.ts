/** The administrators' pages: the users list with deactivation, and the firm-wide audit log. */
export { UsersPage } from './components/users-page';
export { AuditPage } from './components/audit-page';
