/** Visuals through the gateway: CRUD with versions, where used, render to SVG and PNG, bad input. */
import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { messages } from '@shared/messages';
import { tableClient } from '../helpers/emulator-clients';
import { http, registerAndLogin } from '../helpers/http';
import { FIXED_WIZARD_DATA } from '../helpers/visual-fixtures';
import { parseXml } from '../helpers/xml';

const stack = inject('stack');
const gw = stack.urls.gateway;
let token: string;
let reportId: string;
let progressVersion = 0;
const api = <T = any>(method: string, path: string, body?: unknown) => http<T>(gw, method, path, { token, body });
const visuals = () => `/api/reports/${reportId}/visuals`;

async function saveProgress(wizard_data: unknown) {
  const res = await api('POST', '/api/wizard-progress', { report_id: reportId, wizard_data, completed_steps: [], current_step: 4, version: progressVersion });
  expect(res.status, res.text).toBe(200);
  progressVersion = res.body.version;
}

async function newReport(title: string) {
  const org = (await api('POST', '/api/organizations', { name: `Visuals Org ${randomUUID().slice(0, 6)}` })).body.id;
  return (await api('POST', '/api/reports', { title, organization_id: org, owner: 'Ann' })).body.id as string;
}

const scoresChart = { type: 'bar', title: 'Dimension scores', caption: 'Scores by dimension', binding: { source: 'dimension-scores' } };

function svgOf(text: string) {
  const { doc, errors } = parseXml(text);
  expect(errors).toEqual([]);
  return doc;
}
const fillsOf = (text: string, colour: string) => Array.from(svgOf(text).getElementsByTagName('path')).filter((p) => p.getAttribute('fill')?.toLowerCase() === colour).length;

beforeAll(async () => {
  token = (await registerAndLogin(gw, 'visuals')).token;
  reportId = await newReport('Visuals report');
  await saveProgress(FIXED_WIZARD_DATA);
});

describe('visuals through the gateway', () => {
  it('creates, reads, lists and updates with the version it loaded; a stale version is told', async () => {
    // Prepare / Act
    const created = await api('POST', visuals(), scoresChart);
    // Assess
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ report_id: reportId, type: 'bar', title: 'Dimension scores', status: 'completed', version: 1, options: { colors: [], sort: 'none' } });
    const id = created.body.id;
    expect((await api('GET', `${visuals()}/${id}`)).body).toEqual(created.body);
    const list = await api('GET', visuals());
    expect(list.body.items.find((v: { id: string }) => v.id === id)).toMatchObject({ used_in: [] });

    const updated = await api('PUT', `${visuals()}/${id}`, { ...scoresChart, title: 'Scores, sorted', options: { sort: 'desc' }, status: 'draft', version: 1 });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ version: 2, title: 'Scores, sorted', status: 'draft', options: { sort: 'desc' } });
    const stale = await api('PUT', `${visuals()}/${id}`, { ...scoresChart, version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toMatch(/saved by visuals-\w+ \(version 2\) after you opened it/);

    // 20 parallel writers of version 2: exactly one wins
    const race = await Promise.all(Array.from({ length: 20 }, (_, i) => api('PUT', `${visuals()}/${id}`, { ...scoresChart, title: `Writer ${i}`, version: 2 })));
    expect(race.filter((r) => r.status === 200)).toHaveLength(1);
    expect(race.filter((r) => r.status === 409)).toHaveLength(19);
  });

  it('renders SVG: valid XML, the title, one bar per category in the brand colour; PNG: an image', async () => {
    const id = (await api('POST', visuals(), scoresChart)).body.id;
    const res = await http(gw, 'GET', `${visuals()}/${id}/render`, { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    const doc = svgOf(res.text);
    expect(doc.documentElement?.nodeName).toBe('svg');
    expect(Array.from(doc.getElementsByTagName('text')).map((t) => t.textContent)).toContain('Dimension scores');
    // three dimensions in scope: three bars, in finalize.brand.primaryColor
    expect(fillsOf(res.text, FIXED_WIZARD_DATA.finalize.brand.primaryColor)).toBe(3);

    const png = await fetch(`${gw}${visuals()}/${id}/render?format=png&width=600&height=300`, { headers: { authorization: `Bearer ${token}` } });
    expect(png.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await png.arrayBuffer());
    expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(bytes.readUInt32BE(16)).toBe(600);
  });

  it('follows the report: a changed dimension score changes the SVG', async () => {
    const id = (await api('POST', visuals(), { ...scoresChart, options: { show_values: true } })).body.id;
    const before = (await http(gw, 'GET', `${visuals()}/${id}/render`, { token })).text;
    const changed = structuredClone(FIXED_WIZARD_DATA);
    changed.findings.dimensions[0]!.score = 93;
    await saveProgress(changed);
    const after = (await http(gw, 'GET', `${visuals()}/${id}/render`, { token })).text;
    expect(after).not.toBe(before);
    const labels = (svg: string) => Array.from(svgOf(svg).getElementsByTagName('text')).map((t) => t.textContent);
    expect(labels(before)).not.toContain('93');
    expect(labels(after)).toContain('93');
    await saveProgress(FIXED_WIZARD_DATA);
  });

  it('gives the builder the report data charts bind to', async () => {
    const res = await api('GET', `/api/reports/${reportId}/chart-source`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.wizard_data).sort()).toEqual(['finalize', 'findings', 'recommendations', 'roadmap']);
    expect(res.body.wizard_data.findings.dimensions).toHaveLength(4);
    expect(res.body.evidence).toEqual([]);
  });

  it('tells where a visual is used, and deletes it only when told to despite that', async () => {
    const created = (await api('POST', visuals(), { type: 'gantt', title: 'Roadmap', binding: { source: 'roadmap' } })).body;
    const saved = await api('PUT', `/api/reports/${reportId}/sections/findings`, { content: `Findings.\n\n![The roadmap](visual:${created.id})\n`, version: 0 });
    expect(saved.status).toBe(200);
    const listed = (await api('GET', visuals())).body.items.find((v: { id: string }) => v.id === created.id);
    expect(listed.used_in).toEqual([{ key: 'findings', title: 'Findings & Analysis' }]);

    const refused = await api('DELETE', `${visuals()}/${created.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe('"Roadmap" is used in Findings & Analysis; delete it with force=true to leave those places showing a missing visual');
    const deleted = await api('DELETE', `${visuals()}/${created.id}?force=true`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true, message: 'Visual deleted', used_in: [{ key: 'findings', title: 'Findings & Analysis' }] });
    expect((await api('GET', `${visuals()}/${created.id}`)).status).toBe(404);
    expect((await api('DELETE', `${visuals()}/${created.id}?force=true`)).status).toBe(404);
  });

  it('refuses bad input with a clear detail, never a 500', async () => {
    const id = (await api('POST', visuals(), scoresChart)).body.id;
    const cases: [string, string, unknown, number, string?][] = [
      ['POST', visuals(), { ...scoresChart, type: 'radar' }, 400, 'type must be one of: bar, line, pie, heatmap, table, gantt, stacked, stacked-100, waterfall, mekko'],
      ['POST', visuals(), { type: 'bar', title: 'x' }, 400, 'binding is required'],
      ['POST', visuals(), { ...scoresChart, type: 'gantt' }, 400, 'a gantt chart cannot show dimension scores; it can show: roadmap items, a typed table'],
      ['POST', visuals(), { type: 'line', title: 'x', binding: { source: 'metrics', metric: 'Headcount' } }, 400, 'binding.metric: no finding of this report has a metric named "Headcount"'],
      ['POST', visuals(), { type: 'table', title: 'x', binding: { source: 'recommendations', ids: ['r-nope'] } }, 400, 'binding.ids: r-nope is not a recommendation of this report'],
      ['POST', visuals(), { type: 'bar', title: 'x', binding: { source: 'table', columns: ['a', 'b'], rows: [['x', '9'.repeat(200_000)]] } }, 400, 'binding.rows.0.1: binding.rows cell must be at most 80 characters'],
      ['POST', visuals(), { ...scoresChart, options: { colors: ['javascript:alert(1)'] } }, 400],
      ['POST', `/api/reports/${randomUUID()}/visuals`, scoresChart, 404, 'Report not found'],
      ['POST', '/api/reports/not-a-uuid/visuals', scoresChart, 400, 'id must be a UUID'],
      ['GET', `${visuals()}/${randomUUID()}`, undefined, 404, 'Visual not found'],
      ['GET', `${visuals()}/${id}/render?format=gif`, undefined, 400, 'format must be one of: svg, png'],
      ['GET', `${visuals()}/${id}/render?width=99999`, undefined, 400],
      ['PUT', `${visuals()}/${id}`, { ...scoresChart, version: 'one' }, 400],
    ];
    for (const [method, path, body, status, detail] of cases) {
      const res = await api(method, path, body);
      expect(res.status, `${method} ${path} ${JSON.stringify(body)?.slice(0, 80)}`).toBe(status);
      expect(typeof res.body.detail, path).toBe('string');
      if (detail) expect(res.body.detail).toBe(detail);
    }
    const huge = await http(gw, 'POST', visuals(), { token, raw: JSON.stringify({ ...scoresChart, caption: 'x'.repeat(600 * 1024) }), headers: { 'content-type': 'application/json' } });
    expect(huge.status).toBe(413);
    const hostile = await http(gw, 'POST', visuals(), { token, raw: '{"type":"bar","title":"x","binding":{"source":"table","columns":["a","b"],"rows":[["n",1e999]]}}', headers: { 'content-type': 'application/json' } });
    expect(hostile.status).toBe(400);
  });

  it('consulting charts: stacked, 100% stacked, Mekko and a waterfall from a datasheet or a metric bridge, created, updated and drawn', async () => {
    // Prepare
    const regions = { source: 'table', columns: ['Region', 'Online', 'Stores'], rows: [['North', '$1,200', '800'], ['South', '300', '(50)']] };
    const margin = { source: 'table', columns: ['Step', 'Gross margin (%)'], rows: [['FY2023', '41'], ['Price', '1.5'], ['Freight', '-6'], ['FY2024', 'e']] };
    // Act / Assess
    for (const type of ['stacked', 'stacked-100', 'mekko']) {
      const created = await api('POST', visuals(), { type, title: `Sales ${type}`, binding: regions, options: { number_format: 'currency', scale: 'thousands' } });
      expect(created.status, created.text).toBe(201);
      expect(created.body).toMatchObject({ type, binding: regions, options: { number_format: 'currency', scale: 'thousands', decimals: null } });
      const svg = await http(gw, 'GET', `${visuals()}/${created.body.id}/render`, { token });
      expect(svg.status).toBe(200);
      expect(Array.from(svgOf(svg.text).getElementsByTagName('text')).map((t) => t.textContent)).toContain(`Sales ${type}`);
    }
    const waterfall = await api('POST', visuals(), { type: 'waterfall', title: 'Margin bridge', binding: margin, options: { show_values: true, number_format: 'percent', decimals: 1 } });
    expect(waterfall.status, waterfall.text).toBe(201);
    const drawn = Array.from(svgOf((await http(gw, 'GET', `${visuals()}/${waterfall.body.id}/render`, { token })).text).getElementsByTagName('text')).map((t) => t.textContent);
    expect(drawn).toEqual(expect.arrayContaining(['Margin bridge', '41.0%', '+1.5%', '-6.0%', '36.5%']));
    // a new step typed in the datasheet: the end follows
    const rows = [...margin.rows.slice(0, 3), ['Energy', '-0.5'], ['FY2024', 'e']];
    const updated = await api('PUT', `${visuals()}/${waterfall.body.id}`, { type: 'waterfall', title: 'Margin bridge', binding: { ...margin, rows }, options: { show_values: true, number_format: 'percent', decimals: 1 }, version: 1 });
    expect(updated.status, updated.text).toBe(200);
    const redrawn = Array.from(svgOf((await http(gw, 'GET', `${visuals()}/${waterfall.body.id}/render`, { token })).text).getElementsByTagName('text')).map((t) => t.textContent);
    expect(redrawn).toEqual(expect.arrayContaining(['-0.5%', '36.0%']));
    // a bridge of a finding's metric: churn 7.5% (2024) -> 9% (2025)
    const bridge = await api('POST', visuals(), { type: 'waterfall', title: 'Churn bridge', binding: { source: 'metric-bridge', metric: 'Churn', from: 'f-churn-24', to: 'f-churn-25', drivers: [] }, options: { show_values: true } });
    expect(bridge.status, bridge.text).toBe(201);
    const bridged = Array.from(svgOf((await http(gw, 'GET', `${visuals()}/${bridge.body.id}/render`, { token })).text).getElementsByTagName('text')).map((t) => t.textContent);
    expect(bridged).toEqual(expect.arrayContaining(['Churn bridge', '7.5', '+1.5', '9']));
    // the builder gets the client's currency with the chart source
    await saveProgress({ ...FIXED_WIZARD_DATA, setup: { currency: 'EUR' } });
    expect((await api('GET', `/api/reports/${reportId}/chart-source`)).body.wizard_data.setup).toEqual({ currency: 'EUR' });
    await saveProgress(FIXED_WIZARD_DATA);
  });

  it('consulting charts: a datasheet over the limit, text in number cells and a bad bridge each get a 4xx with a detail', async () => {
    const grid = (columns: number, rows: number) => ({
      source: 'table',
      columns: Array.from({ length: columns }, (_, i) => `c${i}`),
      rows: Array.from({ length: rows }, (_, r) => Array.from({ length: columns }, (_, c) => (c === 0 ? `r${r}` : '1'))),
    });
    const id = (await api('POST', visuals(), { type: 'stacked', title: 'Fine', binding: grid(3, 2) })).body.id;
    const cases: [string, string, unknown, string][] = [
      ['POST', visuals(), { type: 'stacked', title: 'x', binding: grid(100, 100) }, 'binding: a datasheet holds at most 12 columns × 100 rows (1,200 cells); this one has 100 columns × 100 rows (10,000 cells)'],
      ['POST', visuals(), { type: 'waterfall', title: 'x', binding: grid(2, 101) }, 'binding: a datasheet holds at most 12 columns × 100 rows (1,200 cells); this one has 2 columns × 101 rows (202 cells)'],
      [
        'POST',
        visuals(),
        { type: 'mekko', title: 'x', binding: { source: 'table', columns: ['Market', 'Leader', 'Others'], rows: [['UK', 'lots', '3'], ['DE', '4', 'n/a']] } },
        'binding.rows.0.1: row 1, column "Leader": "lots" is not a number; binding.rows.1.2: row 2, column "Others": "n/a" is not a number',
      ],
      ['PUT', `${visuals()}/${id}`, { type: 'waterfall', title: 'x', binding: { source: 'table', columns: ['Step', 'Value'], rows: [['Start', '10'], ['End', 'sum']] }, version: 1 }, 'binding.rows.1.1: row 2, column "Value": "sum" is not a number (or e for a total)'],
      ['POST', visuals(), { type: 'waterfall', title: 'x', binding: { source: 'metric-bridge', metric: 'Headcount' } }, 'binding.metric: no finding of this report has a metric named "Headcount"'],
      ['POST', visuals(), { type: 'waterfall', title: 'x', binding: { source: 'metric-bridge', metric: 'Churn', from: 'f-revenue' } }, 'binding.from: finding f-revenue does not measure "Churn"'],
      ['POST', visuals(), { type: 'waterfall', title: 'x', binding: { source: 'metric-bridge', drivers: ['f-nope'] } }, 'binding.drivers: f-nope is not a finding of this report with a metric'],
      ['POST', visuals(), { type: 'waterfall', title: 'x', binding: { source: 'dimension-scores' } }, 'a waterfall chart cannot show dimension scores; it can show: a bridge of a metric, a typed table, a table of a workbook'],
      ['POST', visuals(), { type: 'stacked', title: 'x', binding: grid(3, 2), options: { number_format: 'roman' } }, 'options.number_format must be one of: auto, number, percent, currency'],
    ];
    for (const [method, path, body, detail] of cases) {
      const res = await api(method, path, body);
      expect(res.status, `${method} ${JSON.stringify(body).slice(0, 120)}`).toBe(400);
      expect(res.body.detail).toBe(detail);
    }
    // nothing refused was saved
    expect((await api('GET', `${visuals()}/${id}`)).body).toMatchObject({ version: 1, type: 'stacked', title: 'Fine' });
  });

  it('requires a session', async () => {
    const answers = await Promise.all([
      http(gw, 'GET', visuals()),
      http(gw, 'POST', visuals(), { body: scoresChart }),
      http(gw, 'GET', `${visuals()}/${randomUUID()}/render`),
      http(gw, 'GET', `/api/reports/${reportId}/chart-source`, { token: 'not-a-token' }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401]);
  });

  it('bounds how many visuals a report holds, and deleting the report takes its visuals with it', async () => {
    const other = await newReport('Visuals to delete');
    const make = () => api('POST', `/api/reports/${other}/visuals`, { type: 'table', title: 'T', binding: { source: 'table', columns: ['a'], rows: [['1']] } });
    const made = await Promise.all(Array.from({ length: 20 }, make));
    expect(made.every((r) => r.status === 201)).toBe(true);
    const db = tableClient(stack);
    const items = async () =>
      (await db.send(new QueryCommand({ TableName: stack.tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `REPORT#${other}` } }))).Items ?? [];
    expect((await items()).find((i) => i.SK === 'VISUALCOUNT')?.visual_count).toBe(20);
    expect((await api('DELETE', `/api/reports/${other}`)).status).toBe(200);
    expect(await items()).toEqual([]);
    expect(messages.visuals.toasts.deleted).toBe('Visual deleted');
  });
});
