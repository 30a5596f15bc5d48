/** The visuals feature's public entry: the page (the editor draws embedded visuals through ./embedded). */
export { VisualsPage } from './components/visuals-page';
