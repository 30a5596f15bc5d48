import type { AskResponse } from '@shared/schemas/ask';
import type { Citation } from '@shared/schemas/report-document';

/** A section's text and citations with an answer added as a new paragraph (its citations kept once). */
export function appendAnswer(content: string, citations: readonly Citation[], answer: Pick<AskResponse, 'markdown' | 'citations'>): { content: string; citations: Citation[] } {
  const text = content.trimEnd();
  return {
    content: text ? `${text}\n\n${answer.markdown}` : answer.markdown,
    citations: [...citations, ...answer.citations.filter((a) => !citations.some((c) => c.id === a.id))],
  };
}
