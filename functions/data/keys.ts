/**
 * Key builders: the only place that knows how single-table keys are spelled.
 * (DESIGN.md "Data": one table, keys from builders only; indexes named for their access pattern.)
 */
import type { ReportStatus } from '@shared/domain/options';
import { isPlaceholder } from '@shared/domain/placeholder';

/** Where an audit entry is kept: under the report, the organization or the account it concerns. */
export type AuditHome = 'report' | 'organization' | 'user';
const auditPartitionOf = (kind: AuditHome, id: string) => (kind === 'report' ? `REPORT#${id}` : kind === 'organization' ? `ORG#${id}` : `USER#${id}`);

const evidencePartition = (ref: string) => (isPlaceholder(ref) ? `PENDING#${ref.toLowerCase()}` : `REPORT#${ref}`);

export const keys = {
  userProfile: (username: string) => ({ PK: `USER#${username}`, SK: 'PROFILE' }),
  userPreferences: (username: string) => ({ PK: `USER#${username}`, SK: 'PREFS' }),
  userEmail: (email: string) => ({ PK: `EMAIL#${email}`, SK: 'USER' }),
  /** ByKind index: every account by username (the administrators' list) */
  userByName: (username: string) => ({ GSI1PK: 'USERS', GSI1SK: `U#${username}` }),
  /**
   * When the user's sessions were ended (password reset, sign out everywhere, deactivation): access tokens
   * signed in before it are refused. Its own prefix, so every signed-in route may read it and nothing else.
   */
  sessionsRevoked: (username: string) => ({ PK: `SESSIONS#${username}`, SK: 'REVOKED' }),
  /** a refresh token handed out at sign-in, by its SHA-256 (never the token): who and when */
  refreshSession: (tokenHash: string) => ({ PK: `REFRESH#${tokenHash}`, SK: 'SESSION' }),
  resetCode: (email: string) => ({ PK: `RESET#${email}`, SK: 'CODE' }),
  /** the code that proves a new account's mailbox */
  verifyCode: (username: string) => ({ PK: `VERIFY#${username}`, SK: 'CODE' }),
  /** sign-in attempts of one username from one client address (so others cannot lock the account out) */
  loginFailures: (username: string, clientAddress = '*') => ({ PK: `LOGINFAIL#${username}`, SK: `FROM#${clientAddress}` }),
  /** a fixed-window counter (codes sent per email per hour, attempts per email, …) */
  rateCounter: (name: string, subject: string, window: number) => ({ PK: `RATE#${name}#${subject}`, SK: `W#${window}` }),
  /** a presigned upload waiting for its processing call */
  pendingUpload: (fileId: string) => ({ PK: `UPLOAD#${fileId}`, SK: 'META' }),

  organization: (id: string) => ({ PK: `ORG#${id}`, SK: 'META' }),
  /**
   * ByKind index: organizations by (lower-cased) name. The id follows a U+0001 separator, which sorts below
   * every character a name can hold, so "acme" comes before "acme 2" (a '#' would put it after).
   */
  organizationByName: (name: string, id: string) => ({ GSI1PK: 'ORGS', GSI1SK: `N#${name.toLowerCase()}\u0001${id}` }),

  /** a member of a client's team (DESIGN.md "Access"): role, name and email, in the client's partition */
  membership: (organizationId: string, username: string) => ({ PK: `ORG#${organizationId}`, SK: `MEMBER#${username}` }),
  membershipSkPrefix: 'MEMBER#',
  /** ByKind index: the clients whose team a user is on (the other direction of the membership item) */
  membershipByUser: (username: string, organizationId: string) => ({ GSI1PK: `USER#${username}`, GSI1SK: `ORG#${organizationId}` }),
  membershipByUserPartition: (username: string) => `USER#${username}`,
  /**
   * The same direction by key: the ids of every client whose team the user is on (`ids`, a string set), kept in
   * step with the membership items in the same transactions (teams-repo), so a list's session check reads it in
   * its one BatchGetItem instead of querying the index. Complete once the table is marked so (teams-repo
   * USER_CLIENTS_KEPT): until then the lists read the index (listing-scope-repo clientsOfIndex).
   */
  userClients: (username: string) => ({ PK: `TEAMS#${username}`, SK: 'CLIENTS' }),
  /**
   * The ids of every confidential client (`ids`), and per confidential client its report counts (attribute
   * `confidentialCounts(id)`, a list [total, draft, in review, final]), kept in step with each change of
   * confidentiality and each report write of such a client: the lists and counts of someone not on its team
   * take it out with this one read. Also per confidential client where it sorts in the list of clients (attribute
   * `confidentialSortKey(id)`, its ByKind sort key `organizationByName`, kept in step with its renames), so that
   * its team's pages read only those of their clients that can reach the page (organizations-repo). And per
   * confidential client a time no report of its own list partitions is newer than (attribute
   * `confidentialNewest(id)`, an ISO time, only raised), so that its team's report pages skip its partitions
   * when they cannot reach the page (reports-repo); none kept means its partitions are always read.
   */
  confidentialClients: () => ({ PK: 'STATS', SK: 'CONFIDENTIAL' }),
  confidentialCounts: (organizationId: string) => `n:${organizationId}`,
  confidentialSortKey: (organizationId: string) => `s:${organizationId}`,
  confidentialNewest: (organizationId: string) => `u:${organizationId}`,
  /**
   * ByKind index: where a client is listed by name. A confidential client leaves the firm-wide `ORGS` list for a
   * partition of its own (its team's lists read it by key), so nobody else's page reads and drops it.
   */
  organizationListing: (id: string, confidential: boolean) => (confidential ? `ORG#${id}` : 'ORGS'),
  /**
   * ByKind and ByStatus indexes: the partitions a report is listed in. A confidential client's reports have
   * partitions of their own (`REPORTS#C#<client>`, `REPORTS#<status>#C#<client>`), which only its team's lists
   * read (merged with the open lists), so an open page never reads and filters them.
   */
  reportListing: (organizationId: string | undefined) => (organizationId ? `REPORTS#C#${organizationId}` : 'REPORTS'),
  reportStatusListing: (status: ReportStatus, organizationId: string | undefined) => (organizationId ? `REPORTS#${status}#C#${organizationId}` : `REPORTS#${status}`),

  report: (id: string) => ({ PK: `REPORT#${id}`, SK: 'META' }),
  /** the wizard's saved progress of a report */
  reportProgress: (id: string) => ({ PK: `REPORT#${id}`, SK: 'PROGRESS' }),
  /** progress too large for an item (the single-item layout before per-step items): one S3 object per version */
  progressObject: (id: string, version: number) => `reports/${id}/progress/wizard-data-v${version}.json`,
  /**
   * One wizard step's data (DESIGN.md "Progress per step"): its own item and version; the PROGRESS item keeps
   * only the current step, the completed steps and the last save.
   */
  wizardStep: (id: string, step: string) => ({ PK: `REPORT#${id}`, SK: `STEP#${step}` }),
  wizardStepSkPrefix: 'STEP#',
  /** a step's data too large for its item: one S3 object per write (a unique token, never reused) */
  wizardStepObject: (id: string, step: string, token: string) => `reports/${id}/progress/steps/${step}/${token}.json`,
  /** an AI draft of a step, pending until the consultant accepts or discards it */
  pendingDraft: (id: string, step: string) => ({ PK: `REPORT#${id}`, SK: `DRAFT#${step}` }),
  pendingDraftObject: (id: string, step: string, token: string) => `reports/${id}/drafts/${step}/${token}.json`,
  /** the step's latest AI drafting job (one per step: a new job replaces a finished one) */
  draftJob: (id: string, step: string) => ({ PK: `REPORT#${id}`, SK: `DRAFTJOB#${step}` }),
  /** named snapshots of a report's wizard data (Save Report File), newest last in the partition */
  savedFile: (id: string, createdAt: string, fileId: string) => ({ PK: `REPORT#${id}`, SK: `SAVED#${createdAt}#${fileId}` }),
  savedFileSkPrefix: 'SAVED#',
  savedFileObject: (id: string, fileId: string) => `reports/${id}/saved/${fileId}.json`,
  /** every item that belongs to a report shares its partition (META, PROGRESS, EVIDENCE#…, SECTION#…) */
  reportPartition: (id: string) => `REPORT#${id}`,
  /** ByKind index: all reports, most recently updated first */
  reportByUpdated: (updatedAt: string, id: string) => ({ GSI1PK: 'REPORTS', GSI1SK: `${updatedAt}#${id}` }),
  /** ByOrganization index: an organization's reports */
  reportByOrganization: (organizationId: string, id: string) => ({ GSI2PK: `ORG#${organizationId}`, GSI2SK: `REPORT#${id}` }),
  /** ByStatus index: reports of one status, most recently updated first */
  reportByStatus: (status: ReportStatus, updatedAt: string, id: string) => ({ GSI3PK: `REPORTS#${status}`, GSI3SK: `${updatedAt}#${id}` }),

  /** running totals kept in step with every create, delete and status change (no Scans for counts) */
  reportStats: () => ({ PK: 'STATS', SK: 'REPORTS' }),
  organizationStats: () => ({ PK: 'STATS', SK: 'ORGS' }),
  /**
   * The totals also sit in the ByKind partition they count, at the end a first-page Query reads first:
   * `~STATS` sorts after every `updated_at#id` (newest-first lists read it first), `#STATS` before every
   * `N#name#id`. So the dashboard's first page of reports (or organizations) and its totals are one Query.
   */
  reportStatsInIndex: () => ({ GSI1PK: 'REPORTS', GSI1SK: '~STATS' }),
  organizationStatsInIndex: () => ({ GSI1PK: 'ORGS', GSI1SK: '#STATS' }),

  /** a report section (the current version) and its saved versions (history, one item per version) */
  section: (reportId: string, key: string) => ({ PK: `REPORT#${reportId}`, SK: `SECTION#${key}` }),
  sectionSkPrefix: 'SECTION#',
  sectionVersion: (reportId: string, key: string, version: number) => ({ PK: `REPORT#${reportId}`, SK: `SECVER#${key}#${String(version).padStart(10, '0')}` }),
  sectionVersionSkPrefix: (key: string) => `SECVER#${key}#`,
  /** a section version too large for an item: its body (content and citations) as one immutable S3 object */
  sectionObject: (reportId: string, key: string, version: number) => `reports/${reportId}/sections/${key}/v${version}.json`,
  /**
   * The claim ledger, per section part: its summary (`LEDGER#S#<part>#000`: what a read of the whole ledger
   * needs, gzipped, its later chunks beside it under their version when large), its entries at the version they were computed from
   * (`LEDGER#P#<part>#<version>#<chunk>`, gzipped, immutable), the fingerprint of the input it was computed from
   * (`LEDGER#F#<part>`); the lead's waivers (`LEDGER#W#<figure id>`) and the mark that every section has its part
   * (`LEDGER#BUILT`)
   */
  ledgerSummary: (reportId: string, part: string, chunk: number) => ({ PK: `REPORT#${reportId}`, SK: `LEDGER#S#${part}#${String(chunk).padStart(3, '0')}` }),
  /** a summary's later chunks, under the version they belong to (a part's rewrite does not touch the chunks of the one it replaces) */
  ledgerSummaryChunk: (reportId: string, part: string, chunk: number, version: number) => ({ PK: `REPORT#${reportId}`, SK: `LEDGER#S#${part}#${String(chunk).padStart(3, '0')}#${String(version).padStart(10, '0')}` }),
  ledgerSummarySkPrefix: 'LEDGER#S#',
  ledgerEntries: (reportId: string, part: string, version: number, chunk: number) => ({ PK: `REPORT#${reportId}`, SK: `LEDGER#P#${part}#${String(version).padStart(10, '0')}#${String(chunk).padStart(3, '0')}` }),
  ledgerEntriesSkPrefix: (part: string, version: number) => `LEDGER#P#${part}#${String(version).padStart(10, '0')}#`,
  ledgerFingerprint: (reportId: string, part: string) => ({ PK: `REPORT#${reportId}`, SK: `LEDGER#F#${part}` }),
  ledgerFingerprintSkPrefix: 'LEDGER#F#',
  ledgerWaiver: (reportId: string, id: string) => ({ PK: `REPORT#${reportId}`, SK: `LEDGER#W#${id}` }),
  ledgerWaiverSkPrefix: 'LEDGER#W#',
  ledgerBuilt: (reportId: string) => ({ PK: `REPORT#${reportId}`, SK: 'LEDGER#BUILT' }),
  /** AI provenance records, newest last in the partition (ISO time first) */
  provenance: (reportId: string, at: string, id: string) => ({ PK: `REPORT#${reportId}`, SK: `PROV#${at}#${id}` }),
  provenanceSkPrefix: 'PROV#',
  /** what is left of a deleted evidence item: its title, so broken citations can still name their source */
  evidenceTombstone: (reportId: string, id: string) => ({ PK: `REPORT#${reportId}`, SK: `EVIDENCEGONE#${id}` }),
  evidenceTombstoneSkPrefix: 'EVIDENCEGONE#',
  /** how a conflict between two sources was resolved: the source chosen, or why they differ */
  conflictResolution: (reportId: string, conflictId: string) => ({ PK: `REPORT#${reportId}`, SK: `CONFLICT#${conflictId}` }),
  conflictResolutionSkPrefix: 'CONFLICT#',
  /** a chart of the report (DESIGN.md "Visuals"); deleted with the report like every item of its partition */
  visual: (reportId: string, id: string) => ({ PK: `REPORT#${reportId}`, SK: `VISUAL#${id}` }),
  visualSkPrefix: 'VISUAL#',
  /** how many visuals the report holds (kept in step by every create and delete, so the count is bounded) */
  visualCount: (reportId: string) => ({ PK: `REPORT#${reportId}`, SK: 'VISUALCOUNT' }),

  /**
   * Audit entries, newest last, under the report or the organization they concern. A report's deletion is
   * kept under its organization, since the report's own partition goes with it.
   */
  audit: (kind: AuditHome, id: string, at: string, entryId: string) => ({ PK: auditPartitionOf(kind, id), SK: `AUDIT#${at}#${entryId}` }),
  auditPartition: (kind: AuditHome, id: string) => auditPartitionOf(kind, id),
  /** ByKind index: every audit entry by time (the administrators' firm-wide log), newest last */
  auditByTime: (at: string, entryId: string) => ({ GSI1PK: 'AUDIT', GSI1SK: `${at}#${entryId}` }),
  auditSkPrefix: 'AUDIT#',

  /**
   * A review request of one section (DESIGN.md "Collaboration"); ids are UUIDv7, so a section's
   * reviews list oldest first and its latest review is the last of its prefix.
   */
  review: (reportId: string, section: string, reviewId: string) => ({ PK: `REPORT#${reportId}`, SK: `REVIEW#${section}#${String(reviewId).toLowerCase()}` }),
  reviewSkPrefix: 'REVIEW#',
  /**
   * When a user's last "edited" activity entry for a section was written: a save writes another only after
   * EDIT_ACTIVITY_WINDOW (so a feed is not flooded by autosaves); deleted with the report's partition.
   */
  editActivityMark: (reportId: string, section: string, username: string) => ({ PK: `REPORT#${reportId}`, SK: `EDITMARK#${section}#${username}` }),

  /** export jobs of a report; ids are UUIDv7 (time-ordered), so the partition lists them oldest first */
  exportJob: (reportId: string, exportId: string) => ({ PK: `REPORT#${reportId}`, SK: `EXPORT#${exportId.toLowerCase()}` }),
  exportSkPrefix: 'EXPORT#',
  /** the ids of a report's exports still queued or running (a set): the cap on exports running at once */
  exportSlots: (reportId: string) => ({ PK: `REPORT#${reportId}`, SK: 'EXPORTSLOTS' }),
  /** an export's file (its download name, which may hold any character, is given by the download link) */
  exportObject: (reportId: string, exportId: string, ext: string) => `reports/${reportId}/exports/${exportId.toLowerCase()}.${ext}`,
  /** a logo uploaded in step 10 (shared/schemas/exports.ts LOGO_KEY_PATTERN) */
  brandLogoObject: (reportId: string, fileId: string, ext: 'png' | 'jpg' | 'svg') => `reports/${reportId.toLowerCase()}/brand/logo-${fileId.toLowerCase()}.${ext}`,

  /**
   * Notifications (DESIGN.md "Collaboration"): one item per notification in the recipient's inbox
   * partition, oldest first (ISO time, then a UUIDv7), and after them, at `NOTIF~STATE`, the inbox's unread count
   * and when it was last marked all read: so one Query of `NOTIF#<since>` … `NOTIF~STATE` answers a poll (new
   * items and the count together). The inbox is not the `USER#` partition: the functions that notify must not be
   * able to write a profile.
   */
  notification: (username: string, at: string, id: string) => ({ PK: `INBOX#${username}`, SK: `NOTIF#${at}#${id}` }),
  notificationSkFrom: (at: string) => `NOTIF#${at}`,
  notificationSkPrefix: 'NOTIF#',
  notificationState: (username: string) => ({ PK: `INBOX#${username}`, SK: 'NOTIF~STATE' }),
  /**
   * ByKind index: notifications waiting for their recipient's daily digest (a sparse index: the digest removes the
   * attributes once mailed), grouped by recipient.
   */
  notificationDigest: (username: string, at: string, id: string) => ({ GSI1PK: 'DIGEST', GSI1SK: `${username}#${at}#${id}` }),
  notificationDigestPartition: () => 'DIGEST',

  /**
   * Comments of a report (DESIGN.md "Collaboration"): a thread's first comment and each reply are items of their
   * own (`COMMENT#<thread>#<comment>`; the first comment's id is the thread's), so parallel comments never
   * rewrite a shared list. Ids are UUIDv7, so a thread's replies list in order.
   */
  comment: (reportId: string, threadId: string, commentId: string) => ({ PK: `REPORT#${reportId}`, SK: `COMMENT#${threadId}#${commentId}` }),
  commentSkPrefix: 'COMMENT#',
  commentThreadSkPrefix: (threadId: string) => `COMMENT#${threadId}#`,

  /** S3: every object of a report lives under this prefix, so deleting the report can find them all */
  reportObjectPrefix: (id: string) => `reports/${id}/`,

  /**
   * Evidence of a report, or of a wizard placeholder (`temp-<uuid>`) before setup created the report.
   * Placeholder evidence lives in its own partition and S3 prefix (`pending/`), both expiring after two
   * days unless setup claims it for the new report.
   */
  evidencePartition,
  evidence: (ref: string, id: string) => ({ PK: evidencePartition(ref), SK: `EVIDENCE#${id}` }),
  evidenceSkPrefix: 'EVIDENCE#',
  /** how many evidence items a report (or placeholder) holds: kept in step by every create and delete (the cap) */
  evidenceCount: (ref: string) => ({ PK: evidencePartition(ref), SK: 'EVIDENCECOUNT' }),
  /**
   * Who a placeholder belongs to: its creator, recorded with the first item filed under it (`created_by`), and
   * kept as long as its latest item (`expires_at`), after setup claimed the items too. Only they may use it.
   */
  placeholderOwner: (ref: string) => ({ PK: evidencePartition(ref), SK: 'OWNER' }),
  evidenceObjectPrefix: (ref: string, id: string) =>
    isPlaceholder(ref) ? `pending/${ref.toLowerCase()}/evidence/${id}/` : `reports/${ref}/evidence/${id}/`,
  /**
   * The client evidence library (DESIGN.md "Library"): an evidence item belongs to the client, in its
   * partition; a report holds references to the items it uses (`EVREF#<evidence id>` in its partition), which
   * the ByOrganization index also lists under the client (`EVREF#<evidence id>#<report id>`): which reports use
   * an item is one index Query, and a report's deletion (its partition) takes its references with it.
   */
  libraryItem: (organizationId: string, id: string) => ({ PK: `ORG#${organizationId}`, SK: `EVIDENCE#${id}` }),
  libraryItemSkPrefix: 'EVIDENCE#',
  /** how many times the client's library gained or lost an item (a cheap version of it: Ask's cached index) */
  libraryChanges: (organizationId: string) => ({ PK: `ORG#${organizationId}`, SK: 'LIBRARYCHANGES' }),
  /**
   * The duplicate index of a client's library ("duplicates found on upload"): in the client's partition,
   * beside its items, the ids (a string set `ids`) of the items with one content hash, and of the items with one
   * band of their MinHash signature (band number, then the band's hash; functions/domain/evidence/duplicates.ts).
   * Written and removed in the same transaction as the item, so an upload reads a few of these, never the library.
   * Their prefixes are their own (`DUP`): the library's Query (`EVIDENCE#`) and the team's (`MEMBER#`) never see them.
   */
  duplicateHash: (organizationId: string, contentHash: string) => ({ PK: `ORG#${organizationId}`, SK: `DUPHASH#${contentHash}` }),
  duplicateBand: (organizationId: string, band: number, bandHash: string) => ({ PK: `ORG#${organizationId}`, SK: `DUPBAND#${String(band).padStart(2, '0')}#${bandHash}` }),
  /** every entry of the duplicate index (a deleted client's clean-up) */
  duplicateIndexSkPrefix: 'DUP',
  evidenceRef: (reportId: string, id: string) => ({ PK: `REPORT#${reportId}`, SK: `EVREF#${id}` }),
  evidenceRefSkPrefix: 'EVREF#',
  evidenceRefByClient: (organizationId: string, id: string, reportId: string) => ({ GSI2PK: `ORG#${organizationId}`, GSI2SK: `EVREF#${id}#${reportId}` }),
  evidenceRefByClientPartition: (organizationId: string) => `ORG#${organizationId}`,
  /** the references of one item (`id`), or of all the client's items */
  evidenceRefByClientSkPrefix: (id?: string) => (id ? `EVREF#${id}#` : 'EVREF#'),
  /** S3: a library item's files (original and long text), under the client, so a report's deletion leaves them */
  libraryObjectPrefix: (organizationId: string, id: string) => `clients/${organizationId}/evidence/${id}/`,
  /**
   * A presigned upload's object: a staging key of its own, never the evidence's. Processing copies it to the
   * evidence and deletes it, so a second POST with the same presigned form can only make an orphan, which
   * the bucket's lifecycle removes (`uploads/` expires after a day), never replace analysed evidence.
   */
  uploadObjectKey: (fileId: string) => `uploads/${fileId}`,

  /**
   * A sector benchmark (DESIGN.md "Library"): the Final reports of one sector and geography (`*`: the
   * whole sector), as per-dimension score histograms moved with ADD (shared/domain/benchmark.ts). Sector and
   * geography are folded (benchName) and URI-encoded, so a `#` in them cannot run into the separator.
   */
  benchmark: (sector: string, geography: string) => ({ PK: `BENCH#${encodeURIComponent(sector)}#${geography === '*' ? '*' : encodeURIComponent(geography)}`, SK: 'AGG' }),
  /** one counted client's own counters in a benchmark (the same counters, for its reports alone), beside its aggregate */
  benchmarkClient: (sector: string, geography: string, clientId: string) => ({ PK: `BENCH#${encodeURIComponent(sector)}#${geography === '*' ? '*' : encodeURIComponent(geography)}`, SK: `CLIENT#${clientId}` }),

  /** a firm template: its own partition, listed through the ByKind index */
  firmTemplate: (id: string) => ({ PK: `TEMPLATE#${id.toLowerCase()}`, SK: 'META' }),
  firmTemplateByKind: (id: string) => ({ GSI1PK: 'TEMPLATES', GSI1SK: `T#${id.toLowerCase()}` }),
  firmTemplatesPartition: 'TEMPLATES',
  /** a template of one client, in the client's partition */
  clientTemplate: (organizationId: string, id: string) => ({ PK: `ORG#${organizationId}`, SK: `TEMPLATE#${id.toLowerCase()}` }),
  clientTemplateSkPrefix: 'TEMPLATE#',
  /** S3: a template's package and its thumbnail (DESIGN.md: templates live under `templates/`) */
  templateObject: (id: string, kind: 'docx' | 'pptx') => `templates/${id.toLowerCase()}.${kind}`,
  templateThumbnailObject: (id: string) => `templates/${id.toLowerCase()}-thumbnail.jpeg`,
  templatePreviewObject: (id: string, page: number) => `templates/${id.toLowerCase()}-preview-${page}.png`,
} as const;

/**
 * The firm-wide mark (an attribute of keys.confidentialClients, which every list reads) that the users' clients
 * items (keys.userClients) are complete: every membership since the table began is in its user's item. A new
 * table starts with it (shared/resources/table.ts newTableItems); scripts/migrate-user-clients.ts sets it on a
 * table older than the items. Without it, the lists read a user's clients from the index.
 */
export const USER_CLIENTS_KEPT = 'user_clients_kept';

export const indexes = { byKind: 'ByKind', byOrganization: 'ByOrganization', byStatus: 'ByStatus' } as const;

export type ItemKey = { PK: string; SK: string };

/** Attribute names of the per-status counters on the STATS#REPORTS item. */
export const statusCounter: Record<ReportStatus, string> = { Draft: 'draft', 'In Review': 'in_review', Final: 'final' };
