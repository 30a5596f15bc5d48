/**
 * A changed section too large to compute its ledger part on the save's own request: the save answers without it
 * (the part is written by the ledgerParts worker, never by the save, as the harness's command log shows) and the
 * ledger lists the section as pending, never its stale figures as current, until the worker has stored the part;
 * two quick saves end with the later one's figures; Final's gate right after a save still refuses the new
 * unsupported figure; a worker that fails leaves the part to the next read. A small section's part is computed on
 * the save's request, so the ledger read right after it is current.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { ledgerDetails } from '@shared/messages/ledger';
import { SECTION_TITLES } from '@shared/schemas/report-document';
import { INLINE_CHARS } from '../../functions/domain/ledger/background';
import { http, registerAndLogin } from '../helpers/http';
import { type Command, recorded } from '../helpers/harness-commands';

const stack = inject('stack');
const gw = stack.urls.gateway;

type Session = Awaited<ReturnType<typeof registerAndLogin>>;
type Ledger = { counts: { figures: number; unsupported: number }; entries: { text: string; excerpt: string; support: string }[]; pending: string[] };
let lead: Session;
let orgId: string;

const call = (method: string, path: string, body?: unknown) => http(gw, method, path, { token: lead.token, body });
const FINDINGS = SECTION_TITLES.findings;

/** A section past the inline size: one sentence with a figure, then text without figures. */
function large(sentence: string): string {
  const paragraph = Array.from({ length: 10 }, () => 'Costs held flat across the regions.').join(' ');
  const paragraphs = Math.ceil(INLINE_CHARS / paragraph.length) + 2;
  return [sentence, ...Array.from({ length: paragraphs }, () => paragraph)].join('\n\n');
}

async function newReport(): Promise<string> {
  const report = await call('POST', '/api/reports', { title: `Ledger worker ${randomUUID().slice(0, 6)}`, organization_id: orgId, owner: 'Ann' });
  expect(report.status, report.text).toBe(200);
  return report.body.id as string;
}

async function save(reportId: string, key: string, content: string) {
  const current = await call('GET', `/api/reports/${reportId}/sections/${key}`);
  const saved = await call('PUT', `/api/reports/${reportId}/sections/${key}`, { content, citations: [], version: current.body.version });
  expect(saved.status, saved.text).toBe(200);
}

const readLedger = async (reportId: string): Promise<Ledger> => {
  const res = await call('GET', `/api/reports/${reportId}/ledger`);
  expect(res.status, res.text).toBe(200);
  return res.body as Ledger;
};

/** Reads the ledger until no section is pending (the panel asks again every 2 s meanwhile), at most `tries` times. */
async function settledLedger(reportId: string, tries = 200): Promise<Ledger> {
  for (let i = 0; i < tries; i++) {
    const ledger = await readLedger(reportId);
    if (!ledger.pending.length) return ledger;
  }
  throw new Error(`the ledger of ${reportId} still has pending sections after ${tries} reads`);
}

const final = (reportId: string) => call('PUT', `/api/reports/${reportId}/status?status=Final&override_reason=${encodeURIComponent('Reviewed on paper')}`);

/** Who wrote a section's ledger part (its summary's head) among the recorded calls. */
const partWriters = (commands: readonly Command[], reportId: string, key: string) =>
  commands
    .filter((c) => c.service === 'dynamodb' && ['PutItem', 'TransactWriteItems'].includes(c.operation) && c.keys.includes(`REPORT#${reportId} LEDGER#S#section:${key}#000`))
    .map((c) => c.source);

beforeAll(async () => {
  lead = await registerAndLogin(gw, 'lead');
  const org = await call('POST', '/api/organizations', { name: `Ledger worker ${randomUUID().slice(0, 6)}` });
  orgId = org.body.id as string;
});

afterEach(async () => {
  await http(gw, 'DELETE', '/__harness/faults');
});

describe('a large section’s ledger part, computed in the background', () => {
  it('the save answers without it; the ledger lists the section as pending, not its old figures, until the worker stores it', async () => {
    // Prepare: the section's part as computed on an earlier, small save
    const reportId = await newReport();
    await save(reportId, 'findings', 'EBITDA margin fell to 11% in FY2024.');
    expect((await readLedger(reportId)).entries.map((e) => e.text)).toEqual(['11%']);

    // Act
    let first: Ledger | undefined;
    let settled: Ledger | undefined;
    const commands = await recorded(gw, async () => {
      await save(reportId, 'findings', large('EBITDA margin fell to 12% in FY2024.'));
      first = await readLedger(reportId);
      settled = await settledLedger(reportId);
    });

    // Assess: right after the save, either still pending (and the old 11% not listed) or already the new part
    const texts = first!.entries.map((e) => e.text);
    expect(texts).not.toContain('11%');
    if (first!.pending.length) expect(first!.pending).toEqual([FINDINGS]);
    else expect(texts).toEqual(['12%']);
    expect(settled!.entries).toMatchObject([{ text: '12%', support: 'unsupported', excerpt: 'EBITDA margin fell to 12% in FY2024.' }]);
    expect(settled!.counts).toMatchObject({ figures: 1, unsupported: 1 });
    // the part was written by the worker, never on the save's request
    const writers = partWriters(commands, reportId, 'findings');
    expect(writers.length).toBeGreaterThan(0);
    expect(new Set(writers)).toEqual(new Set(['ledgerParts']));
  });

  it('a small section’s part is computed on the save’s request: the read right after it is current', async () => {
    // Prepare
    const reportId = await newReport();
    await save(reportId, 'findings', large('EBITDA margin fell to 12% in FY2024.'));
    await settledLedger(reportId);

    // Act
    let ledger: Ledger | undefined;
    const commands = await recorded(gw, async () => {
      await save(reportId, 'findings', 'EBITDA margin fell to 13% in FY2024.');
      ledger = await readLedger(reportId);
    });

    // Assess
    expect(ledger!.pending).toEqual([]);
    expect(ledger!.entries.map((e) => e.text)).toEqual(['13%']);
    expect(new Set(partWriters(commands, reportId, 'findings'))).toEqual(new Set(['saveSection']));
  });

  it('two quick saves end with the later one’s figures', async () => {
    // Prepare
    const reportId = await newReport();
    await save(reportId, 'findings', large('EBITDA margin fell to 11% in FY2024.'));
    await settledLedger(reportId);

    // Act: two saves, the second before the first one's worker is likely done
    await save(reportId, 'findings', large('EBITDA margin fell to 14% in FY2024.'));
    await save(reportId, 'findings', large('EBITDA margin fell to 15% in FY2024.'));
    const ledger = await settledLedger(reportId);

    // Assess
    expect(ledger.entries.map((e) => e.text)).toEqual(['15%']);
    expect(ledger.counts).toMatchObject({ figures: 1, unsupported: 1 });
  });

  it('Final’s gate right after a save refuses its new unsupported figure', async () => {
    // Prepare
    const reportId = await newReport();
    const sentence = 'Churn rose to 9% in FY2024.';

    // Act
    await save(reportId, 'findings', large(sentence));
    const refused = await final(reportId);

    // Assess
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.detail).toBe(ledgerDetails.finalNeedsFigures([`“9%” in “${sentence}”`]));
    expect((await call('GET', `/api/reports/${reportId}`)).body.status).toBe('Draft');
  });

  it('a worker that fails to store the part leaves it to the next read, and the save is kept', async () => {
    // Prepare: the worker's write of the part fails (the save's own writes do not)
    const reportId = await newReport();
    expect((await http(gw, 'POST', '/__harness/faults', { body: { service: 'dynamodb', operation: 'TransactWriteItems', source: 'ledgerParts', kind: 'error', count: 5 } })).status).toBe(200);

    // Act
    let ledger: Ledger | undefined;
    const commands = await recorded(gw, async () => {
      await save(reportId, 'findings', large('Headcount fell to 240 in FY2024.'));
      ledger = await settledLedger(reportId);
    });
    const faults = await http<{ injected: { operation: string }[] }>(gw, 'GET', '/__harness/faults');

    // Assess: the worker tried and failed; a read computed the part
    expect(faults.body.injected.some((f) => f.operation === 'TransactWriteItems')).toBe(true);
    expect(ledger!.entries.map((e) => e.text)).toEqual(['240']);
    expect(new Set(partWriters(commands, reportId, 'findings'))).toEqual(new Set(['ledgerParts', 'getLedger']));
    const section = await call('GET', `/api/reports/${reportId}/sections/findings`);
    expect(section.body.content).toContain('Headcount fell to 240 in FY2024.');
  });
});
