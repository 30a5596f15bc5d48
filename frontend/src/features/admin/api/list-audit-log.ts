import { useInfiniteQuery } from '@tanstack/react-query';
import { adminRoutes } from '@shared/api/routes/admin';
import type { AuditLogCsvQuery } from '@shared/schemas/audit';
import { callApi } from '@/lib/api-client';

export type AuditFilters = Partial<Record<keyof AuditLogCsvQuery, string>>;

const auditLogKeys = { list: (filters: AuditFilters) => ['admin', 'audit', filters] as const };

const PAGE = 50;

const listAuditLog = (filters: AuditFilters, cursor: string | undefined, signal?: AbortSignal) =>
  callApi(adminRoutes.listAuditLog, { query: { ...filters, action: filters.action as AuditLogCsvQuery['action'], limit: String(PAGE), cursor }, signal });

/** The firm-wide audit log with these filters, newest first, a page at a time (administrators only: anyone else gets 403). */
export const useAuditLogPages = (filters: AuditFilters) =>
  useInfiniteQuery({
    queryKey: auditLogKeys.list(filters),
    queryFn: ({ pageParam, signal }) => listAuditLog(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    retry: false,
  });
