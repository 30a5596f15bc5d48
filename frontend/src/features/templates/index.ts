/** The templates feature's public entry: step 10's choice of the firm's or the client's template (issue 24). */
export { TemplatePicker } from './components/template-picker';
