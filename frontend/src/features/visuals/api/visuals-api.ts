/**
 * The visuals' calls and hooks (each typed from its route-table entry), and the report data charts bind to,
 * parsed the way the server parses it, so the builder's preview draws exactly what the exports will.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { BodyInput } from '@shared/api/route-types';
import { visualRoutes } from '@shared/api/routes/visuals';
import type { ChartSource } from '@shared/domain/report/chart-data';
import { reportBrand, type ChartBrand } from '@shared/domain/report/chart-option';
import { appendVisual } from '@shared/domain/report/visual-embeds';
import type { SectionKey } from '@shared/schemas/report-document';
import { parseWizardData } from '@shared/schemas/wizard';
import { ApiError, callApi } from '@/lib/api-client';
import { getSection, saveSection } from '@/features/sections';

export const visualKeys = {
  list: (reportId: string) => ['report', reportId, 'visuals'] as const,
  source: (reportId: string) => ['report', reportId, 'chart-source'] as const,
};

export type CreateVisualInput = BodyInput<typeof visualRoutes.createVisual>;
export type UpdateVisualInput = BodyInput<typeof visualRoutes.updateVisual>;

export const useVisuals = (reportId: string | undefined) =>
  useQuery({
    queryKey: visualKeys.list(reportId ?? ''),
    queryFn: () => callApi(visualRoutes.listVisuals, { params: { id: reportId! } }),
    enabled: Boolean(reportId),
  });

/** The report's chartable data and brand, parsed as the server parses it. */
export function useChartSource(reportId: string | undefined): { source: ChartSource | undefined; brand: ChartBrand | undefined; isPending: boolean; error: unknown } {
  const query = useQuery({
    queryKey: visualKeys.source(reportId ?? ''),
    queryFn: () => callApi(visualRoutes.getChartSource, { params: { id: reportId! } }),
    enabled: Boolean(reportId),
  });
  return useMemo(() => {
    if (!query.data) return { source: undefined, brand: undefined, isPending: query.isPending, error: query.error };
    const data = parseWizardData(query.data.wizard_data).data;
    return { source: { data, evidence: query.data.evidence }, brand: reportBrand(data), isPending: false, error: query.error };
  }, [query.data, query.isPending, query.error]);
}

function useInvalidateVisuals(reportId: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: visualKeys.list(reportId) });
}

export const useCreateVisual = (reportId: string) => {
  const invalidate = useInvalidateVisuals(reportId);
  return useMutation({ mutationFn: (body: CreateVisualInput) => callApi(visualRoutes.createVisual, { params: { id: reportId }, body }), onSettled: invalidate });
};

export const useUpdateVisual = (reportId: string) => {
  const invalidate = useInvalidateVisuals(reportId);
  return useMutation({
    mutationFn: (input: { id: string; body: UpdateVisualInput }) => callApi(visualRoutes.updateVisual, { params: { id: reportId, visual_id: input.id }, body: input.body }),
    onSettled: invalidate,
  });
};

export const useDeleteVisual = (reportId: string) => {
  const invalidate = useInvalidateVisuals(reportId);
  return useMutation({
    mutationFn: (input: { id: string; force: boolean }) => callApi(visualRoutes.deleteVisual, { params: { id: reportId, visual_id: input.id }, query: { force: input.force ? 'true' : 'false' } }),
    onSettled: invalidate,
  });
};

/**
 * Adds `![caption](visual:<id>)` at the end of a section through the section save (with the version read);
 * when someone saved the section in between, reads it again and adds to their version. Returns whether that
 * happened.
 */
export async function insertVisualIntoSection(reportId: string, key: SectionKey, visual: { id: string; caption: string; title: string }): Promise<{ raced: boolean }> {
  for (let attempt = 0; ; attempt++) {
    const section = await getSection(reportId, key);
    const content = appendVisual(section.content, visual.caption || visual.title, visual.id);
    const citations = section.citations.map(({ broken: _b, source_title: _s, ...c }) => c);
    try {
      await saveSection(reportId, key, { content, citations, version: section.version });
      return { raced: attempt > 0 };
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 409 || attempt >= 2) throw error;
    }
  }
}

export const useInsertVisual = (reportId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { key: SectionKey; visual: { id: string; caption: string; title: string } }) => insertVisualIntoSection(reportId, input.key, input.visual),
    onSettled: () => client.invalidateQueries({ queryKey: ['report', reportId] }),
  });
};
