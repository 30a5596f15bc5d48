/**
 * The dependency rules (scripts/check-dependencies.ts) on small trees written for the purpose: a clean tree
 * passes, and an upward import, an import of an area of the same rank past its index.ts, a cycle of files and a
 * loop of areas through their indexes are each reported.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AreaDef } from '@shared/api/areas';
import { checkDependencies, describe as describeViolation } from '../../scripts/check-dependencies';

/** Two base areas (auth, limits), two content areas (evidence, ai), one workflow (wizard). */
const AREAS: Record<string, Pick<AreaDef, 'rank'>> = {
  auth: { rank: 'base' },
  limits: { rank: 'base' },
  evidence: { rank: 'content' },
  ai: { rank: 'content' },
  wizard: { rank: 'workflows' },
};

/** A clean tree: imports go down (any file), or across through index.ts. */
const CLEAN: Record<string, string> = {
  'functions/domain/limits/limits.ts': 'export const limit = 1;\n',
  'functions/domain/limits/index.ts': "export { limit } from './limits';\n",
  'functions/domain/auth/login.ts': "import { limit } from '../limits';\nexport const login = () => limit;\n",
  'functions/domain/ai/analyst/read.ts': "import { login } from '../../auth/login';\nexport const read = () => login();\n",
  'functions/domain/ai/index.ts': "export { read } from './analyst/read';\n",
  'functions/domain/evidence/ingest.ts': "import { read } from '../ai';\nexport const ingest = () => read();\n",
  'functions/domain/wizard/step.ts': "import { ingest } from '../evidence/ingest';\nimport { read } from '../ai/analyst/read';\nexport const step = () => [ingest(), read()];\n",
};

let tree: string | undefined;
afterEach(() => {
  if (tree) rmSync(tree, { recursive: true, force: true });
  tree = undefined;
});

function write(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'assay-deps-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

async function violationsOf(files: Record<string, string>): Promise<string[]> {
  tree = write(files);
  return (await checkDependencies(tree, AREAS, [{ paths: ['functions'] }])).map(describeViolation).sort();
}

describe('the dependency rules', () => {
  it('pass a tree whose areas import lower ranks, and their own rank through index.ts', async () => {
    // Act
    const violations = await violationsOf(CLEAN);

    // Assess
    expect(violations).toEqual([]);
  });

  it('report an import of an area of a higher rank', async () => {
    // Prepare: a base area imports a content area (even through its index)
    const files = { ...CLEAN, 'functions/domain/limits/limits.ts': "import { read } from '../ai';\nexport const limit = 1;\nexport const peek = () => read;\n" };

    // Act
    const violations = await violationsOf(files);

    // Assess
    expect(violations).toContain('domain-upward: functions/domain/limits/limits.ts → functions/domain/ai/index.ts');
  });

  it('report an import of an area of the same rank past its index.ts', async () => {
    // Prepare
    const files = { ...CLEAN, 'functions/domain/evidence/ingest.ts': "import { read } from '../ai/analyst/read';\nexport const ingest = () => read();\n" };

    // Act
    const violations = await violationsOf(files);

    // Assess
    expect(violations).toEqual(['domain-same-rank-not-index: functions/domain/evidence/ingest.ts → functions/domain/ai/analyst/read.ts']);
  });

  it('report a cycle of files', async () => {
    // Prepare: two files of one area import each other (one of them for a type only: still a dependency)
    const files = {
      ...CLEAN,
      'functions/domain/wizard/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
      'functions/domain/wizard/b.ts': "import type { a } from './a';\nexport const b = 1;\nexport type A = typeof a;\n",
    };

    // Act
    const violations = await violationsOf(files);

    // Assess
    expect(violations).toEqual([
      'no-circular: functions/domain/wizard/a.ts → functions/domain/wizard/b.ts  (loop: functions/domain/wizard/a.ts → functions/domain/wizard/b.ts → functions/domain/wizard/a.ts)',
    ]);
  });

  it('report a loop of areas of one rank through their indexes, where no file imports itself back', async () => {
    // Prepare: ai's summary reads evidence through its index, while evidence's ingest reads ai through ai's index
    const files = {
      ...CLEAN,
      'functions/domain/evidence/texts.ts': 'export const texts = 1;\n',
      'functions/domain/evidence/index.ts': "export { texts } from './texts';\n",
      'functions/domain/ai/drafting/summary.ts': "import { texts } from '../../evidence';\nexport const summary = () => texts;\n",
    };

    // Act
    const violations = await violationsOf(files);

    // Assess
    expect(violations).toEqual([
      'domain-folder-cycle: functions/domain/ai → functions/domain/evidence  (loop: functions/domain/ai → functions/domain/evidence → functions/domain/ai)',
      'domain-folder-cycle: functions/domain/evidence → functions/domain/ai  (loop: functions/domain/evidence → functions/domain/ai → functions/domain/evidence)',
    ]);
  });
});
