/** The administrators' pages: the users list with deactivation. */
export { UsersPage } from './components/users-page';
