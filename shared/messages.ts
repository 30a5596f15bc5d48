/**
 * Every user-visible string from the specification (../shared/spec.md), once, and the server's error details (the
 * `detail` of its 4xx and 5xx answers). They live in one module per area, ./messages/<area>.ts, each with its part
 * of `messages` and of `details`; code takes the area modules it uses, so a page or a function carries only the
 * texts it shows. This index assembles the whole `messages` and `details`. The texts every page shows before its
 * own code loads (footer, loading, page error) are ./messages/shell.ts, which the SPA's entry imports alone.
 */
import { adminDetails, adminTexts } from './messages/admin';
import { aiDetails } from './messages/ai';
import { authDetails, authTexts, federatedSignInTexts } from './messages/auth';
import { brandDetails, finalizeTexts } from './messages/brand';
import { commentsDetails } from './messages/comments';
import { dashboardTexts } from './messages/dashboard';
import { editorTexts } from './messages/editor';
import { evidenceDetails, evidenceTexts } from './messages/evidence';
import { exportsDetails, exportsTexts } from './messages/exports';
import { organizationsDetails } from './messages/organizations';
import { reportsDetails } from './messages/reports';
import { reviewsDetails } from './messages/reviews';
import { reportTexts, sectionsDetails } from './messages/sections';
import { shellBrand, shellCommon } from './messages/shell';
import { systemDetails } from './messages/system';
import { teamsDetails } from './messages/teams';
import { templatesDetails } from './messages/templates';
import { visualsDetails, visualsTexts } from './messages/visuals';
import { wizardDetails, wizardTexts } from './messages/wizard';

export const messages = {
  /** sign-in through the firm's identity provider (a deploy option: README "Sign-in through your identity provider") */
  federatedSignIn: federatedSignInTexts,
  brand: shellBrand,
  auth: authTexts,
  /** the administrators' pages */
  admin: adminTexts,
  dashboard: dashboardTexts,
  wizard: wizardTexts,
  evidence: evidenceTexts,
  /** the report document: wizard steps 5–10, citations, consistency, composing sections */
  report: reportTexts,
  editor: editorTexts,
  visuals: visualsTexts,
  /** step 10 "Finalize & Brand" */
  finalize: finalizeTexts,
  exports: exportsTexts,
  common: shellCommon,
} as const;

/** Server-side error details (the `detail` of 4xx answers). Not in the spec; kept here so tests and UI share them. */
export const details = {
  ...authDetails,
  ...systemDetails,
  ...adminDetails,
  ...organizationsDetails,
  ...reportsDetails,
  ...teamsDetails,
  ...commentsDetails,
  ...evidenceDetails,
  ...wizardDetails,
  ...sectionsDetails,
  ...aiDetails,
  ...exportsDetails,
  ...brandDetails,
  ...templatesDetails,
  ...visualsDetails,
  ...reviewsDetails,
} as const;
