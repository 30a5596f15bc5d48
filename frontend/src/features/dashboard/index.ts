/** The dashboard feature's public entry: what other features may use. */
export { useReportPages } from './api/list-reports';
export { getOrganization } from './api/get-organization';
export { deleteOrganization } from './api/delete-organization';
export { ReportPicker } from './components/report-picker';
export { StatusBadge } from './components/status-badge';
export { formatDate } from './lib/format';
