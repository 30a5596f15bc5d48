/**
 * The evidence a question is answered from, and conflicts are looked for in: every item of the report that
 * has text, with its full text (inline, or read from S3). Report scope: once the client evidence library
 * exists (functions/domain/evidence/library.ts, issue 25), the client's items join here.
 */
import { listEvidence, readText } from '../../data/evidence-repo';
import type { AskSource } from './retrieve';

export interface ReportSource extends AskSource {
  type: 'file' | 'url' | 'interview';
}

export async function reportSources(reportId: string): Promise<ReportSource[]> {
  const records = (await listEvidence(reportId)).filter((r) => r.text_chars > 0 || r.text !== undefined || r.text_key);
  const out: ReportSource[] = [];
  // a handful at a time: each may be an S3 read
  for (let i = 0; i < records.length; i += 8) {
    const batch = records.slice(i, i + 8);
    const texts = await Promise.all(batch.map((r) => readText(r)));
    batch.forEach((r, j) => {
      if (texts[j]) out.push({ id: r.id, title: r.title, type: r.type, text: texts[j] });
    });
  }
  return out;
}
