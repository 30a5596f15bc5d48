import { PresignResponse } from '@shared/schemas/evidence';
import { ProcessTemplateBody, TemplateDeleted, TemplateList, TemplateParams, TemplatePresignBody, TemplateResponse, TemplateScopeQuery, TemplateUploadParams } from '@shared/schemas/templates';
import { defineRoute, routeTable } from '../route-types';

/**
 * The firm's own Word and PowerPoint templates. Without `organization_id` a route is about the
 * firm's templates (administrators change them); with it, about that client's (its lead changes them: the
 * access policy checks `manage_team` on the client named in the input before the handler runs).
 */
export const templateRoutes = routeTable({
  presignTemplate: defineRoute({
    method: 'POST',
    path: '/api/templates/presign',
    handler: 'templates/presign-template',
    summary: 'A presigned POST for a template of up to 20 MB (.dotx, .docx, .potx, .pptx), sent by the browser straight to S3',
    body: TemplatePresignBody,
    response: PresignResponse,
    clientAction: 'manage_team',
    bundleBudgetKb: 600, // S3 client plus @aws-sdk/s3-presigned-post, the access check and the administrator check
    access: { table: 'readwrite', evidenceBucket: [{ actions: ['put'], prefixes: ['uploads'] }] },
  }),
  processTemplate: defineRoute({
    method: 'POST',
    path: '/api/templates/uploads/{file_id}',
    handler: 'templates/process-template',
    summary: 'Check an uploaded template by its bytes (zip magic, size, zip-bomb guard, content types, no macros, the slide layouts a deck needs) and keep it',
    params: TemplateUploadParams,
    body: ProcessTemplateBody,
    response: TemplateResponse,
    clientAction: 'manage_team',
    size: 'large',
    bundleBudgetKb: 2200, // S3 client, fflate and the zip guard; pptxgenjs (with its JSZip) and the deck graft for the layout previews (render-previews.ts); the Word and deck exporters with the export model (markdown parser) for the trial export on the template (exports/try-template.ts)
    access: { table: 'readwrite', evidenceBucket: [{ actions: ['get', 'delete'], prefixes: ['uploads'] }, { actions: ['get', 'put'], prefixes: ['templates'] }] },
  }),
  listTemplates: defineRoute({
    method: 'GET',
    path: '/api/templates',
    handler: 'templates/list-templates',
    summary: "The firm's templates, and the client's when organization_id names one, with short-lived links to their thumbnails",
    query: TemplateScopeQuery,
    response: TemplateList,
    bundleBudgetKb: 600, // S3 client and presigner (thumbnail links) and the access check
    access: { table: 'read', evidenceBucket: [{ actions: ['get'], prefixes: ['templates'] }] },
  }),
  deleteTemplate: defineRoute({
    method: 'DELETE',
    path: '/api/templates/{template_id}',
    handler: 'templates/delete-template',
    summary: "Delete a firm template (administrators) or, with organization_id, a client's template (its lead)",
    params: TemplateParams,
    query: TemplateScopeQuery,
    response: TemplateDeleted,
    clientAction: 'manage_team',
    bundleBudgetKb: 600,
    access: { table: 'readwrite', evidenceBucket: [{ actions: ['delete'], prefixes: ['templates'] }] },
  }),
});
