/** The ask area's public API for the other content areas: a report's evidence as sources (conflicts reads them). */
export { reportSources } from './sources';
