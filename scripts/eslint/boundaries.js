/**
 * `assay/boundaries`: the import rules of DESIGN.md, checked on every import, re-export and dynamic import.
 * Each specifier is resolved to a repository path first (relative, `@shared/…`, `@/…` in the SPA), so a
 * relative path that climbs out of its layer is caught as well as an alias.
 *
 * - `frontend/` never imports `functions/` or `infra/`; `functions/` and `infra/` never import `frontend/`;
 *   `infra/` never imports the runtime code of `functions/`.
 * - `shared/` imports nothing of ours outside `shared/`, and no AWS SDK.
 * - `functions/lib/` and `functions/data/` never import `functions/domain/` or `functions/http/`; `functions/lib/`
 *   never imports `functions/data/` either (plumbing under both: what it needs from storage comes through a port
 *   that functions/http wires, as the session check does).
 * - `functions/domain/` imports no AWS SDK and no worker_threads (plumbing, in functions/lib), and from `functions/data/` only repositories and the data
 *   layer's ports (object store, mailer, Bedrock model, identity provider, signers, rate limits, worker invoker, cursors,
 *   key builders), never its internals (the table and its client, counters, item sizes, anything new).
 * - One way to the table: in `functions/`, only the table helpers (`functions/data/table*.ts`) import the DynamoDB
 *   document client (`functions/data/table-client.ts`, `documentClient`) or the DynamoDB SDK packages
 *   (`@aws-sdk/client-dynamodb`, `@aws-sdk/lib-dynamodb`); a repository calls the helpers. (Tests, benchmarks and
 *   the local harness talk to the emulator directly, to seed and inspect it.)
 * - a SPA feature imports another feature only through its public entry: `features/<x>` (its index.ts) or
 *   a file directly in `features/<x>/` (such as `embedded.ts`), never `features/<x>/{api,components,hooks,lib}/…`.
 */
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Modules of functions/data that the domain may use besides the `*-repo` files: the ports of the other
 * stores, page cursors, and the key builders (pure functions; the one place that names a DynamoDB key or an
 * S3 object path, which the domain passes to the object store).
 */
const DATA_PORTS = new Set(['keys', 'object-store', 'mailer', 'bedrock-model', 'identity-provider', 'hosted-ui', 'upload-signer', 'download-signer', 'rate-limits', 'worker-invoker', 'cursor']);

const AWS_SDK = /^(@aws-sdk|@smithy|aws-sdk)(\/|$)/;

/** The SDK packages that make a DynamoDB client or send its commands. */
const DYNAMODB_SDK = /^@aws-sdk\/(client-dynamodb|lib-dynamodb)(\/|$)/;

/** The table helpers: the only modules of functions/ that send DynamoDB requests. */
const isTableHelper = (p) => /^functions\/data\/table(-[a-z0-9-]+)?\.ts$/.test(p);

const ONE_WAY_TO_THE_TABLE = 'only the table helpers (functions/data/table*.ts) call DynamoDB: use getItem, queryRange, transact, … from table-ops.ts and its siblings';

/** The repository-relative path an import points at, or null for a package. */
function target(fromFile, spec) {
  let abs;
  if (spec.startsWith('.')) abs = path.resolve(path.dirname(fromFile), spec);
  else if (spec.startsWith('@shared/')) abs = path.join(root, 'shared', spec.slice('@shared/'.length));
  else if (spec.startsWith('@/') && rel(fromFile).startsWith('frontend/')) abs = path.join(root, 'frontend/src', spec.slice(2));
  else return null;
  return rel(abs);
}

function rel(abs) {
  return path.relative(root, abs).split(path.sep).join('/');
}

const under = (p, dir) => p === dir || p.startsWith(`${dir}/`);

/** Why `file` may not import `spec` (the names it takes from it: `names`), or null when it may. */
function violation(file, spec, names = []) {
  const from = rel(file);
  const to = target(file, spec);
  if (to === null) {
    if (AWS_SDK.test(spec) && under(from, 'functions/domain')) return 'functions/domain holds rules only: the AWS SDK belongs in functions/data';
    if (AWS_SDK.test(spec) && under(from, 'shared')) return 'shared/ holds no AWS SDK code';
    if (/^(node:)?worker_threads$/.test(spec) && under(from, 'functions/domain')) return 'worker threads are plumbing: functions/lib/worker-thread.ts runs them for the domain';
    if (DYNAMODB_SDK.test(spec) && under(from, 'functions') && !isTableHelper(from)) return ONE_WAY_TO_THE_TABLE;
    return null;
  }
  if (to.startsWith('..')) return null;
  if (under(from, 'frontend') && (under(to, 'functions') || under(to, 'infra'))) return 'the frontend never imports functions/ or infra/ (share code through shared/)';
  if ((under(from, 'functions') || under(from, 'infra')) && under(to, 'frontend')) return 'functions/ and infra/ never import the frontend';
  if (under(from, 'infra') && under(to, 'functions')) return 'infra/ never imports the runtime code of functions/ (share it through shared/)';
  if (under(from, 'shared') && !under(to, 'shared')) return 'shared/ imports nothing of ours outside shared/';
  if (under(from, 'functions/lib') && (under(to, 'functions/domain') || under(to, 'functions/http'))) return 'functions/lib is the plumbing under the domain: it never imports functions/domain or functions/http';
  if (under(from, 'functions/lib') && under(to, 'functions/data')) return 'functions/lib never imports functions/data (storage reaches the plumbing only through a port wired in functions/http)';
  if (under(from, 'functions/data') && (under(to, 'functions/domain') || under(to, 'functions/http'))) return 'functions/data never imports functions/domain or functions/http (the domain calls the data layer, not the other way)';
  if (under(from, 'functions/domain') && under(to, 'functions/data')) {
    const name = to.slice('functions/data/'.length).replace(/\.(ts|js)$/, '');
    if (!name.endsWith('-repo') && !DATA_PORTS.has(name)) return `functions/domain uses repositories, not functions/data internals (${name})`;
  }
  if (under(from, 'functions') && !isTableHelper(from) && (to.replace(/\.(ts|js)$/, '') === 'functions/data/table-client' || (under(to, 'functions/data') && names.includes('documentClient')))) {
    return ONE_WAY_TO_THE_TABLE;
  }
  const feature = /^frontend\/src\/features\/([^/]+)(\/.*)?$/;
  const a = feature.exec(from);
  const b = feature.exec(to);
  if (a && b && a[1] !== b[1]) {
    const inside = (b[2] ?? '').slice(1);
    if (inside.includes('/')) return `features import each other only through the public entry: '@/features/${b[1]}', not '${spec}'`;
  }
  return null;
}

const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'The import boundaries of DESIGN.md between frontend, functions, infra, shared and SPA features' },
    schema: [],
    messages: { crossed: "'{{spec}}': {{why}}." },
  },
  create(context) {
    const check = (node, names = []) => {
      if (!node || node.type !== 'Literal' || typeof node.value !== 'string') return;
      const why = violation(context.filename, node.value, names);
      if (why) context.report({ node, messageId: 'crossed', data: { spec: node.value, why } });
    };
    /** The names an import takes, or a re-export passes on, from its module. */
    const nameOf = (id) => (id.type === 'Identifier' ? id.name : String(id.value));
    const imported = (node) => node.specifiers.map((s) => (s.type === 'ImportSpecifier' ? nameOf(s.imported) : s.type === 'ImportNamespaceSpecifier' ? '*' : 'default'));
    return {
      ImportDeclaration: (node) => check(node.source, imported(node)),
      ExportNamedDeclaration: (node) => check(node.source, node.specifiers.map((s) => nameOf(s.local))),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      TSImportEqualsDeclaration: (node) => check(node.moduleReference?.expression),
    };
  },
};

export default { meta: { name: 'assay' }, rules: { boundaries } };
