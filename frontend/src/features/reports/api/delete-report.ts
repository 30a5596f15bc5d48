import { useMutation } from '@tanstack/react-query';
import { reportRoutes } from '@shared/api/routes/reports';
import { callApi } from '@/lib/api-client';

export const deleteReport = (id: string) => callApi(reportRoutes.deleteReport, { params: { id } });

/** Bulk delete: one DELETE per selected id (spec section 7); reports which ones failed. */
export const useDeleteReports = () =>
  useMutation({
    mutationFn: async (ids: string[]) => {
      const results = await Promise.allSettled(ids.map((id) => deleteReport(id)));
      return { deleted: results.filter((r) => r.status === 'fulfilled').length, failed: results.filter((r) => r.status === 'rejected').length };
    },
  });
