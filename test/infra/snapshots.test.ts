/**
 * One normalised snapshot per stack, the Api stack's nested area stacks included (`api/<area>`): a reviewable
 * record of every infrastructure change.
 */
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../infra/app';
import { readDeployConfig } from '../../infra/config';

const config = readDeployConfig(() => undefined, {
  ALLOWED_EMAIL_DOMAINS: 'firm.example',
  SES_FROM_ADDRESS: 'no-reply@firm.example',
  ASSAY_STAGE: 'prod',
  CDK_DEFAULT_REGION: 'us-east-1',
});
const built = buildApp({ app: new App(), config, account: '123456789012' });

/** Asset hashes change with every code change; the infrastructure does not. */
function normalise(template: unknown): unknown {
  return JSON.parse(JSON.stringify(template).replace(/[0-9a-f]{64}(\.zip|\.json)?/g, '<asset-hash>$1'));
}

const stacks: [string, Stack][] = [...Object.entries(built.stacks), ...[...built.stacks.api.areas].map(([area, nested]): [string, Stack] => [`api/${area}`, nested])];

describe('stack snapshots', () => {
  it('has a snapshot for every stack of the app', () => {
    const paths = (list: Stack[]) => list.map((s) => s.node.path).sort();
    expect(paths(stacks.map(([, s]) => s))).toEqual(paths(built.app.node.findAll().filter((c) => Stack.isStack(c))));
  });

  it.each(stacks)('%s', (_name, stack) => {
    expect(normalise(Template.fromStack(stack).toJSON())).toMatchSnapshot();
  });
});
