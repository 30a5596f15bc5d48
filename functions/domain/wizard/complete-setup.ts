/**
 * POST /api/wizard/setup: "Complete Setup" as one server operation (spec section 7: the organization first,
 * then the report; here both in one transaction with the setup step and the initial progress, so a failure
 * leaves nothing behind and the browser cleans up nothing). The ids come from the idempotency key, so a retry
 * of the same setup answers the same ids and creates nothing twice. Evidence uploaded under the wizard's
 * placeholder is claimed right after (safe to repeat). Completing setup again (ids in the setup data) updates
 * the organization and the report with the versions the tab holds: a change made elsewhere since is a 409.
 * The organization and the report the setup names were read by the access check (the request's context); the
 * answer is made from what was written, not read back.
 */
import { createHash } from 'node:crypto';
import * as z from 'zod/mini';
import { organizationsDetails } from '@shared/messages/organizations';
import { reportsDetails } from '@shared/messages/reports';
import { wizardTexts } from '@shared/messages/wizard';
import { formatZodError } from '@shared/schemas/common';
import { CreateOrganizationBody } from '@shared/schemas/organizations';
import type { Organization } from '@shared/schemas/organizations';
import type { Report } from '@shared/schemas/reports';
import type { SetupBody, SetupData, SetupResponse } from '@shared/schemas/wizard';
import { getOrganization } from '../../data/organizations-repo';
import { readProgressItems } from '../../data/progress-repo';
import { clientListing, getReport, listedIn, raiseListedNewest } from '../../data/reports-repo';
import { setupParts, type OrganizationPart, type ReportPart } from '../../data/setup-repo';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import { assertNotFinal } from '../access/final-lock';
import type { RequestContext } from '../../lib/middleware/types';
import { claimPlaceholderEvidence } from '../evidence/claim';
import { PartFailedError, storeSteps, type StoredSteps } from './store-steps';
import { staffProfile } from '../teams/teams';

/** A UUID (RFC 9562 version 8: name-based, SHA-256) for what this user's setup with this key creates. */
export function setupId(kind: 'organization' | 'report', user: string, key: string): string {
  const h = createHash('sha256').update(`assay-setup\u0000${kind}\u0000${user}\u0000${key}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x80;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** The organization's fields from the setup (the organization's own schema fills the spec's defaults). */
function organizationFields(setup: SetupData): CreateOrganizationBody {
  const brand = setup.brandSettings;
  const parsed = z.safeParse(CreateOrganizationBody, {
    name: setup.organizationName,
    sector: setup.sector || undefined,
    geography: setup.geography,
    fy_start: setup.fyStart || undefined,
    currency: setup.currency || undefined,
    brand_settings: {
      ...(brand.primaryColor ? { primaryColor: brand.primaryColor } : {}),
      ...(brand.secondaryColor ? { secondaryColor: brand.secondaryColor } : {}),
      ...(brand.logoUrl ? { logoUrl: brand.logoUrl } : {}),
    },
  });
  if (!parsed.success) throw new BadRequestError(formatZodError(parsed.error, 'setup'));
  return parsed.data;
}

const sameFields = (a: CreateOrganizationBody, b: Partial<CreateOrganizationBody>) =>
  a.name === b.name && a.sector === b.sector && a.geography === b.geography && a.fy_start === b.fy_start && a.currency === b.currency && JSON.stringify(a.brand_settings) === JSON.stringify(b.brand_settings ?? {});

/** The organization as the access check read it (when the setup names it), else read here (an id of a first setup). */
async function organizationOf(context: RequestContext, id: string): Promise<Organization | undefined> {
  const standing = context.clients.get(id);
  return standing ? standing.organization : getOrganization(id);
}

/** The report as the access check read it (when the setup names it), else read here (an id of a first setup). */
async function reportOf(context: RequestContext, id: string): Promise<Report | undefined> {
  return context.reports.get(id) ?? getReport(id, { consistent: true });
}

export async function completeSetup(context: RequestContext, body: SetupBody, user: string): Promise<SetupResponse> {
  const setup = body.setup;
  const title = setup.reportTitle.trim();
  const owner = setup.reportOwner.trim();
  if (!setup.organizationName.trim() || !title || !owner) throw new BadRequestError(wizardTexts.toasts.required);
  const fields = organizationFields(setup);
  const now = new Date().toISOString();
  const organizationId = setup.organizationId || setupId('organization', user, body.idempotency_key);
  const reportId = setup.reportId || setupId('report', user, body.idempotency_key);
  const [org, report] = await Promise.all([organizationOf(context, organizationId), reportOf(context, reportId)]);

  if (!setup.reportId && report) {
    // this setup was done already (a retry; the ids are this user's and this key's): the same ids, nothing created twice
    return answer(body, user, { organizationId: report.organization_id, reportId, created: false });
  }
  if (setup.organizationId && !org) throw new NotFoundError(organizationsDetails.organizationNotFound);
  if (setup.reportId && !report) throw new NotFoundError(reportsDetails.reportNotFound);
  // a Final report's setup is read-only too; a move to Final after this read fails the report's part on its version
  if (report) assertNotFinal(report);

  const audits = [];
  let orgPart: OrganizationPart;
  if (!org) orgPart = { kind: 'create', id: organizationId, fields };
  else {
    const changed = !sameFields(fields, org);
    const version = setup.organizationVersion ?? org.version;
    orgPart = { kind: 'update', id: organizationId, version, ...(changed ? { fields } : {}) };
    if (changed) {
      const diff = (['name', 'sector', 'geography', 'fy_start', 'currency'] as const).filter((f) => org[f] !== fields[f]).map((f) => `${f}: ${org[f]} → ${fields[f]}`);
      if (JSON.stringify(org.brand_settings) !== JSON.stringify(fields.brand_settings)) diff.push('brand settings');
      audits.push({ action: 'organization.update' as const, target: { kind: 'organization' as const, id: organizationId, title: fields.name }, user, detail: diff.join('; '), at: now, under: { kind: 'organization' as const, id: organizationId } });
    }
  }
  let reportPart: ReportPart;
  if (!report) reportPart = { kind: 'create', id: reportId, title, owner };
  else if (report.title !== title || report.owner !== owner) {
    reportPart = { kind: 'update', id: reportId, version: setup.reportVersion ?? report.version, status: report.status, title, owner };
    const diff = [report.title !== title && `title: ${report.title} → ${title}`, report.owner !== owner && `owner: ${report.owner} → ${owner}`].filter(Boolean).join('; ');
    audits.push({ action: 'report.update' as const, target: { kind: 'report' as const, id: reportId, title }, user, detail: diff, at: now, under: { kind: 'report' as const, id: reportId }, client: report.organization_id });
  } else reportPart = { kind: 'keep', id: reportId };

  const organizationVersion = orgPart.kind === 'create' ? 1 : orgPart.fields ? orgPart.version + 1 : org!.version;
  const reportVersion = reportPart.kind === 'create' ? 1 : reportPart.kind === 'update' ? reportPart.version + 1 : report!.version;
  const stored: SetupData = {
    ...setup,
    organizationVersion,
    reportVersion,
    organizationName: setup.organizationName.trim(),
    reportTitle: title,
    reportOwner: owner,
    geography: fields.geography,
    sector: fields.sector,
    fyStart: fields.fy_start,
    currency: fields.currency,
    organizationId,
    reportId,
  };
  const listing = orgPart.kind !== 'create' && reportPart.kind === 'create' ? await clientListing(organizationId) : undefined;
  // a report listed (or re-sorted) under a confidential client: its partitions' newest time first (reports-repo)
  const listedUnder = reportPart.kind === 'update' ? await listedIn(reportId) : listing?.confidential ? organizationId : undefined;
  if (listedUnder) await raiseListedNewest(listedUnder, now);
  let saved: StoredSteps;
  try {
    saved = await storeSteps({
      reportId,
      steps: { setup: stored },
      base: body.step_version === undefined ? { kind: 'overwrite' } : { kind: 'step', versions: { setup: body.step_version } },
      completedAdd: ['setup'],
      currentStep: 1,
      // the report's own part is in this transaction (created, or updated on its version)
      ...(reportPart.kind === 'keep' ? {} : { openCheck: false as const }),
      caller: { user, ...(body.session !== undefined ? { session: body.session } : {}), ...(body.seq !== undefined ? { seq: body.seq } : {}) },
      also: setupParts({
        organization: orgPart,
        report: reportPart,
        by: user,
        now,
        audits,
        ...(orgPart.kind === 'create' ? { lead: await staffProfile(user) } : {}),
        ...(listing ? { listing } : {}),
      }),
    });
  } catch (error) {
    if (!(error instanceof PartFailedError)) throw error;
    if (orgPart.kind === 'create' || reportPart.kind === 'create') {
      // a retry of this setup ran at the same moment and created them: the same ids
      const existing = await getReport(reportId, { consistent: true });
      if (existing) return answer(body, user, { organizationId: existing.organization_id, reportId, created: false });
    }
    if (error.part === 'organization') throw new ConflictError(organizationsDetails.organizationStale((await getOrganization(organizationId))?.updated_by ?? 'someone else'));
    throw new ConflictError(reportsDetails.reportStale((await getReport(reportId))?.updated_by ?? 'someone else'));
  }
  return answer(body, user, { organizationId, reportId, created: reportPart.kind === 'create' }, { organizationVersion, reportVersion, saved });
}

/**
 * The ids and versions as stored, after claiming the placeholder's evidence (again: safe to repeat): as this
 * setup wrote them (`written`), or read back when another request did (a retry of the same setup).
 */
async function answer(
  body: SetupBody,
  user: string,
  ids: { organizationId: string; reportId: string; created: boolean },
  written?: { organizationVersion: number; reportVersion: number; saved: StoredSteps },
): Promise<SetupResponse> {
  const moved = body.placeholder_id ? (await claimPlaceholderEvidence(ids.reportId, body.placeholder_id, user)).moved : 0;
  const stored = written
    ? {
        organizationVersion: written.organizationVersion,
        reportVersion: written.reportVersion,
        step: { data: written.saved.data.setup, version: written.saved.step_versions.setup ?? 0 },
        version: written.saved.version,
        lastSaved: written.saved.last_saved,
      }
    : await readBack(ids);
  return {
    success: true,
    organization_id: ids.organizationId,
    report_id: ids.reportId,
    organization_version: stored.organizationVersion,
    report_version: stored.reportVersion,
    created: ids.created,
    setup: stored.step.data as SetupData,
    step_version: stored.step.version,
    version: stored.version,
    last_saved: stored.lastSaved,
    evidence_moved: moved,
  };
}

async function readBack(ids: { organizationId: string; reportId: string }) {
  const [org, report, progress] = await Promise.all([getOrganization(ids.organizationId), getReport(ids.reportId, { consistent: true }), readProgressItems(ids.reportId)]);
  const step = progress.steps.get('setup');
  return {
    organizationVersion: org?.version ?? 1,
    reportVersion: report?.version ?? 1,
    step: { data: step?.data, version: step?.version ?? 0 },
    version: progress.meta.version,
    lastSaved: progress.meta.last_saved ?? new Date().toISOString(),
  };
}
