import { PresignResponse } from '@shared/schemas/evidence';
import { BrandResponse, LogoParams, LogoPresignBody, LogoResponse, SaveBrandBody } from '@shared/schemas/exports';
import { ReportIdParams } from '@shared/schemas/report-document';
import { defineRoute, routeTable } from '../route-types';

/**
 * The brand of step 10 "Finalize & Brand": the logo (uploaded like large evidence, through a presigned POST,
 * then checked by magic bytes and size, SVG sanitized) and the brand kept on the report's organization.
 */
export const brandRoutes = routeTable({
  getBrand: defineRoute({
    method: 'GET',
    path: '/api/reports/{id}/brand',
    handler: 'brand/get-brand',
    summary: 'The report\'s brand (its finalize data, else its organization\'s brand settings) with a short-lived link to the logo',
    params: ReportIdParams,
    response: BrandResponse,
    bundleBudgetKb: 520, // the report document's schema, with the chosen templates and the drafting job
    access: { table: 'read', evidenceBucket: [{ actions: ['get'], prefixes: ['progress', 'brand'] }] },
  }),
  saveBrand: defineRoute({
    method: 'PUT',
    path: '/api/reports/{id}/brand',
    handler: 'brand/save-brand',
    summary: 'Keep the brand chosen for this report as its organization\'s default (colours and logo; the logo is copied to the report)',
    params: ReportIdParams,
    body: SaveBrandBody,
    response: BrandResponse,
    bundleBudgetKb: 520, // as getBrand: the templates and drafting-job schemas
    access: { table: 'readwrite', evidenceBucket: [{ actions: ['get', 'put'], prefixes: ['brand'] }] },
  }),
  presignLogo: defineRoute({
    method: 'POST',
    path: '/api/reports/{id}/brand/logo/presign',
    handler: 'brand/presign-logo',
    summary: 'A presigned POST for a logo of up to 2 MB (PNG, JPEG or SVG), sent by the browser straight to S3',
    params: ReportIdParams,
    body: LogoPresignBody,
    response: PresignResponse,
    bundleBudgetKb: 580, // S3 client plus @aws-sdk/s3-presigned-post, and the access check
    access: { table: 'readwrite', evidenceBucket: [{ actions: ['put'], prefixes: ['uploads'] }] },
  }),
  processLogo: defineRoute({
    method: 'POST',
    path: '/api/reports/{id}/brand/logo/{file_id}',
    handler: 'brand/process-logo',
    summary: 'Check an uploaded logo by its bytes (PNG, JPEG or SVG; size and pixels), sanitize an SVG, and keep it with the report',
    bodyType: 'none',
    params: LogoParams,
    response: LogoResponse,
    bundleBudgetKb: 800, // linkedom, to read SVG for its sanitizer
    access: { table: 'readwrite', evidenceBucket: [{ actions: ['get', 'delete'], prefixes: ['uploads'] }, { actions: ['get', 'put'], prefixes: ['brand'] }] },
  }),
});
