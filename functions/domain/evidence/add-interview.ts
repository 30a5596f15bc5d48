import { ingestText } from './ingest';

/** Interview notes as evidence, analysed like any text. */
export function addInterviewEvidence(ref: string, body: { title: string; content: string; source: string; tags: string[] }, by: string) {
  return ingestText({ ref, type: 'interview', title: body.title, source: body.source, content: body.content, text: body.content, tags: body.tags, by });
}

