/**
 * The data room through the gateway: a workbook uploaded, its tables and KPIs read (the rows in pages, every cell
 * with its address and number format), a KPI cited in a section (the citation carries the cells' range and the
 * check holds it to the KPI), the DOCX export's note naming the file and the range; an encrypted workbook told why.
 */
import { randomUUID } from 'node:crypto';
import JSZip from 'jszip';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { http, registerAndLogin } from '../helpers/http';
import { postEvidence } from '../helpers/report-setup';
import { waitForExport } from '../helpers/export-wait';
import { DATA_ROOM_FIXTURES, encryptedWorkbook, largeCsv, macroWorkbook } from '../helpers/data-room-fixtures';

const stack = inject('stack');
const gw = stack.urls.gateway;
let token: string;
let reportId: string;
const api = <T = any>(method: string, path: string, body?: unknown) => http<T>(gw, method, path, { token, body });

const upload = (ref: string, name: string, bytes: Uint8Array) => postEvidence(gw, token, ref, name, bytes);

const ACCOUNTS = DATA_ROOM_FIXTURES.find((f) => f.file === 'FY2024 management accounts.xlsx')!;
let accountsId: string;

beforeAll(async () => {
  const session = await registerAndLogin(gw, 'dataroom');
  token = session.token;
  const org = await api('POST', '/api/organizations', { name: `Harbour & Pine ${randomUUID().slice(0, 6)}`, sector: 'retail' });
  reportId = (await api('POST', '/api/reports', { title: 'Data room report', organization_id: org.body.id, owner: 'Ann' })).body.id;
  const res = await upload(reportId, ACCOUNTS.file, await ACCOUNTS.build());
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  accountsId = res.body.file_id;
}, 120_000);

describe('a workbook read as data', () => {
  it('answers the upload with the sheets, tables and KPIs it holds, and its text opens with the key figures', async () => {
    // Act
    const item = await api('GET', `/api/reports/${reportId}/evidence/${accountsId}`);
    // Assess
    expect(item.status).toBe(200);
    expect(item.body.data).toEqual({ sheets: 3, tables: 3, kpis: expect.any(Number) });
    expect(item.body.data.kpis).toBeGreaterThan(20);
    expect(item.body.textContent).toMatch(/^# Key figures\nRevenue was £182\.4m in FY2024\./);
  });

  it('lists the tables and the KPIs with their formulas and ranges', async () => {
    // Act
    const room = await api('GET', `/api/reports/${reportId}/evidence/${accountsId}/tables`);
    // Assess
    expect(room.status).toBe(200);
    expect(room.body.tables.map((t: any) => [t.id, t.sheet, t.range, t.orientation, t.sheet_hidden])).toEqual([
      ['t1', 'P&L', 'P&L!A5:E20', 'periods-across', false],
      ['t2', 'Stock', 'Stock!A3:E6', 'periods-across', false],
      ['t3', 'Workings', 'Workings!A1:C4', 'periods-across', true],
    ]);
    expect(room.body.sheets).toEqual([
      { name: 'P&L', hidden: false, tables: 1, cells: 69 },
      { name: 'Stock', hidden: false, tables: 1, cells: 21 },
      { name: 'Workings', hidden: true, tables: 1, cells: 12 },
    ]);
    const margin = room.body.kpis.find((k: any) => k.kind === 'ratio' && k.measure === 'EBITDA margin' && k.period === 'FY2024');
    expect(margin).toMatchObject({ statement: 'EBITDA margin FY2024 = P&L!E18 / P&L!E6 = 6.14%', range: 'P&L!E6:E18', table_id: 't1' });
    expect(room.body.notes).toContain('Sheet “Workings” is hidden in the workbook; it was read all the same');
  });

  it('reads a table a page at a time, each cell with its address, format and the text the sheet shows', async () => {
    // Act
    const first = await api('GET', `/api/reports/${reportId}/evidence/${accountsId}/tables/t1/rows?limit=4`);
    const next = await api('GET', `/api/reports/${reportId}/evidence/${accountsId}/tables/t1/rows?offset=3&limit=2`);
    // Assess
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ offset: 0, limit: 4, total: 13 });
    expect(first.body.rows.map((r: any) => r.label)).toEqual(['Revenue', 'Cost of sales', 'Gross profit', 'Gross margin %']);
    expect(first.body.rows[0].cells[0]).toEqual({ address: 'P&L!B6', value: 150.2, type: 'n', format: '#,##0.0', display: '150.2' });
    expect(first.body.rows[3].cells[3]).toMatchObject({ address: 'P&L!E9', type: 'n', format: '0.0%', display: '35.1%' });
    expect(next.body.rows.map((r: any) => [r.row, r.kind, r.path])).toEqual([
      [9, 'data', ['Gross margin %']],
      [11, 'section', ['Operating expenses']],
    ]);
    // the page that holds a sheet row (a KPI's cells): row 18 (EBITDA) is the table's 11th row
    const holding = await api('GET', `/api/reports/${reportId}/evidence/${accountsId}/tables/t1/rows?row=18&limit=5`);
    expect(holding.body.offset).toBe(10);
    expect(holding.body.rows[0].label).toBe('EBITDA');
    expect((await api('GET', `/api/reports/${reportId}/evidence/${accountsId}/tables/t9/rows`)).status).toBe(404);
    expect((await api('GET', `/api/reports/${reportId}/evidence/${accountsId}/tables/t1/rows?limit=501`)).status).toBe(400);
  });
});

describe('a KPI cited, checked and exported', () => {
  it('keeps the range on a section citation, refuses a range that is not the KPI’s, and the Word export names file and cells', async () => {
    // Prepare
    const room = await api('GET', `/api/reports/${reportId}/evidence/${accountsId}/tables`);
    const k = room.body.kpis.find((x: any) => x.kind === 'ratio' && x.measure === 'EBITDA margin' && x.period === 'FY2024');
    const citation = { id: 'cebitda', evidence_id: accountsId, start: k.start, end: k.end, quote: k.sentence, range: k.range, kpi_id: k.id };
    // Act
    const wrong = await api('PUT', `/api/reports/${reportId}/sections/findings`, { content: 'EBITDA margin fell to 6.1% [@cebitda].', citations: [{ ...citation, range: 'P&L!B6:B18' }], version: 0 });
    const saved = await api('PUT', `/api/reports/${reportId}/sections/findings`, { content: 'The EBITDA margin fell to 6.1% in FY2024 [@cebitda].', citations: [citation], version: 0 });
    // Assess
    expect(wrong.status).toBe(400);
    expect(wrong.body.detail).toContain('P&L!B6:B18 is not the range of a KPI of that evidence');
    expect(saved.status, saved.text).toBe(200);
    const section = await api('GET', `/api/reports/${reportId}/sections/findings`);
    expect(section.body.citations[0]).toMatchObject({ id: 'cebitda', range: 'P&L!E6:E18', kpi_id: k.id, source_title: ACCOUNTS.file });
    // the Word export's note
    const started = await api('POST', `/api/reports/${reportId}/exports`, { format: 'docx', sections: ['findings'] });
    expect(started.status, started.text).toBe(202);
    const { job } = await waitForExport(gw, token, reportId, started.body.export_id);
    expect(job.status, job.error ?? '').toBe('done');
    const zip = await JSZip.loadAsync(new Uint8Array(await (await fetch(job.download_url)).arrayBuffer()));
    const notes = await zip.file('word/footnotes.xml')!.async('string');
    expect(notes.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&')).toContain('Source: FY2024 management accounts.xlsx, P&L!E6:E18');
  });
});

describe('narrative against data', () => {
  it('lists an interview figure that the workbook gives differently as a conflict, with both sources', async () => {
    // Prepare: the CFO's gross margin for FY2024 against the management accounts' 35.1%
    await api('POST', `/api/reports/${reportId}/evidence/interview`, {
      title: 'Interview: Fiona Marsh, CFO',
      content: 'FM said trading was tough. Gross margin fell to 36.5% in FY2024, from 41% in FY2022. Revenue was £182m in FY2024.',
    });
    // Act
    const list = await api('GET', `/api/reports/${reportId}/conflicts`);
    // Assess: the margin is a conflict naming the cells; revenue (£182m against £182.4m, as rounded) is not
    expect(list.status).toBe(200);
    const margin = list.body.items.find((c: any) => c.measure === 'Gross margin');
    expect(margin).toMatchObject({ period: 'FY2024', resolution: null });
    expect(margin.sides.map((s: any) => [s.title, s.figure, s.range ?? null])).toEqual([
      ['Interview: Fiona Marsh, CFO', '36.5%', null],
      [ACCOUNTS.file, '35.1%', 'P&L!E9'],
    ]);
    expect(margin.sides[1].quote).toBe('Gross margin was 35.1% in FY2024.');
    expect(list.body.items.some((c: any) => c.measure === 'Revenue')).toBe(false);
  });
});

describe('a large CSV file', () => {
  it('of 100,000 rows × 20 columns is read through the large-file path, kept whole, and paged to its last row', async () => {
    // Prepare: 14 MB, past the 4 MB of a direct upload
    const bytes = largeCsv();
    const presign = await api('POST', '/api/files/presign', { report_id: reportId, file_name: 'store sales.csv', file_size: bytes.length });
    expect(presign.status, JSON.stringify(presign.body)).toBe(200);
    const form = new FormData();
    for (const [k, v] of Object.entries(presign.body.upload.fields as Record<string, string>)) form.set(k, v);
    form.set('file', new Blob([new Uint8Array(bytes)]), 'store sales.csv');
    expect((await fetch(presign.body.upload.url, { method: 'POST', body: form })).status).toBeLessThan(300);
    // Act
    const processed = await api('POST', `/api/files/${presign.body.file_id}/process`, { report_id: reportId });
    // Assess: one table of every data row, read a page at a time
    expect(processed.status, JSON.stringify(processed.body)).toBe(200);
    const room = await api('GET', `/api/reports/${reportId}/evidence/${presign.body.file_id}/tables`);
    expect(room.body.sheets).toEqual([{ name: 'Sheet1', hidden: false, tables: 1, cells: 2_000_000 }]);
    expect(room.body.tables).toHaveLength(1);
    expect(room.body.tables[0]).toMatchObject({ range: 'Sheet1!A1:T100000', row_count: 99_999 });
    const last = await api('GET', `/api/reports/${reportId}/evidence/${presign.body.file_id}/tables/t1/rows?offset=99997&limit=5`);
    expect(last.status).toBe(200);
    expect(last.body).toMatchObject({ offset: 99_997, total: 99_999 });
    expect(last.body.rows.map((r: any) => r.row)).toEqual([99_999, 100_000]);
    expect(last.body.rows[1].cells.at(-1).address).toBe('Sheet1!T100000');
  }, 180_000);
});

describe('bad workbooks get a clear answer', () => {
  it('refuses an encrypted workbook and a macro workbook, saying why', async () => {
    const locked = await upload(reportId, 'Board pack.xlsx', encryptedWorkbook());
    expect(locked).toEqual({ status: 415, body: { detail: 'This workbook is encrypted; save a copy without a password' } });
    const macros = await upload(reportId, 'Model.xlsm', await macroWorkbook());
    expect(macros.status).toBe(415);
    expect(macros.body.detail).toBe('Model.xlsm holds macros (a macro-enabled workbook or a vbaProject.bin); save it as .xlsx without macros and upload it again');
  });
});
