/**
 * Charts bound to a workbook's table through the gateway: a visual bound to a range of the management accounts,
 * drawn with its source line; a new version of the workbook uploaded under the same name, the chart's data following
 * it and the move told; a label gone leaves the last data, not current; saving keeps the range as it stands; an item
 * of another client's library is answered as an unknown id.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import JSZip from 'jszip';
import { waitForExport } from '../helpers/export-wait';
import { http, registerAndLogin } from '../helpers/http';
import { postEvidence } from '../helpers/report-setup';
import { DATA_ROOM_FIXTURES, managementAccountsV2, PL } from '../helpers/data-room-fixtures';

const stack = inject('stack');
const gw = stack.urls.gateway;
let token: string;
let reportId: string;
const api = <T = any>(method: string, path: string, body?: unknown) => http<T>(gw, method, path, { token, body });
const visuals = (report = reportId) => `/api/reports/${report}/visuals`;

const upload = (ref: string, name: string, bytes: Uint8Array) => postEvidence(gw, token, ref, name, bytes);

async function newReport(name: string) {
  const org = await api('POST', '/api/organizations', { name: `${name} ${randomUUID().slice(0, 6)}`, sector: 'retail' });
  return (await api('POST', '/api/reports', { title: `${name} report`, organization_id: org.body.id, owner: 'Ann' })).body.id as string;
}

const FILE = 'FY2024 management accounts.xlsx';
let firstId: string;

const bindingTo = (evidenceId: string, rows: { label: string; path: string[]; row: number }[]) => ({
  source: 'data-table',
  evidence_id: evidenceId,
  file_name: FILE,
  table_id: 't1',
  series: 'rows',
  rows,
  columns: [
    { label: 'FY2022', letter: 'C' },
    { label: 'FY2023', letter: 'D' },
    { label: 'FY2024', letter: 'E' },
  ],
});
const REVENUE_AND_STAFF = [
  { label: 'Revenue', path: ['Revenue'], row: 6 },
  { label: 'Staff costs', path: ['Operating expenses', 'Staff costs'], row: 12 },
];
const MARGIN = [{ label: 'Gross margin %', path: ['Gross margin %'], row: 9 }];

let trendId: string;
let marginId: string;

beforeAll(async () => {
  token = (await registerAndLogin(gw, 'tablechart')).token;
  reportId = await newReport('Harbour & Pine');
  const res = await upload(reportId, FILE, await DATA_ROOM_FIXTURES.find((f) => f.file === FILE)!.build());
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  firstId = res.body.file_id;
}, 120_000);

describe('a chart bound to a range of a workbook table', () => {
  it('is saved with the data its range gives, and drawn with the cells it reads', async () => {
    // Act
    const trend = await api('POST', visuals(), { type: 'line', title: 'Revenue and staff costs', binding: bindingTo(firstId, REVENUE_AND_STAFF) });
    const margin = await api('POST', visuals(), { type: 'bar', title: 'Gross margin', binding: bindingTo(firstId, MARGIN) });
    // Assess
    expect(trend.status, trend.text).toBe(201);
    expect(margin.status, margin.text).toBe(201);
    trendId = trend.body.id;
    marginId = margin.body.id;
    expect(trend.body.table_data).toMatchObject({
      evidence_id: firstId,
      file_name: FILE,
      sheet: 'P&L',
      range: 'P&L!C6:E12',
      values: [PL.revenue.slice(1), [27.9, 30.2, 31.5]],
      unit: '£m',
      current: true,
      moves: [],
      problem: null,
    });
    const svg = await fetch(`${gw}${visuals()}/${trendId}/render?format=svg`, { headers: { authorization: `Bearer ${token}` } });
    expect(svg.status).toBe(200);
    expect(await svg.text()).toContain('Source: FY2024 management accounts.xlsx, P&amp;L!C6:E12');
  });

  it('refuses a range whose labels the table does not have', async () => {
    // Act
    const res = await api('POST', visuals(), { type: 'bar', title: 'x', binding: bindingTo(firstId, [{ label: 'Marketing', path: [], row: 13 }]) });
    // Assess
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('binding: the table has no row or column labelled "Marketing"');
  });

  it('follows a new version of the workbook uploaded under the same name, and tells what moved', async () => {
    // Prepare: the new version drops the gross margin line (the costs move up a row) and adds FY2025
    const second = await upload(reportId, FILE, await managementAccountsV2());
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    // Act
    const trend = await api('GET', `${visuals()}/${trendId}`);
    const list = await api('GET', visuals());
    // Assess
    expect(trend.status).toBe(200);
    expect(trend.body.table_data).toMatchObject({
      evidence_id: second.body.file_id,
      range: 'P&L!C6:E11',
      values: [PL.revenue.slice(1), [27.9, 30.2, 31.5]],
      current: true,
      moves: ['Staff costs moved from row 12 to row 11'],
    });
    expect(list.body.items.find((v: any) => v.id === trendId).table_data.moves).toEqual(['Staff costs moved from row 12 to row 11']);
    const svg = await fetch(`${gw}${visuals()}/${trendId}/render?format=svg`, { headers: { authorization: `Bearer ${token}` } });
    const drawn = await svg.text();
    expect(drawn).toContain('Staff costs moved from row 12 to row 11');
    expect(drawn).toContain('Source: FY2024 management accounts.xlsx, P&amp;L!C6:E11');

    // a label gone from the new version: the last data, not current
    const margin = await api('GET', `${visuals()}/${marginId}`);
    expect(margin.body.table_data).toMatchObject({ evidence_id: firstId, range: 'P&L!C9:E9', current: false });
    expect(margin.body.table_data.values[0][2]).toBeCloseTo((64 / 182.4) * 100, 6);
    expect(margin.body.table_data.problem).toBe('“Gross margin %” is no longer in the newest FY2024 management accounts.xlsx: the chart shows its last data and is not current.');

    // saved again, the range is kept as it stands in the new version: nothing has moved since
    const saved = await api('PUT', `${visuals()}/${trendId}`, { type: 'line', title: 'Revenue and staff costs', binding: trend.body.binding, version: trend.body.version });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.binding).toMatchObject({ evidence_id: second.body.file_id, rows: [{ label: 'Revenue', row: 6 }, { label: 'Staff costs', row: 11 }] });
    expect((await api('GET', `${visuals()}/${trendId}`)).body.table_data).toMatchObject({ moves: [], current: true, evidence_id: second.body.file_id });
  });

  it('is exported from the newest version, its caption naming the cells it reads', async () => {
    // Prepare: the chart in Findings
    const section = await api('PUT', `/api/reports/${reportId}/sections/findings`, { content: `Revenue grew while staff costs rose.\n\n![Revenue and staff costs](visual:${trendId})`, citations: [], version: 0 });
    expect(section.status, section.text).toBe(200);
    // Act
    const started = await api('POST', `/api/reports/${reportId}/exports`, { format: 'pptx', sections: ['findings'] });
    expect(started.status, started.text).toBe(202);
    const { job } = await waitForExport(gw, token, reportId, started.body.export_id);
    // Assess: a native line chart, its caption with the source line
    expect(job.status, job.error ?? '').toBe('done');
    const zip = await JSZip.loadAsync(new Uint8Array(await (await fetch(job.download_url)).arrayBuffer()));
    const slides = await Promise.all(Object.keys(zip.files).filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n)).map((n) => zip.file(n)!.async('string')));
    const text = slides.map((x) => x.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&')).join('\n');
    expect(text).toContain('Source: FY2024 management accounts.xlsx, P&L!C6:E11');
    expect(Object.keys(zip.files).some((n) => /^ppt\/charts\/chart\d+\.xml$/.test(n))).toBe(true);
  });

  it('answers a binding to another client’s item as an unknown id', async () => {
    // Prepare: a report of another client, and an id that names nothing
    const other = await newReport('Other client');
    // Act
    const outsider = await api('POST', visuals(other), { type: 'line', title: 'x', binding: bindingTo(firstId, REVENUE_AND_STAFF) });
    const unknown = await api('POST', visuals(other), { type: 'line', title: 'x', binding: bindingTo(randomUUID(), REVENUE_AND_STAFF) });
    // Assess
    expect(outsider.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(outsider.body).toEqual(unknown.body);
  });
});
