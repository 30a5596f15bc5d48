/**
 * What other areas use of the templates: a deleted client's own templates discarded with it. Only discard.ts is
 * reached from here, so a function that deletes a client does not bundle the upload, check and preview code.
 */
export { discardClientTemplates } from './discard';
