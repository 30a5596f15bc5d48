import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appendVisual } from '@shared/domain/report/visual-embeds';
import type { SectionKey } from '@shared/schemas/report-document';
import { ApiError } from '@/lib/api-client';
import { getSection, saveSection } from '@/features/sections';

/**
 * Adds `![caption](visual:<id>)` at the end of a section through the section save (with the version read);
 * when someone saved the section in between, reads it again and adds to their version. Returns whether that
 * happened.
 */
async function insertVisualIntoSection(reportId: string, key: SectionKey, visual: { id: string; caption: string; title: string }): Promise<{ raced: boolean }> {
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
