/** The editor feature's public entry. */
export { EditorPage } from './components/editor-page';
