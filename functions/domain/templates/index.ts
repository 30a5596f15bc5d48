/** The templates area's public API for the other workflows: a client's templates go with the client (organizations). */
export { discardClientTemplates } from './discard';
