/**
 * Where in the evidence bucket a function may act: groups of key patterns (IAM's: `*` is any run of characters,
 * `/` included), named for what is kept there (functions/data/keys.ts builds the keys; docs/architecture.md maps
 * them). A route declares, for each set of actions, the groups it needs in `access.evidenceBucket`; the CDK
 * construct grants the object actions on `arn:…:bucket/<pattern>` for each pattern and `s3:ListBucket` only with
 * an `s3:prefix` condition on them, so no function holds the whole bucket (test/infra/bucket-grants.test.ts). The
 * local harness refuses an S3 call outside its route's grants as S3 would (AccessDenied: infra/local/faults.ts),
 * so every HTTP test checks the declarations against what the code does.
 *
 * Every S3 key builder in functions/data/keys.ts lands in one of these groups (test/infra/bucket-grants.test.ts).
 */
export const bucketPrefixGroups = {
  /** a report's evidence files: its client's library items (`clients/<org>/evidence/<id>/`), and those kept in the report before the library */
  evidence: ['clients/*/evidence/*', 'reports/*/evidence/*'],
  /** a wizard placeholder's evidence (`pending/temp-<uuid>/evidence/<id>/`), before setup claims it for the report */
  pendingEvidence: ['pending/*/evidence/*'],
  /** wizard steps too large for their items, and progress of the single-item layout */
  progress: ['reports/*/progress/*'],
  /** pending AI drafts too large for their items */
  drafts: ['reports/*/drafts/*'],
  /** section versions too large for their items */
  sections: ['reports/*/sections/*'],
  /** saved report files */
  savedFiles: ['reports/*/saved/*'],
  /** a report's brand logos */
  brand: ['reports/*/brand/*'],
  /** a report's exports */
  exports: ['reports/*/exports/*'],
  /** every object of a report (its deletion) */
  report: ['reports/*'],
  /** presigned uploads before they are processed */
  uploads: ['uploads/*'],
  /** firm and client templates: packages, thumbnails, previews */
  templates: ['templates/*'],
} as const satisfies Record<string, readonly string[]>;

export type BucketPrefixGroup = keyof typeof bucketPrefixGroups;

/** Object-level actions on the evidence bucket (`list`: s3:ListBucket on the bucket, limited to the prefixes). */
export type BucketAction = 'get' | 'put' | 'delete' | 'list';

/** Actions a function may take on the keys of some prefix groups. */
export interface BucketGrant {
  readonly actions: readonly BucketAction[];
  readonly prefixes: readonly BucketPrefixGroup[];
}

/** The key patterns of some groups, each once, in order. */
export const bucketPatterns = (groups: readonly BucketPrefixGroup[]): string[] => [...new Set(groups.flatMap((g) => bucketPrefixGroups[g]))];

/** Whether a key (or, for a listing, its prefix) matches an IAM pattern: `*` any run of characters, `?` one. */
export function keyMatches(pattern: string, key: string): boolean {
  const re = pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  return new RegExp(`^${re}$`, 's').test(key);
}

/** Whether the grants allow `action` on `key` (for `list`, the prefix listed). */
export function bucketAllows(grants: readonly BucketGrant[] | undefined, action: BucketAction, key: string): boolean {
  return (grants ?? []).some((g) => g.actions.includes(action) && bucketPatterns(g.prefixes).some((p) => keyMatches(p, key)));
}
