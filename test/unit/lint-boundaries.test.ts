/**
 * The import boundaries of DESIGN.md are kept by ESLint (scripts/eslint/boundaries.js, `assay/boundaries` in
 * eslint.config.js): each rule fires on a small snippet placed in the layer it guards, and stays quiet on the
 * imports the design allows. The repository's own config turns the rule and the type-aware checks on.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
let eslint: ESLint;

beforeAll(async () => {
  const { default: assay } = (await import(pathToFileURL(resolve(ROOT, 'scripts/eslint/boundaries.js')).href)) as { default: ESLint.Plugin };
  eslint = new ESLint({
    cwd: ROOT,
    overrideConfigFile: true,
    overrideConfig: [{ files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser }, plugins: { assay }, rules: { 'assay/boundaries': 'error' } }],
  });
});

/** The boundary messages ESLint reports for `code` as if it were the file at `path`. */
async function crossings(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, path) });
  return result!.messages.map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

describe('import boundaries', () => {
  it.each([
    ['the frontend never imports functions/', 'frontend/src/features/editor/lib/x.ts', "import { logger } from '../../../../../functions/lib/logger';", 'the frontend never imports functions/ or infra/'],
    ['the frontend never imports infra/', 'frontend/src/app/x.tsx', "export { config } from '../../../infra/config';", 'the frontend never imports functions/ or infra/'],
    ['functions never import the frontend', 'functions/lib/x.ts', "import { cn } from '../../frontend/src/lib/cn';", 'functions/ and infra/ never import the frontend'],
    ['infra never imports the runtime code of functions', 'infra/stacks/x.ts', "import { handler } from '../../functions/http/system/health';", 'infra/ never imports the runtime code of functions/'],
    ['the domain imports no AWS SDK', 'functions/domain/reports/x.ts', "import { S3Client } from '@aws-sdk/client-s3';", 'the AWS SDK belongs in functions/data'],
    ['the domain uses no table internals', 'functions/domain/reports/x.ts', "import { documentClient } from '../../data/table';", 'functions/domain uses repositories, not functions/data internals (table)'],
    ['the domain uses no table helpers', 'functions/domain/reports/x.ts', "import { getItem } from '../../data/table-ops';", 'functions/domain uses repositories, not functions/data internals (table-ops)'],
    ['the domain uses no counters of the data layer', 'functions/domain/reports/x.ts', "import { bumpStats } from '../../data/stats';", 'not functions/data internals (stats)'],
    ['the domain starts no worker threads', 'functions/domain/evidence/x.ts', "import { Worker } from 'node:worker_threads';", 'worker threads are plumbing'],
    ['lib does not reach into the domain', 'functions/lib/x.ts', "import type { SignedIn } from '../domain/auth/login';", 'functions/lib is the plumbing under the domain'],
    ['lib does not reach into the data layer', 'functions/lib/middleware/x.ts', "import { sessionState } from '../../data/sessions-repo';", 'functions/lib never imports functions/data'],
    ['lib does not reach into the data layer (relative climb)', 'functions/lib/x.ts', "export { keys } from '../data/keys';", 'functions/lib never imports functions/data'],
    ['data does not reach into the domain', 'functions/data/x.ts', "import { login } from '../domain/auth/login';", 'functions/data never imports functions/domain'],
    ['a repository does not take the document client', 'functions/data/x-repo.ts', "import { documentClient } from './table-client';", 'only the table helpers (functions/data/table*.ts) call DynamoDB'],
    ['a repository does not take the document client (wherever it is exported)', 'functions/data/x-repo.ts', "import { documentClient as client } from './table';", 'only the table helpers (functions/data/table*.ts) call DynamoDB'],
    ['a repository does not pass the document client on', 'functions/data/x-repo.ts', "export { documentClient } from './table-ops';", 'only the table helpers (functions/data/table*.ts) call DynamoDB'],
    ['a repository sends no DynamoDB command itself', 'functions/data/x-repo.ts', "import { GetCommand } from '@aws-sdk/lib-dynamodb';", 'only the table helpers (functions/data/table*.ts) call DynamoDB'],
    ['a data port makes no DynamoDB client of its own', 'functions/data/rate-limits.ts', "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';", 'only the table helpers (functions/data/table*.ts) call DynamoDB'],
    ['a worker reaches the table only through repositories', 'functions/workers/x.ts', "export const load = () => import('../data/table-client');", 'only the table helpers (functions/data/table*.ts) call DynamoDB'],
    ['the plumbing makes no DynamoDB client', 'functions/lib/x.ts', "import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';", 'only the table helpers (functions/data/table*.ts) call DynamoDB'],
    ['shared imports nothing of ours outside shared', 'shared/domain/x.ts', "import { keys } from '../../functions/data/keys';", 'shared/ imports nothing of ours outside shared/'],
    ['shared holds no AWS SDK code', 'shared/api/x.ts', "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';", 'shared/ holds no AWS SDK code'],
    ['features meet only at a public entry (alias)', 'frontend/src/features/editor/components/x.tsx', "import { useSession } from '@/features/auth/hooks/use-session';", "only through the public entry: '@/features/auth'"],
    ['features meet only at a public entry (relative)', 'frontend/src/features/editor/components/x.tsx', "import { StatusBadge } from '../../dashboard/components/status-badge';", "only through the public entry: '@/features/dashboard'"],
    ['features meet only at a public entry (dynamic import)', 'frontend/src/features/editor/components/x.tsx', "export const load = () => import('@/features/visuals/components/visuals-page');", "only through the public entry: '@/features/visuals'"],
  ])('%s', async (_name, path, code, message) => {
    const found = await crossings(path, code);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('assay/boundaries');
    expect(found[0]).toContain(message);
  });

  it.each([
    ['frontend/src/features/editor/components/x.tsx', "import { messages } from '@shared/messages';\nimport { useSession } from '@/features/auth';\nimport { renderReportVisual } from '@/features/visuals/embedded';\nimport { Button } from '@/components/ui/button';"],
    ['frontend/src/features/editor/components/x.tsx', "import { useSectionEditor } from '../hooks/use-section-editor';\nimport { x } from '@/features/editor/lib/x';"],
    ['frontend/src/app/router.tsx', "export const page = () => import('@/features/auth/components/auth-screen');"],
    ['functions/domain/reports/x.ts', "import { getReport } from '../../data/reports-repo';\nimport { putObject } from '../../data/object-store';\nimport { keys } from '../../data/keys';\nimport { InvalidCursorError } from '../../data/cursor';\nimport { logger } from '../../lib/logger';"],
    ['functions/data/table-client.ts', "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';\nimport { tableName } from './table';"],
    ['functions/data/table-ops.ts', "import { GetCommand } from '@aws-sdk/lib-dynamodb';\nimport { documentClient } from './table-client';"],
    ['functions/data/x-repo.ts', "import { tableName } from './table';\nimport { getItem, transact } from './table-ops';\nimport { queryAll } from './table-query';\nimport { increment } from './table-counters';"],
    ['bench/x.ts', "const { documentClient } = await import('../functions/data/table-client');\nimport { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';"],
    ['functions/http/x.ts', "import { assertSessionLive } from '../domain/auth/session-check';\nimport { api } from '../lib/middleware/http-api';"],
    ['functions/lib/middleware/x.ts', "import { logger } from '../logger';\nimport { AuthenticationError } from '../errors';"],
    ['infra/stacks/x.ts', "import { routeList } from '../../shared/api/routes';"],
    ['shared/schemas/x.ts', "import * as z from 'zod/mini';\nimport { uuidField } from './common';"],
  ])('allows what the design allows (%s)', async (path, code) => {
    expect(await crossings(path, code)).toEqual([]);
  });

  it("is on in the repository's config, with the type-aware checks and the hooks rules", async () => {
    const repo = new ESLint({ cwd: ROOT });
    const severity = (rules: Record<string, unknown>, id: string) => ([rules[id]].flat()[0] as number | string | undefined);
    const backend = ((await repo.calculateConfigForFile(resolve(ROOT, 'functions/domain/reports/reports.ts'))) as { rules: Record<string, unknown> }).rules;
    for (const id of ['assay/boundaries', '@typescript-eslint/no-floating-promises', '@typescript-eslint/no-misused-promises', '@typescript-eslint/await-thenable']) {
      expect([2, 'error'], id).toContain(severity(backend, id));
    }
    const spa = ((await repo.calculateConfigForFile(resolve(ROOT, 'frontend/src/features/wizard/components/wizard-page.tsx'))) as { rules: Record<string, unknown> }).rules;
    for (const id of ['assay/boundaries', 'react-hooks/rules-of-hooks', 'react-hooks/exhaustive-deps', 'react-hooks/refs', 'react-hooks/set-state-in-effect', 'react-hooks/purity', 'react-hooks/immutability']) {
      expect([2, 'error'], id).toContain(severity(spa, id));
    }
  });
});
