/**
 * docs/architecture.md is the map of the code as it is: its table of areas lists exactly the areas of
 * shared/api/areas.ts, each with its rank and layers, and every file or folder it names in backquotes exists.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AREAS } from '@shared/api/areas';

const ROOT = resolve(import.meta.dirname, '../..');
const doc = readFileSync(resolve(ROOT, 'docs/architecture.md'), 'utf8');

/** The rows of the map's area table: name, rank, layers. */
function areaRows(text: string): { name: string; rank: string; layers: string[] }[] {
  return [...text.matchAll(/^\| `([a-z-]+)` \| (base|content|workflows) \| ([a-z, ]+) \|/gm)].map((m) => ({ name: m[1]!, rank: m[2]!, layers: m[3]!.split(',').map((l) => l.trim()) }));
}

describe('docs/architecture.md', () => {
  it('lists every area of shared/api/areas.ts, once, with its rank and layers', () => {
    const rows = areaRows(doc);
    expect(rows.map((r) => r.name).sort()).toEqual(Object.keys(AREAS).sort());
    for (const row of rows) {
      const area = AREAS[row.name as keyof typeof AREAS];
      expect({ area: row.name, rank: row.rank, layers: row.layers }).toEqual({ area: row.name, rank: area.rank, layers: [...area.layers] });
    }
  });

  it('a table short of an area, or with a wrong rank, is caught', () => {
    const short = doc.replace(/^\| `library` .*\n/m, '');
    expect(areaRows(short).map((r) => r.name)).not.toContain('library');
    const wrong = areaRows(doc.replace('| `access` | base |', '| `access` | content |'));
    expect(wrong.find((r) => r.name === 'access')?.rank).toBe('content');
  });

  it('every path it names exists', () => {
    const paths = [...doc.matchAll(/`((?:shared|functions|infra|frontend|test|bench|scripts|docs)\/[A-Za-z0-9_./-]+)`/g)].map((m) => m[1]!.replace(/\/$/, ''));
    expect(paths.length).toBeGreaterThan(20);
    expect(paths.filter((p) => !existsSync(resolve(ROOT, p)))).toEqual([]);
  });
});
