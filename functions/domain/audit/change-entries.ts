/**
 * The audit log's wording for changes to reports and organizations: what each entry says about the change.
 * The domain operations compose the entries here; the repositories only store the entry they are given (in
 * the transaction that makes the change, where there is one).
 */
import type { ReportStatus } from '@shared/domain/options';
import type { CreateOrganizationBody, Organization } from '@shared/schemas/organizations';
import type { Report } from '@shared/schemas/reports';
import type { NewAuditEntry } from '../../data/audit-repo';

const NO_CHANGES = 'saved without changes';

/** a report or an organization: the things with an audit list of their own */
type Target = NewAuditEntry['target'] & { kind: NewAuditEntry['under']['kind'] };

/** An entry about `target`, kept under it unless `under` says otherwise (an organization's own entries name their client by it). */
function entry(action: NewAuditEntry['action'], target: Target, detail: string, by: string, at: string, under: NewAuditEntry['under'] = target): NewAuditEntry {
  return { action, target, user: by, detail, at, under: { kind: under.kind, id: under.id } };
}

/** A report the log names: its id and title, and its client (every entry carries the client it concerns). */
type ReportNamed = Pick<Report, 'id' | 'title' | 'organization_id'>;

/** An entry about a report, kept under it, naming its client. */
const reportEntry = (action: NewAuditEntry['action'], report: ReportNamed, title: string, detail: string, by: string, at: string): NewAuditEntry => ({
  ...entry(action, reportTarget(report.id, title), detail, by, at),
  client: report.organization_id,
});

const reportTarget = (id: string, title: string): Target => ({ kind: 'report', id, title });
const organizationTarget = (id: string, title: string): Target => ({ kind: 'organization', id, title });

/** "Draft → Final" */
export function reportStatusChanged(before: Report, status: ReportStatus, by: string, at: string): NewAuditEntry {
  return reportEntry('report.status', before, before.title, `${before.status} → ${status}`, by, at);
}

/** "title: A → B; owner: C → D" */
export function reportUpdated(before: Report, after: { title: string; owner: string }, by: string, at: string): NewAuditEntry {
  const changes = [before.title !== after.title && `title: ${before.title} → ${after.title}`, before.owner !== after.owner && `owner: ${before.owner} → ${after.owner}`].filter(Boolean);
  return reportEntry('report.update', before, after.title, changes.join('; ') || NO_CHANGES, by, at);
}

/** "deleted (was Final)": kept under the organization, since the report's own partition goes with it. */
export function reportDeleted(report: Report, by: string, at: string): NewAuditEntry {
  return entry('report.delete', reportTarget(report.id, report.title), `deleted (was ${report.status})`, by, at, { kind: 'organization', id: report.organization_id });
}

/** "name: A → B; currency: USD → GBP; brand settings" */
export function organizationUpdated(before: Organization, after: CreateOrganizationBody, by: string, at: string): NewAuditEntry {
  const fields = ['name', 'sector', 'geography', 'fy_start', 'currency'] as const;
  const changed = fields.filter((f) => before[f] !== after[f]).map((f) => `${f}: ${(before[f] as string | undefined) ?? ''} → ${after[f]}`);
  if (JSON.stringify(before.brand_settings) !== JSON.stringify(after.brand_settings)) changed.push('brand settings');
  return entry('organization.update', organizationTarget(before.id, after.name), changed.join('; ') || NO_CHANGES, by, at);
}

/** From step 10 of one of its reports: 'brand settings (from "Report title")'. */
export function organizationBrandSet(organization: Pick<Organization, 'id' | 'name'>, reportTitle: string, by: string, at: string): NewAuditEntry {
  return entry('organization.update', organizationTarget(organization.id, organization.name), `brand settings (from "${reportTitle}")`, by, at);
}

export function organizationDeleted(organization: Organization, by: string, at: string): NewAuditEntry {
  return entry('organization.delete', organizationTarget(organization.id, organization.name), 'deleted', by, at);
}

/** "added ada as editor", "removed ada (was viewer)", "ada: editor → lead" */
export function teamChanged(organization: Pick<Organization, 'id' | 'name'>, detail: string, by: string, at: string): NewAuditEntry {
  return entry('organization.team', organizationTarget(organization.id, organization.name), detail, by, at);
}

/** "made confidential" / "made open to all staff" */
export function confidentialitySet(organization: Pick<Organization, 'id' | 'name'>, confidential: boolean, by: string, at: string): NewAuditEntry {
  return entry('organization.confidential', organizationTarget(organization.id, organization.name), confidential ? 'made confidential' : 'made open to all staff', by, at);
}

// ── report activity: section edits, reviews, Final's override. The details read after a verb in the
// activity feed ("Dana Reyes approved Findings"), so they name the section(s) first.

/** "Findings" (a user's edits of a section, at most one entry per EDIT_ACTIVITY_WINDOW) */
export function sectionEdited(report: ReportNamed, sectionTitle: string, note: string, by: string, at: string): NewAuditEntry {
  return reportEntry('section.edit', report, report.title, note === 'edited' ? sectionTitle : `${sectionTitle} (${note})`, by, at);
}

/** "Findings, SWOT — reviewers: Dana Reyes, Lee Chan; due 2026-12-01" */
export function reviewRequested(report: ReportNamed, sectionTitles: string[], reviewerNames: string[], due: string, by: string, at: string): NewAuditEntry {
  return reportEntry('review.request', report, report.title, `${sectionTitles.join(', ')} — reviewers: ${reviewerNames.join(', ')}; due ${due}`, by, at);
}

/** "Findings (version 4)" / "Findings (version 4): the figures need a source" */
export function reviewDecided(report: ReportNamed, status: 'approved' | 'changes_requested', sectionTitle: string, version: number, comment: string, by: string, at: string): NewAuditEntry {
  const said = comment ? `: ${comment.length > 300 ? `${comment.slice(0, 299)}…` : comment}` : '';
  return reportEntry(status === 'approved' ? 'review.approve' : 'review.changes', report, report.title, `${sectionTitle} (version ${version})${said}`, by, at);
}

/** A lead set Final without every approval: "reason: …; not approved: Findings (stale), SWOT (draft)" */
export function finalOverridden(report: ReportNamed, reason: string, unapproved: string[], by: string, at: string): NewAuditEntry {
  return reportEntry('report.final_override', report, report.title, `reason: ${reason}; not approved: ${unapproved.join(', ')}`, by, at);
}

/** "reason: The client sent corrected figures; approvals taken back": a lead reopened a Final report */
export function reportReopened(report: Pick<Report, 'id' | 'title'>, reason: string, by: string, at: string): NewAuditEntry {
  return entry('report.reopen', reportTarget(report.id, report.title), `reason: ${reason}; approvals taken back`, by, at);
}

/** "“11%” in “EBITDA margin fell to 11%.”; reason: …": a lead let a figure without support (or disagreeing) through Final's gate */
export function figureWaived(report: Pick<Report, 'id' | 'title'>, figure: string, reason: string, by: string, at: string): NewAuditEntry {
  return entry('ledger.waiver', reportTarget(report.id, report.title), `${figure}; reason: ${reason}`, by, at);
}

/** "Findings & Analysis (4 items)": an AI draft of a wizard step accepted into it */
export function draftAccepted(report: ReportNamed, stepTitle: string, count: number, by: string, at: string): NewAuditEntry {
  return reportEntry('draft.accept', report, report.title, `${stepTitle} (${count} item${count === 1 ? '' : 's'})`, by, at);
}

/** "2 evidence items": what the wizard filed under its placeholder before setup, moved into the report */
export function evidenceClaimed(report: ReportNamed, count: number, by: string, at: string): NewAuditEntry {
  return reportEntry('evidence.claim', report, report.title, `${count} evidence item${count === 1 ? '' : 's'}`, by, at);
}

/**
 * A comment on a report (its activity feed): "commented on executive-summary: <first words>",
 * "replied on swot item s-1", "resolved a thread on …", "reopened a thread on …".
 */
export function commentRecorded(
  action: 'comment.create' | 'comment.reply' | 'comment.resolve' | 'comment.reopen',
  report: ReportNamed,
  where: string,
  excerpt: string,
  by: string,
  at: string,
): NewAuditEntry {
  const verb = { 'comment.create': 'commented on', 'comment.reply': 'replied on', 'comment.resolve': 'resolved a thread on', 'comment.reopen': 'reopened a thread on' }[action];
  const words = excerpt.replace(/\s+/g, ' ').trim();
  const short = words.length > 80 ? `${words.slice(0, 79)}…` : words;
  return reportEntry(action, report, report.title, short ? `${verb} ${where}: ${short}` : `${verb} ${where}`, by, at);
}
