/**
 * The SPA's copy of the route table: what a call needs (`id`, `method`, `path`, `auth`, `bodyType`), without the
 * zod schemas. The SPA takes each route's method and path from shared/api/routes/*.ts and its types from the
 * schemas there; it never validates with them. Imported as they are, those modules build every request and
 * response schema of their area while the page starts (zod's constructors: work in the slow dashboard's start-up
 * tasks under Lighthouse's 4× CPU). This plugin gives the SPA build each route module as
 * plain data instead; type-checking still reads the real modules, so the types are unchanged.
 *
 * A route table module is read with the TypeScript parser: every export must be an object literal of
 * `defineRoute({...})` calls (inside `routeTable(...)`) whose kept properties are string literals. Anything else
 * stops the build with the file and property named, so the table cannot drift into a shape this copy would get
 * wrong. The copy fills in what `routeTable` fills in (shared/api/route-types.ts): the id is the route's key,
 * `auth` is `user` unless given, and a GET or DELETE has `bodyType: 'none'` unless given. A spread in a route
 * (a profile several routes share) carries server fields only: the unit test compares this copy with the table.
 */
import ts from 'typescript';
import type { Plugin } from 'vite';

/** The route fields the SPA reads (frontend/src/lib/api-client.ts and xhr.ts). */
export const CLIENT_ROUTE_FIELDS = ['id', 'method', 'path', 'auth', 'bodyType'] as const;

const ROUTE_MODULE = /[\\/]shared[\\/]api[\\/]routes[\\/][\w-]+\.ts$/;

type ClientRoute = Partial<Record<(typeof CLIENT_ROUTE_FIELDS)[number], string>>;

/** Strips `as const`, `satisfies …`, `as …` and parentheses around an expression. */
function unwrap(node: ts.Expression): ts.Expression {
  let current = node;
  while (ts.isAsExpression(current) || ts.isSatisfiesExpression(current) || ts.isParenthesizedExpression(current)) current = current.expression;
  return current;
}

/** The object literal inside `routeTable(...)`, or the expression itself. */
function tableLiteral(node: ts.Expression): ts.Expression {
  const call = unwrap(node);
  return ts.isCallExpression(call) && call.expression.getText() === 'routeTable' && call.arguments.length === 1 ? unwrap(call.arguments[0]!) : call;
}

/** A route's client fields in their order, with the defaults `routeTable` fills in. */
function withDefaults(key: string, route: ClientRoute): ClientRoute {
  const noBody = route.method === 'GET' || route.method === 'DELETE';
  const filled: ClientRoute = { ...route, id: key, auth: route.auth ?? 'user', ...(route.bodyType === undefined && noBody ? { bodyType: 'none' } : {}) };
  return Object.fromEntries(CLIENT_ROUTE_FIELDS.filter((field) => filled[field] !== undefined).map((field) => [field, filled[field]]));
}

function propertyName(name: ts.PropertyName, file: string): string {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name)) return name.text;
  throw new Error(`${file}: a route table key must be a plain name, not ${name.getText()}`);
}

/** The client fields of each route table a route module exports, by export name. */
export function clientRouteTables(source: string, file: string): Record<string, Record<string, ClientRoute>> {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const tables: Record<string, Record<string, ClientRoute>> = {};
  for (const statement of sourceFile.statements) {
    const exported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (!exported) continue;
    if (!ts.isVariableStatement(statement)) throw new Error(`${file}: a route module exports only route tables (found: ${statement.getText().slice(0, 60)})`);
    for (const declaration of statement.declarationList.declarations) {
      const name = declaration.name.getText();
      const table = declaration.initializer && tableLiteral(declaration.initializer);
      if (!table || !ts.isObjectLiteralExpression(table)) throw new Error(`${file}: export ${name} is not an object literal of routes`);
      const routes: Record<string, ClientRoute> = {};
      for (const property of table.properties) {
        if (!ts.isPropertyAssignment(property)) throw new Error(`${file}: ${name} has a member that is not \`key: defineRoute({...})\``);
        const key = propertyName(property.name, file);
        const call = unwrap(property.initializer);
        const definition = ts.isCallExpression(call) && call.expression.getText() === 'defineRoute' ? call.arguments[0] : undefined;
        if (!definition || !ts.isObjectLiteralExpression(definition)) throw new Error(`${file}: ${name}.${key} is not defineRoute({...})`);
        const route: ClientRoute = {};
        for (const field of definition.properties) {
          if (!ts.isPropertyAssignment(field)) continue;
          const fieldName = propertyName(field.name, file) as (typeof CLIENT_ROUTE_FIELDS)[number];
          if (!CLIENT_ROUTE_FIELDS.includes(fieldName)) continue;
          const value = unwrap(field.initializer);
          if (!ts.isStringLiteral(value) && !ts.isNoSubstitutionTemplateLiteral(value)) {
            throw new Error(`${file}: ${name}.${key}.${fieldName} must be a string literal for the SPA's route table`);
          }
          route[fieldName] = value.text;
        }
        routes[key] = withDefaults(key, route);
      }
      tables[name] = routes;
    }
  }
  return tables;
}

/** Vite plugin: shared/api/routes/*.ts become their client route tables in the SPA. */
export function clientRouteTable(): Plugin {
  return {
    name: 'assay-client-route-table',
    enforce: 'pre',
    transform(code, id) {
      if (!ROUTE_MODULE.test(id.split('?')[0]!)) return null;
      let tables: ReturnType<typeof clientRouteTables>;
      try {
        tables = clientRouteTables(code, id);
      } catch (error) {
        this.error((error as Error).message);
      }
      const out = Object.entries(tables).map(([name, routes]) => `export const ${name} = ${JSON.stringify(routes)};`);
      return { code: `${out.join('\n')}\n`, map: null };
    },
  };
}
