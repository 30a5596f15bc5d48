/**
 * Which partitions of the single table a function may touch, as `dynamodb:LeadingKeys` patterns (IAM
 * StringLike: `*` is any run of characters). A route declares the groups it needs in `access.tableKeys`
 * (default: `app`); the CDK API stack turns them into a LeadingKeys condition on its DynamoDB grant, so a
 * function cannot read a partition outside its groups even with a bug or an injected key.
 *
 * LeadingKeys is the partition key of the item (GetItem, PutItem, UpdateItem, DeleteItem, the items of a
 * batch or transaction) or of the index a Query reads, so the index partitions (`ORGS`, `REPORTS`,
 * `REPORTS#<status>`, `ORG#<id>`) are listed too. Scan has no leading key and is never granted.
 *
 * Every key builder in functions/data/keys.ts must land in one of these groups (test/infra/hardening.test.ts).
 */
export const tableKeyGroups = {
  /**
   * reports and everything in their partition, organizations, the lists and totals, uploads, the firm's templates. Not the accounts
   * (`USER#`, `EMAIL#`) nor the session marks (`SESSIONS#`): only the routes that own those write them.
   */
  app: ['ORG#*', 'ORGS', 'REPORT#*', 'REPORTS', 'REPORTS#*', 'STATS', 'PENDING#*', 'UPLOAD#*', 'TEMPLATE#*', 'TEMPLATES', 'TEAMS#*'],
  /**
   * READ-ONLY, given by the CDK construct to every signed-in function (GetItem only, never a write): the session
   * check of the API middleware reads the user's revocation mark and ended sessions (`SESSIONS#`) and the
   * profile's status (`USER#`). Not for `access.tableKeys`.
   */
  sessionCheck: ['SESSIONS#*', 'USER#*'],
  /**
   * READ-ONLY, added to `sessionCheck` for the routes the route table marks `listing` (the dashboard's lists): their
   * session check reads the caller's listing scope in the same BatchGetItem, the list of confidential clients
   * (`STATS`) and the user's clients (`TEAMS#`), so the four items' partitions are one statement. Not for
   * `access.tableKeys`.
   */
  listingScope: ['STATS', 'TEAMS#*'],
  /** writing the session marks (reset, sign out, sign out everywhere, deactivation) */
  sessions: ['SESSIONS#*'],
  /** the refresh tokens handed out at sign-in, by hash: when each session began (sign-in, refresh, logout) */
  refreshSessions: ['REFRESH#*'],
  /** the ByKind index partition of every account (the administrators' list of users) */
  userList: ['USERS'],
  /** a user's profile and the email → username claim (registration, sign-in, reset, deactivation) */
  accounts: ['USER#*', 'EMAIL#*'],
  /**
   * the profile partitions alone, without the email claims: the signed-in user's own settings (`PREFS`), and the
   * profile and audit entries a deactivation writes
   */
  profiles: ['USER#*'],
  /** the ByKind index partition of the firm-wide audit log (the administrators' audit page) */
  auditLog: ['AUDIT'],
  /** hashed password-reset codes */
  resetCodes: ['RESET#*'],
  /** hashed mailbox-confirmation codes */
  verifyCodes: ['VERIFY#*'],
  /** sign-in failure counters and locks */
  loginFailures: ['LOGINFAIL#*'],
  /** the fixed-window counters of the auth routes: codes mailed, reset attempts, password checks per username */
  authRateLimits: ['RATE#confirm-codes#*', 'RATE#reset-codes#*', 'RATE#reset-attempts#*', 'RATE#signin-user#*'],
  /**
   * the notification inboxes (`INBOX#<user>`): written by every route that notifies, read by the bell; and the
   * emails each recipient was sent this hour (`RATE#mail#<user>`), counted by every route that notifies
   */
  notifications: ['INBOX#*', 'RATE#mail#*'],
  /**
   * the clients' items and their teams (`ORG#<id>`), for the reader's standing on the client of each notification
   * (the bell and the digest show only what their reader may still read)
   */
  clientStanding: ['ORG#*'],
  /** the people a user mentioned this minute (`RATE#mentions#<user>`): the comment routes' second limit */
  mentionLimit: ['RATE#mentions#*'],
  /** the ByKind index partition of notifications waiting for a daily digest (the digest worker) */
  notificationDigest: ['DIGEST'],
  /** the sector benchmarks' maintained aggregates (`BENCH#<sector>#<geography>`) */
  benchmarks: ['BENCH#*'],
  /** the export starts per user per minute */
  exportRateLimit: ['RATE#exports#*'],
} as const satisfies Record<string, readonly string[]>;

export type TableKeyGroup = keyof typeof tableKeyGroups;

/** The read-only groups every signed-in function gets for the session check (never declared by a route). */
export const SESSION_CHECK_KEYS: readonly TableKeyGroup[] = ['sessionCheck'];
/** The read-only groups of a `listing` route's session check, which reads the listing scope in the same batch. */
export const LISTING_CHECK_KEYS: readonly TableKeyGroup[] = ['sessionCheck', 'listingScope'];

/**
 * The counter a limit in the route table (`throttle: 'auth'`: requests per client address; `userLimit`: requests
 * per user) counts in: the CDK construct grants UpdateItem on exactly it (nothing else of the table) with the
 * limit, so declaring a limit is all a route does.
 */
export const limitKeyPattern = (counter: string): string => `RATE#${counter}#*`;
/** the counter of the auth routes' requests per client address */
export const AUTH_CLIENT_COUNTER = 'auth-client';

/** The groups a function gets when its route declares none. */
const DEFAULT_TABLE_KEYS: readonly TableKeyGroup[] = ['app'];

/** The LeadingKeys patterns of a set of groups, each once. */
export function leadingKeyPatterns(groups: readonly TableKeyGroup[] | undefined): string[] {
  return [...new Set((groups ?? DEFAULT_TABLE_KEYS).flatMap((g) => tableKeyGroups[g]))];
}

/** IAM StringLike matching (`*` any run, `?` one character), for tests and the local harness. */
export function matchesLeadingKey(pattern: string, value: string): boolean {
  const re = new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.')}$`, 's');
  return re.test(value);
}
