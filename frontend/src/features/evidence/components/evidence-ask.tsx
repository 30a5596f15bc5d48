/**
 * The Evidence page's "Ask the evidence" panel: an answer is added to the section chosen (Findings by
 * default), appended to its saved text with its citations, as an AI edit. Items a client-scope answer takes
 * into the report show in the list at once.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ask as t } from '@shared/messages/ask';
import type { AskScope } from '@shared/schemas/ask';
import { SECTION_KEYS, SECTION_TITLES, type SectionKey } from '@shared/schemas/report-document';
import { Select } from '@/components/ui/select';
import { AskPanel, appendAnswer } from '@/features/ask';
import { getSection, saveSection, sectionKeys } from '@/features/sections';
import { useInvalidateEvidence } from '../api/keys';

const OPTIONS = SECTION_KEYS.map((k) => ({ value: k, label: SECTION_TITLES[k] }));

/** `defaultScope`: what the panel asks first (the client library's view asks the library). */
export function EvidenceAsk({ reportId, defaultScope }: { reportId: string; defaultScope?: AskScope }) {
  const id = useId();
  const client = useQueryClient();
  const [key, setKey] = useState<SectionKey>('findings');
  const invalidateEvidence = useInvalidateEvidence();
  return (
    <AskPanel
      reportId={reportId}
      defaultScope={defaultScope}
      onTaken={invalidateEvidence}
      target={{ key, title: SECTION_TITLES[key] }}
      targetPicker={
        <div className="min-w-48 flex-1 space-y-1">
          <label htmlFor={`${id}-section`} className="text-xs font-medium text-slate-700">
            {t.addToLabel}
          </label>
          <Select id={`${id}-section`} value={key} options={OPTIONS} onChange={(e) => setKey(e.target.value as SectionKey)} />
        </div>
      }
      onAdd={async (answer) => {
        const section = await getSection(reportId, key);
        const next = appendAnswer(section.content, section.citations, answer);
        await saveSection(reportId, key, { ...next, version: section.version, source: 'ai' });
        await client.invalidateQueries({ queryKey: sectionKeys.sections(reportId) });
      }}
    />
  );
}
