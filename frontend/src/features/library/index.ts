/** The library feature's public entry (a client's evidence library): what other features may use. */
export { useTakeFromLibrary } from './api/take-from-library';
export { DuplicateOfferBanner } from './components/duplicate-offer';
export { LibraryView } from './components/library-view';
