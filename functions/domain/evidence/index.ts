/**
 * The evidence area's public API for the other content areas: what the library does with a client's items
 * (where a citation uses one, taking one out of a report, deleting it with its files, the fingerprint that
 * finds its duplicates).
 */
export { placesCiting } from './citation-usage';
export { deleteItemAndFiles, removeFromReport } from './delete-evidence';
export { fingerprint } from './evidence-home';
