/** The templates feature's public entry: step 10's choice of the firm's or the client's template (issue 24). */
export { TemplatePicker, type TemplateChoice } from './components/template-picker';
export { useTemplates } from './api/list-templates';
