/**
 * Step 10 "Finalize & Brand": the report's brand (its step 10 data, else its organization's settings) and the
 * brand kept on the organization as its default for the next report. The logo's upload is in logo.ts. The report
 * and its organization come from the request's context.
 */
import { randomUUID } from 'node:crypto';
import { DEFAULT_PRIMARY_COLOR } from '@shared/schemas/report-document';
import { brandDetails } from '@shared/messages/brand';
import { organizationsDetails } from '@shared/messages/organizations';
import { LOGO_KEY_PATTERN, LOGO_MIME_TYPES, type BrandResponse, type LogoKind, type SaveBrandBody } from '@shared/schemas/exports';
import { parseWizardData } from '@shared/schemas/wizard';
import { putAudit } from '../../data/audit-repo';
import { setOrganizationBrand } from '../../data/brand-repo';
import { presignDownload } from '../../data/download-signer';
import { keys } from '../../data/keys';
import { copyObject, objectSize } from '../../data/object-store';
import { readProgress } from '../../data/progress-repo';
import { BadRequestError, NotFoundError } from '../../lib/errors';
import type { ReportInContext } from '../../lib/middleware/types';
import { assertNotFinal, whileOpen } from '../access/final-lock';
import { organizationBrandSet } from '../audit/change-entries';

const LINK_SECONDS = 5 * 60;

/** A short-lived link that shows a logo. */
export const logoLink = (key: string, kind: LogoKind) => presignDownload(key, { expiresInSeconds: LINK_SECONDS, contentType: LOGO_MIME_TYPES[kind] });

const kindOfKey = (key: string): LogoKind => (key.endsWith('.svg') ? 'svg' : key.endsWith('.png') ? 'png' : 'jpg');

/** A short-lived link to a logo, or null when there is none (or it is gone). */
async function linkIfPresent(key: string): Promise<string | null> {
  if (!key || !LOGO_KEY_PATTERN.test(key)) return null;
  if ((await objectSize(key)) === undefined) return null;
  return logoLink(key, kindOfKey(key));
}

/** GET …/brand: the report's brand (step 10's data, else its organization's settings). */
export async function getReportBrand({ report, client }: ReportInContext): Promise<BrandResponse> {
  const organization = client.organization;
  const progress = await readProgress(report.id);
  const finalize = parseWizardData({ finalize: progress?.wizard_data?.finalize }).data.finalize;
  const org = organization?.brand_settings ?? {};
  const brand = finalize
    ? { primaryColor: finalize.brand.primaryColor, secondaryColor: finalize.brand.secondaryColor, logo_key: finalize.brand.logo_key }
    : { primaryColor: org.primaryColor ?? DEFAULT_PRIMARY_COLOR, secondaryColor: org.secondaryColor ?? '', logo_key: org.logo_key ?? '' };
  return { organization_id: organization?.id ?? null, brand, logo_url: await linkIfPresent(brand.logo_key) };
}

/**
 * PUT …/brand: keeps the brand as the organization's default (not from a Final report). A logo must be this
 * report's own, or the organization's current one (another report's), which is then copied to this report so it
 * goes with it.
 */
export async function saveReportBrand({ report, client }: ReportInContext, body: SaveBrandBody, by: string): Promise<BrandResponse> {
  const reportId = report.id;
  assertNotFinal(report);
  const organization = client.organization;
  if (!organization) throw new NotFoundError(organizationsDetails.organizationNotFound);
  let logoKey = body.logo_key;
  if (logoKey && !logoKey.startsWith(keys.reportObjectPrefix(reportId.toLowerCase()))) {
    if (logoKey !== organization.brand_settings.logo_key) throw new BadRequestError(brandDetails.logoKeyForeign);
    if ((await objectSize(logoKey)) === undefined) throw new BadRequestError(brandDetails.logoMissing);
    const copy = keys.brandLogoObject(reportId, randomUUID(), kindOfKey(logoKey));
    await copyObject(logoKey, copy);
    logoKey = copy;
  } else if (logoKey && (await objectSize(logoKey)) === undefined) throw new BadRequestError(brandDetails.logoMissing);
  const brand = {
    ...organization.brand_settings,
    primaryColor: body.primaryColor.toLowerCase(),
    ...(body.secondaryColor ? { secondaryColor: body.secondaryColor.toLowerCase() } : { secondaryColor: undefined }),
    logo_key: logoKey,
  };
  if (!brand.secondaryColor) delete brand.secondaryColor;
  const now = new Date().toISOString();
  if (!(await whileOpen(() => setOrganizationBrand(organization.id, brand, { by, now, fromReport: reportId })))) throw new NotFoundError(organizationsDetails.organizationNotFound);
  // the organization's log says so, right after the change (a single conditional update)
  await putAudit(organizationBrandSet(organization, report.title, by, now));
  return {
    organization_id: organization.id,
    brand: { primaryColor: brand.primaryColor, secondaryColor: brand.secondaryColor ?? '', logo_key: logoKey },
    logo_url: await linkIfPresent(logoKey),
  };
}
