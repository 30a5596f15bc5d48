import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { SECTION_KEYS } from '@shared/schemas/report-document';
import { tableClient } from '../helpers/emulator-clients';
import { docxBytes, pdfBytes } from '../helpers/evidence-fixtures';
import { fileUser } from '../helpers/file-user';

const stack = inject('stack');
const gw = stack.urls.gateway;
const db = tableClient(stack);

const { me, api } = fileUser(gw, 'document', { name: 'Doc Org', sector: 'retail', geography: 'UK' });
const newReport = async (title = `Doc ${randomUUID().slice(0, 6)}`) =>
  (await api('POST', '/api/reports', { title, organization_id: me.orgId, owner: 'Ann Lee' })).body.id as string;

const FINANCE = [
  'Revenue grew 12% to 480 million in fiscal 2025 while EBITDA margin improved to 18%.',
  'Customer churn rose to 9% in the SME segment after the price increase.',
];
const OPERATIONS = ['Warehouse automation cut order cycle time by 30% and staff turnover fell to 11%.', 'Two new competitors entered the UK market in 2025.'];

async function upload(ref: string, name: string, bytes: Uint8Array) {
  const form = new FormData();
  form.set('file', new Blob([bytes]), name);
  form.set('report_id', ref);
  form.set('storage_type', 'local');
  const res = await fetch(`${gw}/api/files/upload`, { method: 'POST', headers: { authorization: `Bearer ${me.token}` }, body: form });
  const body = (await res.json()) as any;
  if (res.status !== 200) throw new Error(`upload failed: ${res.status} ${JSON.stringify(body)}`);
  return body.evidence as { id: string; title: string };
}

/** A citation of `needle` in the evidence's stored text, as the SPA builds one. */
async function citeText(reportId: string, evidenceId: string, needle: string, id = `c${randomUUID().slice(0, 8)}`) {
  const item = await api('GET', `/api/reports/${reportId}/evidence/${evidenceId}`);
  const text = item.body.textContent as string;
  const start = text.indexOf(needle);
  if (start < 0) throw new Error(`"${needle}" not in the evidence text`);
  return { id, evidence_id: evidenceId, start, end: start + needle.length, quote: needle };
}

/** A report with a PDF and a DOCX, analysed. */
async function reportWithEvidence() {
  const reportId = await newReport();
  const pdf = await upload(reportId, 'annual.pdf', await pdfBytes([FINANCE]));
  const docx = await upload(reportId, 'operations.docx', await docxBytes(OPERATIONS));
  return { reportId, pdf, docx };
}

describe('sections', () => {
  it('lists the nine sections in report order, never written at version 0', async () => {
    // Prepare
    const reportId = await newReport();
    // Act
    const res = await api('GET', `/api/reports/${reportId}/sections`);
    // Assess
    expect(res.status).toBe(200);
    expect(res.body.items.map((s: any) => s.key)).toEqual([...SECTION_KEYS]);
    expect(res.body.items[0]).toMatchObject({ title: 'Executive Summary', content: '', version: 0, origin: null, completeness: 0 });
  });

  it('saves a section with a verified citation, computes completeness and marks the source', async () => {
    // Prepare
    const { reportId, pdf } = await reportWithEvidence();
    const citation = await citeText(reportId, pdf.id, 'EBITDA margin improved to 18%');
    const content = `Margins recovered strongly over the year. [@${citation.id}] ${'The board expects the trend to continue. '.repeat(5)}`;
    // Act
    const saved = await api('PUT', `/api/reports/${reportId}/sections/findings`, { content, citations: [citation], version: 0 });
    const read = await api('GET', `/api/reports/${reportId}/sections/findings`);
    // Assess
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ key: 'findings', version: 1, origin: 'edited', updated_by: me.username, ai_drafted: false });
    expect(saved.body.completeness).toBeCloseTo(content.length / 10, 5);
    expect(read.body.citations).toEqual([{ ...citation, source_title: 'annual.pdf' }]);
  });

  it('refuses a citation whose quote is not the evidence text from start to end, naming it', async () => {
    // Prepare
    const { reportId, pdf } = await reportWithEvidence();
    const good = await citeText(reportId, pdf.id, 'Customer churn rose to 9%', 'churn');
    const offByOne = { ...good, id: 'shifted', start: good.start + 1, end: good.end + 1 };
    const forged = { ...good, id: 'forged', quote: 'Customer churn fell to 2%' };
    const elsewhere = { ...good, id: 'nowhere', evidence_id: randomUUID() };
    // Act
    const answers = await Promise.all(
      [offByOne, forged, elsewhere].map((c) => api('PUT', `/api/reports/${reportId}/sections/findings`, { content: `Claim [@${c.id}]`, citations: [c], version: 0 })),
    );
    const unknownMark = await api('PUT', `/api/reports/${reportId}/sections/findings`, { content: 'Claim [@missing]', citations: [], version: 0 });
    // Assess
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400]);
    expect(answers[0]!.body.detail).toBe('citation shifted: the quote is not the evidence text from start to end');
    expect(answers[1]!.body.detail).toMatch(/citation forged/);
    expect(answers[2]!.body.detail).toBe('citation nowhere cites evidence that does not exist in this report');
    expect(unknownMark.status).toBe(400);
    expect(unknownMark.body.detail).toMatch(/\[@missing\]/);
    expect((await api('GET', `/api/reports/${reportId}/sections/findings`)).body.version).toBe(0);
  });

  it('verifies a citation deep inside evidence text kept in S3', async () => {
    // Prepare: a 120 KB text file (text over 64 KB is stored in S3, not in the item)
    const reportId = await newReport();
    const filler = 'Regional sales were broadly flat across the network this quarter. '.repeat(1_800);
    const needle = 'Night-shift picking errors fell by 41% after the scanner rollout.';
    const file = await upload(reportId, 'long-notes.txt', new TextEncoder().encode(`${filler}${needle}\n`));
    const citation = await citeText(reportId, file.id, needle, 'deep1');
    const tampered = { ...citation, id: 'deep2', quote: needle.replace('41%', '14%') };
    // Act
    const ok = await api('PUT', `/api/reports/${reportId}/sections/findings`, { content: 'Errors fell [@deep1].', citations: [citation], version: 0 });
    const bad = await api('PUT', `/api/reports/${reportId}/sections/findings`, { content: 'Errors fell [@deep2].', citations: [tampered], version: 1 });
    // Assess
    expect(citation.start).toBeGreaterThan(64 * 1024);
    expect(ok.status).toBe(200);
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('citation deep2: the quote is not the evidence text from start to end');
  });

  it('gives two writers of one section one 200 and one 409, and keeps the winner’s text', async () => {
    // Prepare
    const reportId = await newReport();
    await api('PUT', `/api/reports/${reportId}/sections/conclusion`, { content: 'First draft', citations: [], version: 0 });
    // Act
    const [a, b] = await Promise.all([
      api('PUT', `/api/reports/${reportId}/sections/conclusion`, { content: 'Writer A', citations: [], version: 1 }),
      api('PUT', `/api/reports/${reportId}/sections/conclusion`, { content: 'Writer B', citations: [], version: 1 }),
    ]);
    // Assess
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    const winner = a.status === 200 ? a : b;
    expect(loser.body.detail).toMatch(/saved by .* \(version 2\) after you opened it/);
    expect((await api('GET', `/api/reports/${reportId}/sections/conclusion`)).body.content).toBe(winner.body.content);
  });

  it('writers of different sections never conflict', async () => {
    const reportId = await newReport();
    const answers = await Promise.all(SECTION_KEYS.map((key) => api('PUT', `/api/reports/${reportId}/sections/${key}`, { content: `Text of ${key}`, citations: [], version: 0 })));
    expect(answers.map((a) => a.status)).toEqual(SECTION_KEYS.map(() => 200));
  });

  it('lists history, reads one version and restores it as a new version', async () => {
    // Prepare
    const reportId = await newReport();
    for (const [v, text] of ['one', 'two', 'three'].entries()) {
      await api('PUT', `/api/reports/${reportId}/sections/introduction`, { content: `Version ${text}`, citations: [], version: v });
    }
    // Act
    const history = await api('GET', `/api/reports/${reportId}/sections/introduction/versions`);
    const second = await api('GET', `/api/reports/${reportId}/sections/introduction/versions/2`);
    const stale = await api('POST', `/api/reports/${reportId}/sections/introduction/versions/1/restore`, { version: 2 });
    const restored = await api('POST', `/api/reports/${reportId}/sections/introduction/versions/1/restore`, { version: 3 });
    // Assess
    expect(history.body.items.map((v: any) => v.version)).toEqual([3, 2, 1]);
    expect(history.body.items[0]).toMatchObject({ updated_by: me.username, origin: 'edited', note: 'edited', chars: 'Version three'.length });
    expect(second.body).toMatchObject({ version: 2, content: 'Version two' });
    expect(stale.status).toBe(409);
    expect(restored.body).toMatchObject({ version: 4, content: 'Version one' });
    const after = await api('GET', `/api/reports/${reportId}/sections/introduction/versions`);
    expect(after.body.items[0]).toMatchObject({ version: 4, note: 'restored from version 1' });
    expect((await api('GET', `/api/reports/${reportId}/sections/introduction/versions/9`)).status).toBe(404);
    expect((await api('GET', `/api/reports/${reportId}/sections/introduction/versions/0`)).status).toBe(400);
  });

  it('keeps a section larger than a DynamoDB item in S3 and reads it back whole', async () => {
    // Prepare: 190,000 characters of three-byte text (570 KB) and 120 citations
    const { reportId, pdf } = await reportWithEvidence();
    const base = await citeText(reportId, pdf.id, 'Revenue grew 12% to 480 million');
    const citations = Array.from({ length: 120 }, (_, i) => ({ ...base, id: `big${i}` }));
    const content = `${'増収増益。'.repeat(37_000)}${citations.map((c) => `[@${c.id}]`).join(' ')}`;
    // Act
    const saved = await api('PUT', `/api/reports/${reportId}/sections/appendices`, { content, citations, version: 0 });
    const item = await db.send(new GetCommand({ TableName: stack.tableName, Key: { PK: `REPORT#${reportId}`, SK: 'SECTION#appendices' } }));
    const read = await api('GET', `/api/reports/${reportId}/sections/appendices`);
    // Assess
    expect(saved.status).toBe(200);
    expect(item.Item?.content).toBeUndefined();
    expect(item.Item?.body_key).toBe(`reports/${reportId}/sections/appendices/v1.json`);
    expect(read.body.content === content).toBe(true);
    expect(read.body.citations).toHaveLength(120);
    expect(read.body.completeness).toBe(100);
  });

  it('refuses bad input with a clear 400: unknown section, markdown nested too deep, wrong types', async () => {
    const reportId = await newReport();
    const unknown = await api('PUT', `/api/reports/${reportId}/sections/preface`, { content: 'x', citations: [], version: 0 });
    const deep = await api('PUT', `/api/reports/${reportId}/sections/findings`, { content: `${'>'.repeat(500)} deep`, citations: [], version: 0 });
    const typed = await api('PUT', `/api/reports/${reportId}/sections/findings`, { content: 42, citations: 'none', version: 1e300 });
    const missing = await api('GET', `/api/reports/${randomUUID()}/sections`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toMatch(/section must be one of/);
    expect(deep.status).toBe(400);
    expect(deep.body.detail).toBe('content nests lists or quotes more than 40 levels deep');
    expect(typed.status).toBe(400);
    expect(typed.body.detail).toMatch(/content must be a string/);
    expect(typed.body.detail).toMatch(/version must be at most/);
    expect(missing.status).toBe(404);
  });
});

describe('compose', () => {
  const stepData = (pdfCitation: Record<string, unknown>) => ({
    objectives: { purpose: 'Assess the operating model ahead of the 2026 budget.', inScope: 'UK retail', outOfScope: 'Overseas', methodology: 'Interviews and analysis' },
    findings: {
      dimensions: [],
      findings: [{ id: 'f1', statement: 'Margins recovered in 2025.', dimension: 'Financial Performance', impact: 'high', metric: { name: 'EBITDA margin', value: 18, unit: '%', period: 'FY2025' }, citations: [pdfCitation] }],
    },
    recommendations: {
      items: [{ id: 'r1', title: 'Protect the margin', rationale: 'Keep pricing discipline.', priority: 'high', impact: 4, effort: 2, finding_ids: ['f1'], owner: 'CFO', kpi: 'EBITDA ≥ 18%' }],
    },
  });

  it('writes sections from the step data, then asks before overwriting one edited by hand', async () => {
    // Prepare
    const { reportId, pdf } = await reportWithEvidence();
    const citation = await citeText(reportId, pdf.id, 'EBITDA margin improved to 18%', 'cf1');
    const saved = await api('POST', '/api/wizard-progress', { report_id: reportId, wizard_data: stepData(citation), completed_steps: ['objectives', 'findings'], current_step: 5, version: 0 });
    expect(saved.status).toBe(200);
    // Act
    const first = await api('POST', `/api/reports/${reportId}/compose`, {});
    const again = await api('POST', `/api/reports/${reportId}/compose`, {});
    const findings = first.body.sections.find((s: any) => s.key === 'findings');
    await api('PUT', `/api/reports/${reportId}/sections/findings`, { content: `${findings.content}\n\nMy own note.`, citations: findings.citations, version: findings.version });
    const asks = await api('POST', `/api/reports/${reportId}/compose`, { keys: ['findings', 'recommendations'] });
    const confirmed = await api('POST', `/api/reports/${reportId}/compose`, { keys: ['findings'], overwrite: ['findings'] });
    // Assess
    expect(first.status).toBe(200);
    expect(first.body.composed).toEqual(expect.arrayContaining(['introduction', 'findings', 'recommendations', 'conclusion', 'appendices']));
    expect(findings).toMatchObject({ origin: 'composed', version: 1 });
    expect(findings.content).toContain('### Margins recovered in 2025 (F1, high impact)\n\nEBITDA margin: 18% (FY2025). [@cf1]');
    expect(findings.citations).toEqual([{ ...citation, source_title: 'annual.pdf' }]);
    expect(again.body.composed).toEqual([]);
    expect(asks.body.needs_confirmation).toEqual([expect.objectContaining({ key: 'findings', title: 'Findings & Analysis', updated_by: me.username })]);
    expect(asks.body.unchanged).toEqual(['recommendations']);
    expect(confirmed.body.composed).toEqual(['findings']);
    expect(confirmed.body.sections.find((s: any) => s.key === 'findings')).toMatchObject({ origin: 'composed', version: 3 });
  });

  it('refuses progress that carries a forged citation, and keeps the stored progress', async () => {
    const { reportId, pdf } = await reportWithEvidence();
    const citation = await citeText(reportId, pdf.id, 'EBITDA margin improved to 18%', 'cf1');
    const forged = { ...citation, quote: 'EBITDA margin improved to 81%' };
    const res = await api('POST', '/api/wizard-progress', { report_id: reportId, wizard_data: stepData(forged), completed_steps: [], current_step: 4, version: 0 });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('citation cf1: the quote is not the evidence text from start to end');
    expect((await api('GET', `/api/wizard-progress/${reportId}`)).body.version).toBe(0);
  });
});

describe('consistency and deleted evidence', () => {
  it('names the recommendation that addresses nothing, and clears when it is linked', async () => {
    // Prepare
    const { reportId, pdf } = await reportWithEvidence();
    const citation = await citeText(reportId, pdf.id, 'Customer churn rose to 9%', 'churn1');
    const data = {
      findings: { findings: [{ id: 'f1', statement: 'Churn is rising.', dimension: 'Market & Customers', impact: 'high', citations: [citation] }] },
      recommendations: { items: [{ id: 'r1', title: 'Launch a retention programme', priority: 'medium', impact: 3, effort: 3 }] },
    };
    await api('POST', '/api/wizard-progress', { report_id: reportId, wizard_data: data, completed_steps: [], current_step: 6, version: 0 });
    // Act
    const before = await api('GET', `/api/reports/${reportId}/consistency`);
    data.recommendations.items[0] = { ...data.recommendations.items[0]!, finding_ids: ['f1'] } as never;
    await api('POST', '/api/wizard-progress', { report_id: reportId, wizard_data: data, completed_steps: [], current_step: 6, version: 1 });
    const after = await api('GET', `/api/reports/${reportId}/consistency`);
    // Assess
    expect(before.status).toBe(200);
    const unlinked = before.body.issues.find((i: any) => i.rule === 'recommendation-addresses-nothing');
    expect(unlinked.message).toBe('R1 “Launch a retention programme” addresses no finding, weakness or threat');
    expect(unlinked.items).toEqual([{ kind: 'recommendation', id: 'r1', label: 'R1 “Launch a retention programme”', step: 'recommendations' }]);
    expect(after.body.issues.map((i: any) => i.rule)).not.toContain('recommendation-addresses-nothing');
    expect(after.body.rules_checked).toBe(7);
  });

  it('a cited evidence item, once deleted, leaves broken-citation marks everywhere, never a 500', async () => {
    // Prepare
    const { reportId, pdf } = await reportWithEvidence();
    const citation = await citeText(reportId, pdf.id, 'Customer churn rose to 9%', 'churn2');
    await api('POST', '/api/wizard-progress', {
      report_id: reportId,
      wizard_data: { findings: { findings: [{ id: 'f1', statement: 'Churn is rising.', dimension: 'Market & Customers', impact: 'high', citations: [citation] }] } },
      completed_steps: [],
      current_step: 4,
      version: 0,
    });
    await api('PUT', `/api/reports/${reportId}/sections/findings`, { content: 'Churn is rising [@churn2].', citations: [citation], version: 0 });
    // Act
    const usage = await api('GET', `/api/reports/${reportId}/evidence/${pdf.id}/citations`);
    const deleted = await api('DELETE', `/api/reports/${reportId}/evidence/${pdf.id}`);
    const section = await api('GET', `/api/reports/${reportId}/sections/findings`);
    const progress = await api('GET', `/api/wizard-progress/${reportId}`);
    const consistency = await api('GET', `/api/reports/${reportId}/consistency`);
    const resave = await api('POST', '/api/wizard-progress', { report_id: reportId, wizard_data: progress.body.wizard_data, completed_steps: [], current_step: 4, version: 1 });
    const newCitation = await api('PUT', `/api/reports/${reportId}/sections/conclusion`, { content: 'x [@churn3]', citations: [{ ...citation, id: 'churn3' }], version: 0 });
    // Assess
    expect(usage.body.places).toEqual([
      expect.objectContaining({ where: 'step', key: 'findings', item_id: 'f1', citation_id: 'churn2' }),
      expect.objectContaining({ where: 'section', key: 'findings', item_id: null, label: 'Section “Findings & Analysis”' }),
    ]);
    expect(deleted.status).toBe(200);
    expect(section.status).toBe(200);
    expect(section.body.citations[0]).toMatchObject({ id: 'churn2', broken: true, source_title: 'annual.pdf' });
    expect(progress.body.wizard_data.findings.findings[0].citations[0]).toMatchObject({ broken: true, source_title: 'annual.pdf' });
    expect(consistency.body.issues.find((i: any) => i.rule === 'citation-broken').items.map((i: any) => i.kind)).toEqual(['finding', 'section']);
    expect(resave.status).toBe(200); // a citation already held is kept (as broken), not refused
    expect(newCitation.status).toBe(400);
  });
});

describe('provenance', () => {
  it('lists an empty log for a new report and 404 for an unknown one', async () => {
    const reportId = await newReport();
    expect((await api('GET', `/api/reports/${reportId}/provenance`)).body).toEqual({ items: [], next_cursor: null });
    expect((await api('GET', `/api/reports/${randomUUID()}/provenance`)).status).toBe(404);
    expect((await api('GET', `/api/reports/${reportId}/provenance?cursor=bogus`)).status).toBe(400);
  });
});

describe('analysis reads objectives from progress kept in S3', () => {
  it('scores relevance against the objectives even when the progress is larger than an item', async () => {
    // Prepare: the same interview in two reports; only one has objectives, in progress large enough for S3
    const withObjectives = await newReport();
    const without = await newReport();
    const findings = Array.from({ length: 200 }, (_, i) => ({ id: `f${i}`, statement: `Observation ${i}: ${'detail '.repeat(270)}`, dimension: 'Operational Efficiency', impact: 'low' }));
    const saved = await api('POST', '/api/wizard-progress', {
      report_id: withObjectives,
      wizard_data: { objectives: { purpose: 'Reduce warehouse costs and order cycle time', inScope: 'warehouse automation', outOfScope: '', methodology: '' }, findings: { findings } },
      completed_steps: [],
      current_step: 3,
      version: 0,
    });
    expect(saved.status).toBe(200);
    // progress is stored per step: the large findings step keeps its data in S3
    const item = await db.send(new GetCommand({ TableName: stack.tableName, Key: { PK: `REPORT#${withObjectives}`, SK: 'STEP#findings' } }));
    expect(item.Item?.data_key).toBeDefined();
    const notes = { title: 'Ops interview', content: OPERATIONS.join(' ') };
    // Act
    const a = await api('POST', `/api/reports/${withObjectives}/evidence/interview`, notes);
    const b = await api('POST', `/api/reports/${without}/evidence/interview`, notes);
    // Assess
    // the objectives name what the notes are about, so they count: the same notes score higher there
    expect(a.body.evidence.relevanceScore).toBeGreaterThan(b.body.evidence.relevanceScore + 0.2);
  });
});
