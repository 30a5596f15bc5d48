/**
 * Least privilege in the evidence bucket: each function's S3 grant names the key patterns of the prefix groups its
 * route or worker declares in `access.evidenceBucket` (shared/resources/bucket-prefixes.ts): its object actions on
 * `bucket/<pattern>`, a listing only with an `s3:prefix` condition on them. No function holds an object action on
 * the whole bucket (`bucket/*`); every S3 key the data layer builds lands in a group; a presigned upload's key is
 * under the `put` grant of the route that signs it.
 */
import { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { routeList } from '@shared/api/routes';
import type { RouteAccess } from '@shared/api/route-types';
import { workerList } from '@shared/api/workers';
import { PresignResponse } from '@shared/schemas/evidence';
import { bucketAllows, bucketPatterns, bucketPrefixGroups, keyMatches, type BucketPrefixGroup } from '@shared/resources/bucket-prefixes';
import { keys } from '../../functions/data/keys';
import { buildApp } from '../../infra/app';
import { readDeployConfig } from '../../infra/config';
import { ApiTemplates, statementsOfRole, type Statement } from './templates';

const config = readDeployConfig(() => undefined, { ALLOWED_EMAIL_DOMAINS: 'firm.example', SES_FROM_ADDRESS: 'no-reply@firm.example' });
const built = buildApp({ app: new App(), config, account: '123456789012' });
const api = new ApiTemplates(built.stacks.api);

const functions: { name: string; prefix: string; access: RouteAccess }[] = [
  ...routeList.map((r) => ({ name: r.id, prefix: `Fn${r.id}`, access: r.access })),
  ...workerList.map((w) => ({ name: `worker:${w.id}`, prefix: `Worker${w.id}`, access: w.access })),
];

const isS3 = (s: Statement) => [s.Action].flat().some((a) => a.startsWith('s3:'));
/** What a resource names in the bucket: the key pattern after the bucket's ARN (`arn:…:bucket/<pattern>`), or '' for the bucket itself. */
function patternOf(resource: unknown): string {
  const text = JSON.stringify(resource);
  expect(text, 'an S3 grant is on the evidence bucket').toMatch(/Evidence/);
  return /"\/([^"]*)"\]\]\}$/.exec(text)?.[1] ?? '';
}
/** A function's S3 grants as `action pattern` pairs, listings with their `s3:prefix` condition. */
function grantsOf(prefix: string): string[] {
  return statementsOfRole(api, prefix)
    .filter(isS3)
    .flatMap((s) =>
      [s.Action].flat().flatMap((action) =>
        action === 's3:ListBucket' ? (s.Condition?.StringLike?.['s3:prefix'] ?? ['<no condition>']).map((p) => `${action} ${patternOf(s.Resource)}?prefix=${p}`) : [s.Resource].flat().map((r) => `${action} ${patternOf(r)}`),
      ),
    )
    .sort();
}
const ACTIONS = { get: 's3:GetObject', put: 's3:PutObject', delete: 's3:DeleteObject' } as const;
function declared(access: RouteAccess): string[] {
  return [
    ...new Set(
      (access.evidenceBucket ?? []).flatMap((g) =>
        g.actions.flatMap((a) => bucketPatterns(g.prefixes).map((p) => (a === 'list' ? `s3:ListBucket ?prefix=${p}` : `${ACTIONS[a]} ${p}`))),
      ),
    ),
  ].sort();
}

describe('S3 grants are limited to the declared key prefixes', () => {
  it.each(functions.map((f) => [f.name, f] as const))('%s: exactly its declared prefixes', (_name, f) => {
    expect(grantsOf(f.prefix)).toEqual(declared(f.access));
  });

  it('grants no object action on the whole bucket, to any function of any stack', () => {
    const objectGrants: string[] = [];
    for (const { resource } of api.find('AWS::IAM::Policy')) {
      for (const s of resource.Properties.PolicyDocument.Statement as Statement[]) {
        if (!isS3(s) || !JSON.stringify(s.Resource).includes('Evidence')) continue;
        for (const action of [s.Action].flat()) {
          if (action === 's3:ListBucket') {
            expect(s.Condition?.StringLike?.['s3:prefix'], 'a listing is limited to prefixes').toBeDefined();
            continue;
          }
          for (const r of [s.Resource].flat()) objectGrants.push(`${action} ${patternOf(r)}`);
        }
      }
    }
    const wholeBucket = objectGrants.filter((g) => /^\S+ \*?$/.test(g));
    expect(wholeBucket).toEqual([]);
    expect(objectGrants.length).toBeGreaterThan(0);
    // every pattern granted is one of the groups'
    const known = new Set(Object.values(bucketPrefixGroups).flat());
    for (const g of objectGrants) expect(known.has(g.split(' ')[1] as never), g).toBe(true);
  });

  it('covers every key the data layer builds for the bucket, each in its own group', () => {
    const id = 'a1b2c3d4-0000-7000-8000-000000000001';
    const temp = 'temp-a1b2c3d4-0000-4000-8000-000000000001';
    const expected: Record<string, [string, BucketPrefixGroup]> = {
      progressObject: [keys.progressObject(id, 3), 'progress'],
      wizardStepObject: [keys.wizardStepObject(id, 'findings', id), 'progress'],
      pendingDraftObject: [keys.pendingDraftObject(id, 'findings', id), 'drafts'],
      savedFileObject: [keys.savedFileObject(id, id), 'savedFiles'],
      sectionObject: [keys.sectionObject(id, 'findings', 2), 'sections'],
      exportObject: [keys.exportObject(id, id, 'docx'), 'exports'],
      brandLogoObject: [keys.brandLogoObject(id, id, 'png'), 'brand'],
      reportObjectPrefix: [`${keys.reportObjectPrefix(id)}anything`, 'report'],
      evidenceObjectPrefix: [`${keys.evidenceObjectPrefix(id, id)}text.txt`, 'evidence'],
      libraryObjectPrefix: [`${keys.libraryObjectPrefix(id, id)}original`, 'evidence'],
      uploadObjectKey: [keys.uploadObjectKey(id), 'uploads'],
      templateObject: [keys.templateObject(id, 'pptx'), 'templates'],
      templateThumbnailObject: [keys.templateThumbnailObject(id), 'templates'],
      templatePreviewObject: [keys.templatePreviewObject(id, 1), 'templates'],
    };
    // a new S3 key builder (named …Object, …ObjectKey or …ObjectPrefix) must be placed here
    expect(Object.keys(keys).filter((k) => /Object(Key|Prefix)?$/.test(k)).sort()).toEqual(Object.keys(expected).sort());
    for (const [name, [key, group]] of Object.entries(expected)) expect(bucketPatterns([group]).some((p) => keyMatches(p, key)), `${name}: ${key} in ${group}`).toBe(true);
    // a placeholder's evidence is its own group, not a report's
    const pending = `${keys.evidenceObjectPrefix(temp, id)}text.txt`;
    expect(bucketPatterns(['pendingEvidence']).some((p) => keyMatches(p, pending))).toBe(true);
    expect(bucketPatterns(['evidence']).some((p) => keyMatches(p, pending))).toBe(false);
    // and a report's parts are not each other's
    expect(bucketPatterns(['sections']).some((p) => keyMatches(p, keys.exportObject(id, id, 'pdf')))).toBe(false);
  });

  it('lets each route that signs a presigned upload put its key (S3 checks the signer’s grant when the file arrives)', () => {
    const signers = routeList.filter((r) => r.response === PresignResponse);
    expect(signers.map((r) => r.id).sort()).toEqual(['presignLogo', 'presignTemplate', 'presignUpload']);
    for (const r of signers) expect(bucketAllows(r.access.evidenceBucket, 'put', keys.uploadObjectKey('a1b2c3d4-0000-4000-8000-000000000001')), r.id).toBe(true);
  });
});
