/** The templates feature's public entry: step 10's choice of the firm's or the client's template. */
export { TemplatePicker } from './components/template-picker';
