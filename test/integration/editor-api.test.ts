import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { pdfBytes } from '../helpers/evidence-fixtures';
import { http, registerAndLogin } from '../helpers/http';

const stack = inject('stack');
const gw = stack.urls.gateway;
let token: string;
let username: string;
let reportId: string;
let evidenceId: string;
const api = <T = any>(method: string, path: string, body?: unknown) => http<T>(gw, method, path, { token, body });

beforeAll(async () => {
  const s = await registerAndLogin(gw, 'editor');
  token = s.token;
  username = s.user.username;
  const org = (await api('POST', '/api/organizations', { name: `Editor Org ${randomUUID().slice(0, 6)}` })).body.id;
  reportId = (await api('POST', '/api/reports', { title: 'Editor report', organization_id: org, owner: 'Ann' })).body.id;
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(await pdfBytes([['Customer churn rose to 9% in the SME segment after the price increase.', 'Revenue grew 12% to 480 million in fiscal 2025.']]))]), 'annual.pdf');
  form.set('report_id', reportId);
  const res = await fetch(`${gw}/api/files/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  evidenceId = ((await res.json()) as any).evidence.id;
});

describe('AI Enhance through the gateway', () => {
  it('tightens a selection, keeping its citation marks, and records provenance', async () => {
    const res = await api('POST', `/api/reports/${reportId}/sections/findings/enhance`, { text: 'In order to keep customers [@c1], the firm is able to act now.', instruction: 'tighten' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, proposed: 'To keep customers [@c1], the firm can act now.', citations_dropped: [], citations_added: [], provider: 'local' });
    const log = await api('GET', `/api/reports/${reportId}/provenance`);
    expect(log.body.items[0]).toMatchObject({ kind: 'enhance:findings', user: username, id: res.body.provenance_id });
  });

  it('expands with evidence: the added citation is a verified passage the section can save', async () => {
    const res = await api('POST', `/api/reports/${reportId}/sections/findings/enhance`, { text: 'Customer churn is the main problem.', instruction: 'expand' });
    expect(res.status).toBe(200);
    expect(res.body.citations_added.length).toBeGreaterThan(0);
    const c = res.body.citations_added[0];
    expect(c).toMatchObject({ evidence_id: evidenceId, source_title: 'annual.pdf' });
    expect(res.body.proposed).toContain(`[@${c.id}]`);
    const text = (await api('GET', `/api/reports/${reportId}/evidence/${evidenceId}`)).body.textContent as string;
    expect(text.slice(c.start, c.end)).toBe(c.quote);
    const { source_title: _s, ...citation } = c;
    const saved = await api('PUT', `/api/reports/${reportId}/sections/conclusion`, { content: res.body.proposed, citations: [citation], version: 0, source: 'ai' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ai_drafted: true, origin: 'edited' });
  });

  it('refuses bad input: empty text, a custom instruction without words, 50,001 characters, an unknown section', async () => {
    const answers = await Promise.all([
      api('POST', `/api/reports/${reportId}/sections/findings/enhance`, { text: '', instruction: 'tighten' }),
      api('POST', `/api/reports/${reportId}/sections/findings/enhance`, { text: 'x', instruction: 'custom', custom: '  ' }),
      api('POST', `/api/reports/${reportId}/sections/findings/enhance`, { text: 'x'.repeat(50_001), instruction: 'grammar' }),
      api('POST', `/api/reports/${reportId}/sections/preface/enhance`, { text: 'x', instruction: 'grammar' }),
      api('POST', `/api/reports/${randomUUID()}/sections/findings/enhance`, { text: 'x', instruction: 'grammar' }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 400, 404]);
    expect(answers[1].body.detail).toBe('custom is required when instruction is custom');
  });
});
