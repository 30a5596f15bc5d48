/**
 * Source comments state rules, not history: no comment names a tracker entry by its number ("issue" and digits);
 * the rule or the reason it stood for is written out instead, and the history belongs in commit messages. Every
 * source file of the code, the tests, the infrastructure, the scripts and the benchmarks is read with the
 * TypeScript parser, so only comments count: a string or a test's name may hold such words.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
/** The folders read, from the repository root. */
const FOLDERS = ['functions', 'shared', 'frontend/src', 'infra', 'scripts', 'bench', 'test'];
/** Never read: generated output and installed packages. */
const SKIPPED = new Set(['node_modules', 'dist', 'cdk.out', 'bench/results']);
const SOURCE = /\.(ts|tsx|js|mjs)$/;
const TRACKER_NUMBER = /\bissue\s+\d+/i;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (SKIPPED.has(entry.name) || SKIPPED.has(relative(ROOT, path))) return [];
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.isFile() && SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every comment of a source text, with its line: those before and after each node, and inside an empty `{}` of JSX. */
function commentsOf(text: string, fileName: string): { line: number; text: string }[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : fileName.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const ranges = new Map<number, ts.CommentRange>();
  const collect = (list: ts.CommentRange[] | undefined) => list?.forEach((r) => ranges.set(r.pos, r));
  // TypeScript calls a comment on the line of the token before it that token's trailing one: both are read
  const around = (pos: number) => {
    collect(ts.getLeadingCommentRanges(text, pos));
    collect(ts.getTrailingCommentRanges(text, pos));
  };
  const visit = (node: ts.Node) => {
    around(node.pos);
    around(node.end);
    if (ts.isJsxExpression(node) && !node.expression) around(node.pos + 1);
    node.forEachChild(visit);
  };
  visit(source);
  around(source.endOfFileToken.pos);
  return [...ranges.values()].map((r) => ({ line: source.getLineAndCharacterOfPosition(r.pos).line + 1, text: text.slice(r.pos, r.end) }));
}

describe('source comments', () => {
  it('finds comments of every kind, and nothing in strings, templates or regular expressions', () => {
    // Prepare
    const text = [
      "// one",
      "/** two */",
      "const s = '// not a comment', t = `/* nor this ${1} */`, r = /a\\/\\/b/;",
      "const e = <div>{/* three */}</div>; /* four */",
    ].join('\n');

    // Act
    const found = commentsOf(text, 'sample.tsx').map((c) => c.text);

    // Assess
    expect(found.sort()).toEqual(['/* four */', '/* three */', '/** two */', '// one']);
  });

  it('name no tracker entry by its number: they say the rule instead', () => {
    // Prepare
    const files = FOLDERS.flatMap((folder) => sourceFiles(join(ROOT, folder)));

    // Act
    const offending = files.flatMap((file) => {
      const name = relative(ROOT, file);
      return commentsOf(readFileSync(file, 'utf8'), file)
        .flatMap((c) => {
          const found = TRACKER_NUMBER.exec(c.text);
          return found ? [`${name}:${c.line + c.text.slice(0, found.index).split('\n').length - 1}: ${found[0]}`] : [];
        });
    });

    // Assess
    expect(files.length).toBeGreaterThan(500);
    expect(offending).toEqual([]);
  });
});
