import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { draftAndWait } from '../helpers/draft-job';
import { docxBytes, pdfBytes } from '../helpers/evidence-fixtures';
import { fileUser } from '../helpers/file-user';

const stack = inject('stack');
const gw = stack.urls.gateway;
const { me, api } = fileUser(gw, 'drafting', { name: 'Draft Org', sector: 'retail', geography: 'UK' });

async function upload(ref: string, name: string, bytes: Uint8Array) {
  const form = new FormData();
  form.set('file', new Blob([bytes]), name);
  form.set('report_id', ref);
  const res = await fetch(`${gw}/api/files/upload`, { method: 'POST', headers: { authorization: `Bearer ${me.token}` }, body: form });
  if (res.status !== 200) throw new Error(`upload failed: ${res.status}`);
}

describe('drafting steps 5–9 from uploaded evidence', () => {
  it('drafts every step in order, each citation a verified passage, each call in the provenance log', async () => {
    // Prepare: a report with a PDF and a Word document
    const reportId = (await api('POST', '/api/reports', { title: 'Drafted', organization_id: me.orgId, owner: 'Ann' })).body.id;
    await upload(reportId, 'annual.pdf', await pdfBytes([['Revenue grew 12% to 480 million in fiscal 2025 while EBITDA margin improved to 18%.', 'Customer churn rose to 9% in the SME segment after the price increase.']]));
    await upload(reportId, 'operations.docx', await docxBytes(['Warehouse automation cut order cycle time by 30% and picking errors fell sharply.', 'Staff turnover in the depots is 18%, well above the sector average, and morale is low.', 'A data protection audit found gaps in consent records that could lead to regulatory fines.']));
    const texts = new Map<string, string>();
    for (const item of (await api('GET', `/api/reports/${reportId}/evidence`)).body.items) {
      texts.set(item.id, (await api('GET', `/api/reports/${reportId}/evidence/${item.id}`)).body.textContent);
    }
    let data: Record<string, unknown> = { objectives: { purpose: 'Assess the operating model' } };
    let version = 0;
    const answers: any[] = [];
    // Act
    for (const step of ['findings', 'swot', 'recommendations', 'roadmap', 'executive-summary']) {
      const drafted = await draftAndWait(gw, me.token, reportId, step);
      answers.push(drafted);
      data = { ...data, [step]: drafted.data };
      const saved = await api('POST', '/api/wizard-progress', { report_id: reportId, wizard_data: data, completed_steps: [], current_step: 4, version });
      expect(saved.status, `${step}: ${saved.text}`).toBe(200);
      version = saved.body.version;
    }
    const provenance = await api('GET', `/api/reports/${reportId}/provenance`);
    // Assess
    expect(answers.map((a) => a.step)).toEqual(['findings', 'swot', 'recommendations', 'roadmap', 'executive-summary']);
    const citations = JSON.stringify(answers.map((a) => a.data))
      .match(/\{"id":"c[0-9a-f]+","evidence_id":"[^"]+","start":\d+,"end":\d+,"quote":"(?:[^"\\]|\\.)*"\}/g)!
      .map((c) => JSON.parse(c));
    expect(citations.length).toBeGreaterThan(5);
    for (const c of citations) expect(texts.get(c.evidence_id)!.slice(c.start, c.end)).toBe(c.quote);
    const findings = answers[0].data.findings;
    expect(findings.length).toBeGreaterThan(2);
    for (const f of findings) expect(f).toMatchObject({ ai_drafted: true, citations: [expect.anything()] });
    expect(answers[0].data.dimensions).toHaveLength(6);
    expect(answers[0].provider).toBe('local');
    expect(provenance.body.items.map((p: any) => p.kind)).toEqual(['draft:executive-summary', 'draft:roadmap', 'draft:recommendations', 'draft:swot', 'draft:findings']);
    expect(provenance.body.items[0]).toMatchObject({ provider: 'local', model: 'assay-local-analyst-1', user: me.username, prompt_hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(provenance.body.items[0].evidence_ids).toHaveLength(2);
    const consistency = await api('GET', `/api/reports/${reportId}/consistency`);
    expect(consistency.body.issues.map((i: any) => i.rule)).not.toContain('recommendation-addresses-nothing');
    expect(consistency.body.issues.map((i: any) => i.rule)).not.toContain('citation-broken');
  });

  it('says what is wrong at once, before any job starts: no evidence yet (400), unknown report (404), unknown step (400)', async () => {
    const empty = (await api('POST', '/api/reports', { title: 'Empty', organization_id: me.orgId, owner: 'Ann' })).body.id;
    const none = await api('POST', `/api/reports/${empty}/draft`, { step: 'findings' });
    const unknown = await api('POST', `/api/reports/${randomUUID()}/draft`, { step: 'findings' });
    const badStep = await api('POST', `/api/reports/${empty}/draft`, { step: 'finale' });
    expect(none.status).toBe(400);
    expect(none.body.detail).toBe('This report has no analysed evidence yet: add evidence in Data Intake first');
    expect(unknown.status).toBe(404);
    expect(badStep.status).toBe(400);
    expect(badStep.body.detail).toMatch(/step must be one of: findings, swot, recommendations, roadmap, executive-summary/);
    expect((await api('GET', `/api/reports/${empty}/drafts/findings/job`)).body).toEqual({ job: null });
  });
});
