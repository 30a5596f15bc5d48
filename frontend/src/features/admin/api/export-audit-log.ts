import { useMutation } from '@tanstack/react-query';
import { adminRoutes } from '@shared/api/routes/admin';
import type { AuditLogCsvQuery } from '@shared/schemas/audit';
import { callApiFile } from '@/lib/api-client';
import type { AuditFilters } from './list-audit-log';

const exportAuditLog = (filters: AuditFilters) => callApiFile(adminRoutes.exportAuditLog, { query: { ...filters, action: filters.action as AuditLogCsvQuery['action'] } });

/** The audit log with these filters as CSV, saved by the browser as assay-audit-<date>.csv. */
export function useExportAuditLog() {
  return useMutation({
    mutationFn: async (filters: AuditFilters) => {
      const file = await exportAuditLog(filters);
      const url = URL.createObjectURL(file);
      const link = document.createElement('a');
      link.href = url;
      link.download = `assay-audit-${new Date().toISOString().slice(0, 10)}.csv`;
      document.body.append(link);
      link.click();
      link.remove();
      // the download has its own copy once it started
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    },
  });
}
