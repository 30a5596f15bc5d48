/**
 * The report document's calls and their query hooks, shared by the wizard, the editor, the visuals and the
 * exports (each call typed from its route-table entry).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyInput } from '@shared/api/route-types';
import { aiRoutes } from '@shared/api/routes/ai';
import { evidenceRoutes } from '@shared/api/routes/evidence';
import { sectionRoutes } from '@shared/api/routes/sections';
import type { DraftStep, SectionKey } from '@shared/schemas/report-document';
import { callApi } from '@/lib/api-client';

export const reportKeys = {
  sections: (reportId: string) => ['report', reportId, 'sections'] as const,
  section: (reportId: string, key: string) => ['report', reportId, 'sections', key] as const,
  versions: (reportId: string, key: string) => ['report', reportId, 'versions', key] as const,
  consistency: (reportId: string) => ['report', reportId, 'consistency'] as const,
  provenance: (reportId: string) => ['report', reportId, 'provenance'] as const,
  usage: (reportId: string, evidenceId: string) => ['report', reportId, 'usage', evidenceId] as const,
};

export const listSections = (reportId: string) => callApi(sectionRoutes.listSections, { params: { id: reportId } });
export const useSections = (reportId: string | undefined) =>
  useQuery({ queryKey: reportKeys.sections(reportId ?? ''), queryFn: () => listSections(reportId!), enabled: Boolean(reportId) });

export const saveSection = (reportId: string, key: SectionKey, body: BodyInput<typeof sectionRoutes.saveSection>) =>
  callApi(sectionRoutes.saveSection, { params: { id: reportId, key }, body });

export const composeSections = (reportId: string, body: BodyInput<typeof sectionRoutes.composeSections>) =>
  callApi(sectionRoutes.composeSections, { params: { id: reportId }, body });

export const listSectionVersions = (reportId: string, key: SectionKey) => callApi(sectionRoutes.listSectionVersions, { params: { id: reportId, key } });
export const getSectionVersion = (reportId: string, key: SectionKey, version: number) =>
  callApi(sectionRoutes.getSectionVersion, { params: { id: reportId, key, version: String(version) } });
export const restoreSectionVersion = (reportId: string, key: SectionKey, version: number, current: number) =>
  callApi(sectionRoutes.restoreSectionVersion, { params: { id: reportId, key, version: String(version) }, body: { version: current } });

export const useConsistency = (reportId: string | undefined) =>
  useQuery({
    queryKey: reportKeys.consistency(reportId ?? ''),
    queryFn: () => callApi(sectionRoutes.getConsistency, { params: { id: reportId! } }),
    enabled: Boolean(reportId),
  });

export const draftStep = (reportId: string, step: DraftStep) => callApi(aiRoutes.draftStep, { params: { id: reportId }, body: { step } });
export const useDraftStep = (reportId: string | null) => useMutation({ mutationFn: (step: DraftStep) => draftStep(reportId!, step) });

export const citationUsage = (reportId: string, evidenceId: string) => callApi(evidenceRoutes.getCitationUsage, { params: { id: reportId, evidence_id: evidenceId } });

export const useProvenance = (reportId: string | undefined) =>
  useQuery({ queryKey: reportKeys.provenance(reportId ?? ''), queryFn: () => callApi(aiRoutes.listProvenance, { params: { id: reportId! }, query: {} }), enabled: Boolean(reportId) });

/** Invalidates everything the report document's pages show (after a compose or a section save). */
export function useInvalidateReport() {
  const client = useQueryClient();
  return (reportId: string) => client.invalidateQueries({ queryKey: ['report', reportId] });
}
