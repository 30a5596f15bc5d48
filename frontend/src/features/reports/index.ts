/** The reports feature's public entry: the report calls and the pieces that show a report, for every page. */
export { deleteReport, useDeleteReports } from './api/delete-report';
export { getReport, useReport } from './api/get-report';
export { reportOrderKey, useReportOrder } from './api/get-report-order';
export { reportKeys, useRecentReports, useReportPages } from './api/list-reports';
export { useSaveReportOrder } from './api/save-report-order';
export { useUpdateReportStatus } from './api/update-report-status';
export { ReportPicker } from './components/report-picker';
export { StatusBadge, StatusButton } from './components/status-badge';
export { useReassessReport } from './api/reassess-report';
export { BenchmarkPanel } from './components/benchmark-panel';
export { useBenchmark } from './api/get-benchmark';
export { FinalBanner } from './components/final-banner';
