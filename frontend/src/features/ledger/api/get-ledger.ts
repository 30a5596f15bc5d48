import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ledgerRoutes } from '@shared/api/routes/ledger';
import { callApi } from '@/lib/api-client';
import { ledgerKey } from './keys';

const PENDING_POLL_MS = 2_000;

const getLedger = (reportId: string) => callApi(ledgerRoutes.getLedger, { params: { id: reportId } });

/** The report's claim ledger: every figure with its support, the disagreements, the waivers and the counts. */
export const useLedger = (reportId: string | undefined) =>
  useQuery({
    queryKey: ledgerKey(reportId ?? ''),
    queryFn: () => getLedger(reportId!),
    enabled: Boolean(reportId),
    // sections still being computed: asked again until none is left
    refetchInterval: (query) => (query.state.data?.pending.length ? PENDING_POLL_MS : false),
  });

/**
 * The figures after the first page, a page at a time from the first page's cursor: asked for only once the
 * reader wants more (`enabled`), so the first page is read once.
 */
export const useLedgerMore = (reportId: string, cursor: string | null, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: [...ledgerKey(reportId), 'more', cursor ?? ''] as const,
    queryFn: ({ pageParam }) => callApi(ledgerRoutes.getLedger, { params: { id: reportId }, query: { cursor: pageParam } }),
    initialPageParam: cursor ?? '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: enabled && Boolean(cursor),
  });
