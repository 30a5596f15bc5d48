import { listEvidence, readText } from '../../../data/evidence-repo';
import { joinParagraphs } from '../port/analysis-provider';
import { getContextWriter } from '../providers/views';
import type { RequestContext } from '../../../lib/middleware/types';
import { assertReportRef } from '../../access/report-ref';

/** Each piece of evidence contributes at most this much text to the draft (its insights are ranked first). */
const EVIDENCE_TEXT_CHARS = 60_000;
const MAX_EVIDENCE = 40;

/**
 * POST /api/ai/generate-context: a draft business context from the organization's details and the report's
 * analysed evidence; each paragraph says which evidence it draws on.
 */
export async function generateContext(request: RequestContext, body: { company_name: string; sector: string; geography: string; report_id: string }) {
  assertReportRef(request, body.report_id);
  const records = (await listEvidence(body.report_id)).filter((r) => r.status === 'analyzed').slice(0, MAX_EVIDENCE);
  const evidence = await Promise.all(
    records.map(async (r) => ({ id: r.id, title: r.title, text: (await readText(r)).slice(0, EVIDENCE_TEXT_CHARS), insights: r.aiInsights })),
  );
  const context = await getContextWriter().generateContext({
    organization: { name: body.company_name, ...(body.sector ? { sector: body.sector } : {}), ...(body.geography ? { geography: body.geography } : {}) },
    evidence,
  });
  return { success: true as const, generated_content: joinParagraphs(context), paragraphs: context.paragraphs };
}
