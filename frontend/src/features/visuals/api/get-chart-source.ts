/**
 * The report data charts bind to, parsed the way the server parses it, so the builder's preview draws
 * exactly what the exports will.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { visualRoutes } from '@shared/api/routes/visuals';
import type { ChartSource } from '@shared/domain/report/chart-data';
import { reportBrand, type ChartBrand } from '@shared/domain/report/chart-option';
import { parseWizardData } from '@shared/schemas/wizard';
import { callApi } from '@/lib/api-client';
import { visualKeys } from './keys';

const getChartSource = (reportId: string) => callApi(visualRoutes.getChartSource, { params: { id: reportId } });

/** The report's chartable data and brand, parsed as the server parses it. */
export function useChartSource(reportId: string | undefined): { source: ChartSource | undefined; brand: ChartBrand | undefined; isPending: boolean; error: unknown } {
  const query = useQuery({ queryKey: visualKeys.source(reportId ?? ''), queryFn: () => getChartSource(reportId!), enabled: Boolean(reportId) });
  return useMemo(() => {
    if (!query.data) return { source: undefined, brand: undefined, isPending: query.isPending, error: query.error };
    const data = parseWizardData(query.data.wizard_data).data;
    return { source: { data, evidence: query.data.evidence }, brand: reportBrand(data), isPending: false, error: query.error };
  }, [query.data, query.isPending, query.error]);
}
