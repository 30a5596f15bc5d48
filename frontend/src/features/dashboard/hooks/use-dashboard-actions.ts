import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { nextStatus } from '@shared/domain/options';
import { dashboardTexts } from '@shared/messages/dashboard';
import type { Report } from '@shared/schemas/reports';
import { ApiError } from '@/lib/api-client';
import { organizationKeys } from '@/features/organizations';
import { deleteReport, reportKeys, useDeleteReports, useUpdateReportStatus } from '@/features/reports';
import { getReviews } from '@/features/reviews/queries';

const t = dashboardTexts;
const detailOf = (error: unknown) => (error instanceof ApiError ? error.detail : undefined);

/** Reloads both lists, as the spec asks after every change. */
export function useReloadLists() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reportKeys.all }),
        queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
      ]),
    [queryClient],
  );
}

/** Status cycling and deletes, with the spec's confirmations and toasts. */
export function useReportActions() {
  const reload = useReloadLists();
  const statusCall = useUpdateReportStatus();
  const bulkDelete = useDeleteReports();

  // a report that cannot become Final for want of approvals: the dialog that says why
  const [finalBlocked, setFinalBlocked] = useState<Report | null>(null);

  const cycleStatus = useCallback(
    (report: Report) => {
      const status = nextStatus(report.status);
      statusCall.mutate(
        { id: report.id, status, version: report.version },
        {
          onSuccess: () => toast.success(t.toasts.statusUpdated(status)),
          onError: (error) => {
            const conflict = error instanceof ApiError && error.status === 409;
            // a stale card (someone else changed the report): say so; the reload shows the newer state
            const failed = () => toast.error(t.toasts.statusFailed, { description: conflict ? detailOf(error) : undefined });
            if (!conflict || status !== 'Final') return failed();
            // Final refused for want of approvals: say which sections and offer to request them (no toast)
            void getReviews(report.id)
              .then((reviews) => (reviews.final_ready ? failed() : setFinalBlocked(report)))
              .catch(failed);
          },
          onSettled: () => void reload(),
        },
      );
    },
    [statusCall, reload],
  );

  /** A lead sets Final without every approval, with a reason (recorded). True when it was set. */
  const overrideFinal = useCallback(
    async (reason: string): Promise<boolean> => {
      const report = finalBlocked;
      if (!report) return false;
      try {
        await statusCall.mutateAsync({ id: report.id, status: 'Final', version: report.version, override_reason: reason });
        toast.success(t.toasts.statusUpdated('Final'));
        return true;
      } catch (error) {
        toast.error(t.toasts.statusFailed, { description: detailOf(error) });
        return false;
      } finally {
        void reload();
      }
    },
    [finalBlocked, statusCall, reload],
  );

  const deleteOne = useCallback(
    async (report: Report): Promise<boolean> => {
      if (!window.confirm(t.confirm.deleteReport)) return false;
      try {
        await deleteReport(report.id);
        toast.success(t.toasts.reportDeleted);
        return true;
      } catch {
        toast.error(t.toasts.reportDeleteFailed);
        return false;
      } finally {
        void reload();
      }
    },
    [reload],
  );

  const deleteMany = useCallback(
    async (ids: string[]): Promise<boolean> => {
      if (ids.length === 0) {
        toast.error(t.toasts.noneSelected);
        return false;
      }
      if (!window.confirm(t.confirm.deleteReports(ids.length))) return false;
      try {
        const { deleted, failed } = await bulkDelete.mutateAsync(ids);
        if (failed > 0) toast.error(t.toasts.bulkDeleteFailed);
        else toast.success(t.toasts.bulkDeleted(deleted));
        return failed === 0;
      } finally {
        void reload();
      }
    },
    [bulkDelete, reload],
  );

  return {
    cycleStatus,
    deleteOne,
    deleteMany,
    statusPending: statusCall.isPending,
    deleting: bulkDelete.isPending,
    finalBlocked,
    closeFinalBlocked: () => setFinalBlocked(null),
    overrideFinal,
  };
}
