/**
 * Every stack fits CloudFormation with room to grow: fewer than 450 resources (CloudFormation allows 500),
 * and inside its other per-template limits (outputs, parameters, dynamic references, template size), for
 * the route table as it is and with 60 more routes in its largest area. Adding routes to one area changes
 * that area's stack only.
 *
 * Resource counts do not depend on what the function bundles contain, so these apps package a placeholder per
 * function (fast to hash and stage) and skip the cdk-nag checks (test/infra/stacks.test.ts runs them).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, type Stack } from 'aws-cdk-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { routeList } from '@shared/api/routes';
import type { RouteDef } from '@shared/api/route-types';
import { workerFunctionEnv, workerList, workers } from '@shared/api/workers';
import { buildApp } from '../../infra/app';
import { readDeployConfig } from '../../infra/config';
import { routeArea, routesByArea } from '../../infra/stacks/api-area-stack';
import { ApiTemplates, everyStack, statementsOfRole, type Built } from './templates';

/** Our ceiling per stack: CloudFormation allows 500 resources; 50 stay free for what a change adds. */
const MAX_RESOURCES = 450;
/** CloudFormation's own per-template limits (Understand CloudFormation quotas; Using dynamic references). */
const CLOUDFORMATION = { outputs: 200, parameters: 200, dynamicReferences: 60, templateBytes: 1_000_000 } as const;

const EXTRA_ROUTES = 60;

const scratch = mkdtempSync(join(tmpdir(), 'assay-stack-limits-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const placeholder = (dir: string, file: string) => {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, file), 'export const handler = async () => ({ statusCode: 200 });\n');
};
const functionsDir = join(scratch, 'functions');
const webDir = join(scratch, 'web');
placeholder(webDir, 'index.html');
for (const w of workerList) placeholder(join(functionsDir, `worker-${w.id}`), 'index.mjs');

const config = readDeployConfig(() => undefined, {
  ALLOWED_EMAIL_DOMAINS: 'firm.example',
  SES_FROM_ADDRESS: 'no-reply@firm.example',
  ASSAY_STAGE: 'prod',
  ALARM_EMAIL: 'ops@firm.example',
  CDK_DEFAULT_REGION: 'us-east-1',
});

function build(routes: readonly RouteDef[]): Built {
  for (const r of routes) placeholder(join(functionsDir, r.id), 'index.mjs');
  return buildApp({ app: new App(), config, routes, functionsDir, webDir, nag: false, account: '123456789012' });
}

/** Each stack's figures against the limits, as `<stack>: <figure> <n> (limit <m>)` for every one exceeded. */
function overLimits(built: Built): string[] {
  return everyStack(built).flatMap(({ name, template }) => {
    const json = template.toJSON() as { Resources?: object; Outputs?: object; Parameters?: object };
    const text = JSON.stringify(json);
    const figures: [string, number, number][] = [
      ['resources', Object.keys(json.Resources ?? {}).length, MAX_RESOURCES - 1],
      ['outputs', Object.keys(json.Outputs ?? {}).length, CLOUDFORMATION.outputs],
      ['parameters', Object.keys(json.Parameters ?? {}).length, CLOUDFORMATION.parameters],
      ['dynamic references', text.split('{{resolve:').length - 1, CLOUDFORMATION.dynamicReferences],
      ['template bytes', Buffer.byteLength(text), CLOUDFORMATION.templateBytes],
    ];
    return figures.filter(([, n, max]) => n > max).map(([figure, n, max]) => `${name}: ${figure} ${n} (limit ${max})`);
  });
}

const resourceCounts = (built: Built) => new Map(everyStack(built).map(({ name, template }) => [name, Object.keys(template.toJSON().Resources ?? {}).length]));

/** `n` more routes in `area`, each like one of the area's own (same access, so the same resources). */
function extraRoutes(area: string, n: number, overrides: Partial<RouteDef> = {}): RouteDef[] {
  const model = routeList.find((r) => routeArea(r) === area)!;
  return Array.from({ length: n }, (_, i) => ({ ...model, id: `synthetic${area.replace(/\W/g, '')}${i}`, path: `/api/synthetic/${area}/${i}`, handler: `${area}/synthetic-${i}`, ...overrides }));
}

const today = build(routeList);
const [largestArea] = [...routesByArea(routeList)].sort(([, a], [, b]) => b.length - a.length)[0]!;
const grown = build([...routeList, ...extraRoutes(largestArea, EXTRA_ROUTES)]);

describe('every stack fits CloudFormation, with room to grow', () => {
  it(`keeps every stack, nested ones included, under ${MAX_RESOURCES} resources and inside the other per-template limits`, () => {
    const counts = resourceCounts(today);
    expect(counts.size).toBe(5 + routesByArea(routeList).size);
    expect(overLimits(today)).toEqual([]);
  });

  it(`still fits with ${EXTRA_ROUTES} more routes in the largest area`, () => {
    const before = resourceCounts(today);
    const after = resourceCounts(grown);
    const nested = `${today.stacks.api.node.path}/Area-${largestArea}`;
    // about six resources per route (function, role, policy, log group, integration, route), and an invoke policy per 25
    expect(after.get(nested)! - before.get(nested)!).toBeGreaterThanOrEqual(6 * EXTRA_ROUTES);
    expect(overLimits(grown)).toEqual([]);
  });

  it("changes no other area's stack when an area grows: no area moves, and their templates are the same", () => {
    const api = today.stacks.api;
    const grownApi = grown.stacks.api;
    expect([...grownApi.areas.keys()]).toEqual([...api.areas.keys()]);
    for (const [area, nested] of api.areas) {
      if (area === largestArea) continue;
      expect(grownApi.areas.get(area)!.routes.map((r) => r.id), area).toEqual(nested.routes.map((r) => r.id));
      const template = (built: Built, stack: Stack) => everyStack(built).find((s) => s.stack === stack)!.template.toJSON();
      expect(template(grown, grownApi.areas.get(area)!), area).toEqual(template(today, nested));
    }
  });
});

describe('a worker started from several areas', () => {
  it('lives in the Api stack, and each starting route gets invoke on it and its name through its area stack', () => {
    const createExport = routeList.find((r) => r.id === 'createExport')!;
    const otherArea = [...routesByArea(routeList).keys()].find((a) => a !== routeArea(createExport))!;
    const [starter] = extraRoutes(otherArea, 1, { access: { table: 'readwrite', invoke: [workers.exportReport.id] } });
    // the two starting routes are app enough (a small app synthesizes in a moment)
    const built = build([createExport, starter!]);
    const api = new ApiTemplates(built.stacks.api);
    const worker = api.one('AWS::Lambda::Function', `Worker${workers.exportReport.id}Fn`);
    expect(worker.area).toBeUndefined();
    for (const routeId of ['createExport', starter!.id]) {
      const fn = api.one('AWS::Lambda::Function', `Fn${routeId}Fn`);
      const invoke = statementsOfRole(api, `Fn${routeId}`).filter((st) => [st.Action].flat().includes('lambda:InvokeFunction'));
      expect(invoke, routeId).toHaveLength(1);
      expect(api.inParent(fn, invoke[0]!.Resource), routeId).toEqual({ 'Fn::GetAtt': [worker.logicalId, 'Arn'] });
      expect(api.inParent(fn, fn.resource.Properties.Environment.Variables[workerFunctionEnv(workers.exportReport.id)]), routeId).toEqual({ Ref: worker.logicalId });
    }
    expect(overLimits(built)).toEqual([]);
  });
});
