/**
 * Templates through the gateway: an administrator uploads a firm template (presigned POST to S3, then
 * the check), a client's lead uploads one for that client; everyone lists the firm's and, for a client they may
 * read, the client's; delete. Refused: a firm template from someone not an administrator (403), a client's from
 * someone not its lead (403), anything about a confidential client from an outsider (the answer for a client
 * that does not exist), and each bad file with its own 4xx and detail. End to end: a report whose Finalize & Brand step chose
 * the firm's deck exports a PowerPoint file built on it.
 *
 * Templates fetch nothing: one with a DOCTYPE (an external entity), or with entity declarations, is refused with a
 * detail that names them; one whose pictures link to a local HTTP server and to `file:` paths, with a remote
 * attached template, is accepted cleaned, the uploader told what went; the server gets no request, at upload
 * (previews included) or when the exports built on it (DOCX, PDF, PPTX) are opened in LibreOffice, and no
 * export's relationships name an outside target.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { details } from '@shared/messages';
import { TEMPLATE_MAX_BYTES } from '@shared/schemas/templates';
import { keys } from '../../functions/data/keys';
import { LOCAL_ADMIN_EMAIL } from '../../infra/local/stack';
import { s3Client, tableClient } from '../helpers/emulator-clients';
import { unpackAllExport, waitForExport } from '../helpers/export-wait';
import { adminSession, http, registerAndLogin } from '../helpers/http';
import { startLinkTrap, trapPixels, type LinkTrap } from '../helpers/link-trap';
import { bombTemplate, deckTemplate, dtdWordTemplate, linkedDeckTemplate, linkedWordTemplate, macroTemplate, numberedWordTemplate, TINY_JPEG, unexportableWordTemplate, wordTemplate } from '../helpers/office-templates';
import { composedReport } from '../helpers/report-setup';
import { uploadTemplate } from '../helpers/template-upload';

const stack = inject('stack');
const gw = stack.urls.gateway;

type Session = Awaited<ReturnType<typeof registerAndLogin>>;
let admin: Session;
let lead: Session;
let staff: Session;
let outsider: Session;
let openOrg: string;
let secretOrg: string;

async function newClient(session: Session, name: string): Promise<string> {
  const org = await http(gw, 'POST', '/api/organizations', { token: session.token, body: { name } });
  expect(org.status, org.text).toBe(200);
  return org.body.id as string;
}

/** Presign, POST the bytes to S3, then ask for the check: the answer of the check (or of the presign when it refuses). */
const upload = (session: Session, name: string, bytes: Uint8Array, organizationId?: string) => uploadTemplate(gw, session.token, name, bytes, organizationId);

const list = (session: Session, organizationId?: string) => http(gw, 'GET', `/api/templates${organizationId ? `?organization_id=${organizationId}` : ''}`, { token: session.token });

beforeAll(async () => {
  [admin, lead, staff, outsider] = await Promise.all([adminSession(gw, LOCAL_ADMIN_EMAIL), registerAndLogin(gw, 'tpl-lead'), registerAndLogin(gw, 'tpl-staff'), registerAndLogin(gw, 'tpl-outsider')]);
  openOrg = await newClient(lead, `Open client ${randomUUID().slice(0, 6)}`);
  secretOrg = await newClient(lead, `Secret client ${randomUUID().slice(0, 6)}`);
  const confidential = await http(gw, 'PUT', `/api/organizations/${secretOrg}/confidential`, { token: lead.token, body: { confidential: true } });
  expect(confidential.status, confidential.text).toBe(200);
}, 60_000);

describe('uploading, listing and deleting templates', () => {
  it('an administrator uploads a firm deck: checked, kept with its layouts, thumbnail and previews, listed for everyone', async () => {
    // Act
    const res = await upload(admin, 'Northwind deck.potx', await deckTemplate());
    // Assess
    expect(res.status, res.text).toBe(200);
    const t = res.body.template;
    expect(t).toMatchObject({ kind: 'pptx', scope: 'firm', organization_id: null, file_name: 'Northwind deck.potx', name: 'Northwind deck.potx (test)', notes: [] });
    expect(t.layouts).toContainEqual({ layout: 'two-content', name: 'Northwind Two Content', fallback: false });
    const thumb = await fetch(t.thumbnail_url);
    expect(Buffer.from(await thumb.arrayBuffer()).equals(TINY_JPEG)).toBe(true);
    // previews of its layouts, rendered with the harness's LibreOffice, kept next to it and linked
    expect(t.preview_urls).toHaveLength(3);
    for (const url of t.preview_urls as string[]) {
      const png = Buffer.from(await (await fetch(url)).arrayBuffer());
      expect(png.subarray(0, 4).toString('latin1')).toBe('\x89PNG');
    }
    const seen = await list(staff);
    expect(seen.status).toBe(200);
    expect(seen.body.items.map((i: { id: string }) => i.id)).toContain(t.id);
  });

  it('someone who is not an administrator may not add a firm template (403 with a detail)', async () => {
    const res = await upload(lead, 'mine.dotx', await wordTemplate());
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe(details.templateFirmAdminOnly);
  });

  it('a client’s lead adds a Word template for that client; it lists with the client, not firm-wide; the lead deletes it', async () => {
    // Act
    const res = await upload(lead, 'Client report.dotx', await wordTemplate(), openOrg);
    // Assess
    expect(res.status, res.text).toBe(200);
    const id = res.body.template.id as string;
    expect(res.body.template).toMatchObject({ kind: 'docx', scope: 'client', organization_id: openOrg, thumbnail_url: null });
    expect((await list(staff, openOrg)).body.items.map((i: { id: string }) => i.id)).toContain(id);
    expect((await list(staff)).body.items.map((i: { id: string }) => i.id)).not.toContain(id);
    // staff on an open client may read it, not change its templates
    const notLead = await http(gw, 'DELETE', `/api/templates/${id}?organization_id=${openOrg}`, { token: staff.token });
    expect(notLead.status).toBe(403);
    const gone = await http(gw, 'DELETE', `/api/templates/${id}?organization_id=${openOrg}`, { token: lead.token });
    expect(gone.status, gone.text).toBe(200);
    expect((await list(lead, openOrg)).body.items.map((i: { id: string }) => i.id)).not.toContain(id);
    const again = await http(gw, 'DELETE', `/api/templates/${id}?organization_id=${openOrg}`, { token: lead.token });
    expect(again.status).toBe(404);
    expect(again.body.detail).toBe(details.templateNotFound);
  });

  it('a deleted client takes its own templates with it: the record and the files', async () => {
    // Prepare: a client of its own with a Word template, and the firm's templates as they are
    const org = await newClient(lead, `Leaving client ${randomUUID().slice(0, 6)}`);
    const made = await upload(lead, 'Leaving report.dotx', await wordTemplate(), org);
    expect(made.status, made.text).toBe(200);
    const id = made.body.template.id as string;
    const file = keys.templateObject(id, 'docx');
    const s3 = s3Client(stack);
    await s3.send(new HeadObjectCommand({ Bucket: stack.bucketName, Key: file }));
    const table = tableClient(stack);
    const record = () => table.send(new GetCommand({ TableName: stack.tableName, Key: keys.clientTemplate(org, id) }));
    expect((await record()).Item).toBeDefined();
    // Act
    const deleted = await http(gw, 'DELETE', `/api/organizations/${org}`, { token: lead.token });
    // Assess: the record and the package are gone
    expect(deleted.status, deleted.text).toBe(200);
    expect((await record()).Item).toBeUndefined();
    await expect(s3.send(new HeadObjectCommand({ Bucket: stack.bucketName, Key: file }))).rejects.toMatchObject({ name: 'NotFound' });
  });

  it('an outsider of a confidential client is told it does not exist, whatever they ask', async () => {
    const made = await upload(lead, 'Secret.potx', await deckTemplate(), secretOrg);
    expect(made.status, made.text).toBe(200);
    const asks = (org: string) => [
      http(gw, 'POST', '/api/templates/presign', { token: outsider.token, body: { file_name: 'x.dotx', file_size: 100, organization_id: org } }),
      list(outsider, org),
      http(gw, 'DELETE', `/api/templates/${made.body.template.id}?organization_id=${org}`, { token: outsider.token }),
    ];
    // Act
    const secret = await Promise.all(asks(secretOrg));
    const nowhere = await Promise.all(asks(randomUUID()));
    // Assess: the same answer as for a client that does not exist (a client named in the input: 400 with its detail)
    for (const [i, r] of secret.entries()) {
      expect(r.status, r.text).toBe(400);
      expect({ status: r.status, detail: r.body.detail }).toEqual({ status: nowhere[i]!.status, detail: nowhere[i]!.body.detail });
    }
    expect((await list(lead, secretOrg)).body.items.map((i: { id: string }) => i.id)).toContain(made.body.template.id);
  });

  it('refuses each bad file with its own 4xx and detail', async () => {
    const macro = await upload(admin, 'firm.dotx', await macroTemplate());
    expect([macro.status, macro.body.detail]).toEqual([415, details.templateMacros('firm.dotx')]);
    const macroName = await http(gw, 'POST', '/api/templates/presign', { token: admin.token, body: { file_name: 'firm.potm', file_size: 1000 } });
    expect([macroName.status, macroName.body.detail]).toEqual([415, details.templateMacros('firm.potm')]);
    const notZip = await upload(admin, 'fake.pptx', new TextEncoder().encode('%PDF-1.7 not a deck'));
    expect([notZip.status, notZip.body.detail]).toEqual([415, details.templateNotZip('fake.pptx')]);
    const bomb = await upload(admin, 'bomb.dotx', await bombTemplate());
    expect(bomb.status).toBe(413);
    expect(bomb.body.detail).toMatch(/^The template was refused: .*zip bomb/);
    const huge = await http(gw, 'POST', '/api/templates/presign', { token: admin.token, body: { file_name: 'huge.potx', file_size: 1024 * 1024 * 1024 } });
    expect([huge.status, huge.body.detail]).toEqual([413, details.templateTooLarge(TEMPLATE_MAX_BYTES)]);
    const missing = await upload(admin, 'blank.potx', await deckTemplate({ layouts: ['blank'] }));
    expect([missing.status, missing.body.detail]).toEqual([400, details.templateMissingLayouts('blank.potx', ['title', 'title-and-content', 'two-content', 'section'])]);
    const wrongKind = await upload(admin, 'deck.pptx', await wordTemplate());
    expect(wrongKind.status).toBe(415);
    // one that passes the check but on which no export can be made: the trial export at upload refuses it
    const unexportable = await upload(admin, 'Broken report.dotx', await unexportableWordTemplate());
    expect([unexportable.status, unexportable.body.detail]).toEqual([400, details.templateCannotExport('Broken report.dotx', "Invalid XML: closing tag </w:body> doesn't match <w:p>")]);
    expect((await list(admin)).body.items.map((i: { file_name: string }) => i.file_name)).not.toContain('Broken report.dotx');
    // an upload is processed once
    const unknown = await http(gw, 'POST', `/api/templates/uploads/${randomUUID()}`, { token: admin.token, body: {} });
    expect([unknown.status, unknown.body.detail]).toEqual([404, details.uploadNotFound]);
  }, 60_000);
});

describe('an export built on the chosen template', () => {
  it('a report whose Finalize & Brand step chose the firm deck exports PowerPoint on its layouts', async () => {
    // Prepare
    const deck = await upload(admin, 'Export deck.potx', await deckTemplate());
    expect(deck.status, deck.text).toBe(200);
    const owner = await registerAndLogin(gw, 'tpl-export');
    const report = await composedReport(gw, owner.token, { templates: { pptx: deck.body.template.id } });
    // Act
    const started = await http(gw, 'POST', `/api/reports/${report.reportId}/exports`, { token: owner.token, body: { format: 'pptx', sections: report.sections.map((s) => s.key) } });
    expect(started.status, started.text).toBe(202);
    const { job } = await waitForExport(gw, owner.token, report.reportId, started.body.export_id);
    // Assess
    expect(job.status, job.error).toBe('done');
    const zip = await JSZip.loadAsync(new Uint8Array(await (await fetch(job.download_url)).arrayBuffer()));
    const rels = await zip.file('ppt/slides/_rels/slide1.xml.rels')!.async('string');
    const layout = /Type="[^"]*\/slideLayout" Target="\/([^"]+)"/.exec(rels)![1]!;
    expect(await zip.file(layout)!.async('string')).toContain('name="Northwind Title"');
    expect(Object.keys(zip.files).some((p) => /^ppt\/charts\/chart[^/]*\.xml$/.test(p))).toBe(true);

    // Act again: the worker has the template already and asks S3 for it only if changed (304: its copy is used)
    const again = await http(gw, 'POST', `/api/reports/${report.reportId}/exports`, { token: owner.token, body: { format: 'pptx', sections: report.sections.map((s) => s.key) } });
    expect(again.status, again.text).toBe(202);
    const second = await waitForExport(gw, owner.token, report.reportId, again.body.export_id);
    // Assess: built on the same template
    expect(second.job.status, second.job.error).toBe('done');
    const zip2 = await JSZip.loadAsync(new Uint8Array(await (await fetch(second.job.download_url)).arrayBuffer()));
    const rels2 = await zip2.file('ppt/slides/_rels/slide1.xml.rels')!.async('string');
    expect(await zip2.file(/Type="[^"]*\/slideLayout" Target="\/([^"]+)"/.exec(rels2)![1]!)!.async('string')).toContain('name="Northwind Title"');
  }, 180_000);

  it('a Word template whose heading styles are numbered (through basedOn) numbers the export’s headings once, with its own numbers', async () => {
    // Prepare
    const work = mkdtempSync(join(tmpdir(), 'assay-template-numbered-'));
    try {
      const word = await upload(admin, 'Numbered report.dotx', await numberedWordTemplate());
      expect(word.status, word.text).toBe(200);
      const owner = await registerAndLogin(gw, 'tpl-numbered');
      const report = await composedReport(gw, owner.token, { templates: { docx: word.body.template.id } });
      // Act
      const started = await http(gw, 'POST', `/api/reports/${report.reportId}/exports`, { token: owner.token, body: { format: 'docx', sections: report.sections.map((s) => s.key) } });
      expect(started.status, started.text).toBe(202);
      const { job } = await waitForExport(gw, owner.token, report.reportId, started.body.export_id);
      // Assess: no heading carries a number of ours
      expect(job.status, job.error).toBe('done');
      const bytes = new Uint8Array(await (await fetch(job.download_url)).arrayBuffer());
      const doc = await (await JSZip.loadAsync(bytes)).file('word/document.xml')!.async('string');
      const headingTexts = (level: number) =>
        [...doc.matchAll(/<w:p\b[^>]*>([\s\S]*?)<\/w:p>/g)]
          .filter((m) => m[1]!.includes(`<w:pStyle w:val="Heading${level}"/>`))
          .map((m) => [...m[1]!.matchAll(/<w:t\b[^>]*>([^<]*)<\/w:t>/g)].map((t) => t[1]).join(''));
      const sections = headingTexts(1);
      expect(sections.length).toBe(report.sections.length);
      for (const text of [...sections, ...headingTexts(2)]) expect(text).not.toMatch(/^\d+(\.\d+)*\.?\s/);
      // LibreOffice draws the template's numbers, once: "1 Executive Summary", never "1 1. Executive Summary"
      const file = join(work, 'numbered.docx');
      writeFileSync(file, bytes);
      await promisify(execFile)('soffice', [`-env:UserInstallation=file://${join(work, 'profile')}`, '--headless', '--norestore', '--convert-to', 'pdf', '--outdir', work, file], { timeout: 150_000 });
      const { stdout } = await promisify(execFile)('pdftotext', ['-enc', 'UTF-8', join(work, 'numbered.pdf'), '-'], { maxBuffer: 64 * 1024 * 1024 });
      const text = stdout.replace(/\s+/g, ' ');
      const first = sections[0]!.replace(/&amp;/g, '&');
      expect(text).toContain(`1 ${first}`);
      for (const [i, title] of sections.entries()) expect(text).not.toContain(`${i + 1}. ${title.replace(/&amp;/g, '&')}`);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }, 300_000);
});

describe('templates fetch nothing', () => {
  let trap: LinkTrap;
  const work = mkdtempSync(join(tmpdir(), 'assay-template-links-'));
  const execFileAsync = promisify(execFile);
  beforeAll(async () => {
    trap = await startLinkTrap();
  });
  afterAll(async () => {
    await trap.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('a template with a DOCTYPE, or with entity declarations, is refused at upload with a detail that names them; nothing is kept', async () => {
    // Act
    const doctype = await upload(admin, 'Entity report.dotx', await dtdWordTemplate('doctype'));
    const entities = await upload(admin, 'Laughs report.dotx', await dtdWordTemplate('entities'));
    // Assess
    expect([doctype.status, doctype.body.detail]).toEqual([
      400,
      details.templateDeclarations('Entity report.dotx', [
        { part: 'word/document.xml', name: 'DOCTYPE' },
        { part: 'word/document.xml', name: 'ENTITY' },
      ]),
    ]);
    expect(doctype.body.detail).toMatch(/^Entity report\.dotx was refused: word\/document\.xml has a DOCTYPE declaration/);
    expect([entities.status, entities.body.detail]).toEqual([
      400,
      details.templateDeclarations('Laughs report.dotx', [
        { part: 'word/styles.xml', name: 'DOCTYPE' },
        { part: 'word/styles.xml', name: 'ENTITY' },
      ]),
    ]);
    const names = (await list(admin)).body.items.map((i: { file_name: string }) => i.file_name);
    expect(names).not.toContain('Entity report.dotx');
    expect(names).not.toContain('Laughs report.dotx');
  });

  it('one whose pictures link to a local server and to file: paths, with a remote attached template, is accepted cleaned; exports on it carry no outside target and open in LibreOffice; the server gets no request', async () => {
    // Prepare
    const remote = trap.pictureUrl.replace('linked.png', 'remote.dotm');
    const pictures = [trap.pictureUrl, trap.fileUrl, 'file:///etc/hostname'];
    trap.requests.length = 0;
    // Act: upload both kinds (checked, kept, previews drawn)
    const word = await upload(admin, 'Linked report.dotx', await linkedWordTemplate({ pictures, attachedTemplate: remote }));
    const deck = await upload(admin, 'Linked deck.potx', await linkedDeckTemplate({ pictures }));
    // Assess: accepted, the uploader told what went
    expect(word.status, word.text).toBe(200);
    expect(deck.status, deck.text).toBe(200);
    expect(word.body.template.notes).toEqual([details.templateLinksRemoved([{ kind: 'picture', targets: pictures }, { kind: 'attachedTemplate', targets: [remote] }])]);
    expect(deck.body.template.notes).toEqual([details.templateLinksRemoved([{ kind: 'picture', targets: pictures }])]);
    // the previews show neither picture
    const previews = [...(word.body.template.preview_urls as string[]), ...(deck.body.template.preview_urls as string[])];
    expect(previews.length).toBeGreaterThanOrEqual(4);
    for (const url of previews) expect(await trapPixels(new Uint8Array(await (await fetch(url)).arrayBuffer()))).toEqual({ green: 0, red: 0 });
    // what is kept is the cleaned package
    const s3 = s3Client(stack);
    for (const t of [word.body.template, deck.body.template] as { id: string; kind: 'docx' | 'pptx' }[]) {
      const stored = await s3.send(new GetObjectCommand({ Bucket: stack.bucketName, Key: keys.templateObject(t.id, t.kind) }));
      const zip = await JSZip.loadAsync(await stored.Body!.transformToByteArray());
      for (const rels of Object.keys(zip.files).filter((p) => p.endsWith('.rels'))) expect(await zip.file(rels)!.async('string'), rels).not.toMatch(/TargetMode="External"|attachedTemplate/);
    }

    // Act: a report built on both exports all three formats
    const owner = await registerAndLogin(gw, 'tpl-links');
    const report = await composedReport(gw, owner.token, { templates: { docx: word.body.template.id, pptx: deck.body.template.id } });
    const started = await http(gw, 'POST', `/api/reports/${report.reportId}/exports`, { token: owner.token, body: { format: 'all', sections: report.sections.map((s) => s.key) } });
    expect(started.status, started.text).toBe(202);
    const { job } = await waitForExport(gw, owner.token, report.reportId, started.body.export_id, 120_000);
    expect(job.status, job.error).toBe('done');
    const files = await unpackAllExport(job.download_url, work);
    // Assess: built on the templates, no relationship names an outside target
    for (const file of [files.docx, files.pptx]) {
      const zip = await JSZip.loadAsync(new Uint8Array(readFileSync(file)));
      for (const rels of Object.keys(zip.files).filter((p) => p.endsWith('.rels'))) expect(await zip.file(rels)!.async('string'), `${file} ${rels}`).not.toMatch(/TargetMode="External"|attachedTemplate/);
    }
    // each opens in LibreOffice (converted, with its own defaults: it would fetch what was left), the PDF in poppler
    for (const file of [files.docx, files.pptx]) {
      const out = join(work, `out-${file.split('.').at(-1)}`);
      await execFileAsync('soffice', [`-env:UserInstallation=file://${join(work, `profile-${randomUUID()}`)}`, '--headless', '--norestore', '--convert-to', 'pdf', '--outdir', out, file], { timeout: 150_000 });
      expect(existsSync(join(out, file.split('/').at(-1)!.replace(/\.\w+$/, '.pdf'))), file).toBe(true);
    }
    const { stdout } = await execFileAsync('pdftotext', ['-enc', 'UTF-8', files.pdf, '-'], { maxBuffer: 64 * 1024 * 1024 });
    expect(stdout.replace(/\s+/g, ' ')).toContain(report.title.replace(/\s+/g, ' '));
    expect(trap.requests).toEqual([]);
  }, 300_000);
});
