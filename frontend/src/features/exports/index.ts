/** The exports feature's public entry: the export page. */
export { ExportsPage } from './components/exports-page';
