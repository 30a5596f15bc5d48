import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { buildApp } from '../../infra/app';
import type { ApiStack } from '../../infra/stacks/api-stack';

export type Built = ReturnType<typeof buildApp>;

/** a CloudFormation resource, as Template.findResources gives it */
type Resource = ReturnType<Template['findResources']>[string];

export interface Found {
  logicalId: string;
  resource: Resource;
  /** the template it is in */
  template: Template;
  /** its area (undefined: the Api stack itself) */
  area?: string;
}

/**
 * The Api stack and its nested area stacks (one per area of the route table), looked up as one: the route
 * functions, integrations and routes are in the area stacks, the API, stage, authorizer and secret in the Api
 * stack. Logical ids are unique within a template only (every area has an `ApiInvokeRole`), so what is found
 * keeps its template.
 */
export class ApiTemplates {
  readonly parent: Template;
  readonly areas: ReadonlyMap<string, Template>;

  constructor(readonly stack: ApiStack) {
    this.parent = Template.fromStack(stack);
    this.areas = new Map([...stack.areas].map(([area, nested]) => [area, Template.fromStack(nested)]));
  }

  /** the Api stack's template, then each area's */
  get all(): { template: Template; area?: string }[] {
    return [{ template: this.parent }, ...[...this.areas].map(([area, template]) => ({ template, area }))];
  }

  /** every resource of a type in any of the templates (optionally matching properties, as findResources) */
  find(type: string, props?: unknown): Found[] {
    return this.all.flatMap(({ template, area }) =>
      Object.entries(template.findResources(type, props)).map(([logicalId, resource]) => ({ logicalId, resource, template, ...(area ? { area } : {}) })),
    );
  }

  /** the one resource of a type whose logical id starts with a prefix (a route's or worker's construct id) */
  one(type: string, prefix: string): Found {
    const found = this.find(type).filter((f) => f.logicalId.startsWith(prefix));
    if (found.length !== 1) throw new Error(`${found.length} ${type} starting with ${prefix}`);
    return found[0]!;
  }

  /**
   * A value of a nested stack's template as the Api stack gives it: `{ Ref: <parameter> }` becomes the
   * parameter's value on the nested stack resource (the parent's own reference).
   */
  inParent(found: Pick<Found, 'area'>, value: unknown): unknown {
    const ref = (value as { Ref?: string } | undefined)?.Ref;
    if (!found.area || !ref) return value;
    const resource = this.parent.findResources('AWS::CloudFormation::Stack')[this.nestedStackLogicalId(found.area)];
    return (resource?.Properties.Parameters as Record<string, unknown> | undefined)?.[ref] ?? value;
  }

  /** the logical id, in the Api stack, of an area's nested stack resource */
  nestedStackLogicalId(area: string): string {
    return this.stack.getLogicalId(this.stack.areas.get(area)!.nestedStackResource!);
  }

  /**
   * What another stack imports from the Api stack (an export name), followed to the resource it names:
   * an output of the Api stack, or an area stack's output that the Api stack passes on.
   */
  exported(exportName: string): { area?: string; value: unknown } {
    const outputs = Object.values(this.parent.toJSON().Outputs as Record<string, { Value: unknown; Export?: { Name: string } }>);
    const output = outputs.find((o) => o.Export?.Name === exportName);
    if (!output) throw new Error(`the Api stack exports no ${exportName}`);
    const getAtt = (output.Value as { 'Fn::GetAtt'?: [string, string] })['Fn::GetAtt'];
    const area = getAtt && [...this.areas.keys()].find((a) => this.nestedStackLogicalId(a) === getAtt[0]);
    if (!area) return { value: output.Value };
    const nestedOutputs = this.areas.get(area)!.toJSON().Outputs as Record<string, { Value: unknown }>;
    return { area, value: nestedOutputs[getAtt[1].replace(/^Outputs\./, '')]!.Value };
  }
}

/** The templates of the five stacks, and the Api stack with its area stacks. */
export function templatesOf(built: Built) {
  const { data, auth, api, web, monitoring } = built.stacks;
  return {
    data: Template.fromStack(data),
    auth: Template.fromStack(auth),
    api: new ApiTemplates(api),
    web: Template.fromStack(web),
    monitoring: Template.fromStack(monitoring),
  };
}

export type Statement = { Action: string | string[]; Resource: unknown; Effect: string; Condition?: Record<string, Record<string, string[]>> };

/** The statements of the policies attached to the role of a function (`Fn<routeId>` or `Worker<workerId>`). */
export function statementsOfRole(api: ApiTemplates, prefix: string): Statement[] {
  const role = api.one('AWS::IAM::Role', `${prefix}Role`);
  return Object.values(role.template.findResources('AWS::IAM::Policy'))
    .filter((p) => (p.Properties.Roles as { Ref: string }[]).some((r) => r.Ref === role.logicalId))
    .flatMap((p) => p.Properties.PolicyDocument.Statement as Statement[]);
}

const stacksOf = new WeakMap<Built, { name: string; stack: Stack; template: Template }[]>();

/** Every stack of the app, nested ones included, with its template (read once per app). */
export function everyStack(built: Built): { name: string; stack: Stack; template: Template }[] {
  const known = stacksOf.get(built);
  if (known) return known;
  const stacks = built.app.node
    .findAll()
    .filter((c): c is Stack => Stack.isStack(c))
    .map((stack) => ({ name: stack.node.path, stack, template: Template.fromStack(stack) }));
  stacksOf.set(built, stacks);
  return stacks;
}
