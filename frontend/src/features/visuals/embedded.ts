/** What the editor needs to draw embedded visuals (without the visuals page itself). */
export { EmbeddedVisual, renderReportVisual } from './components/embedded-visual';
