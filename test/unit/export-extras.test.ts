/**
 * The Export page's optional sections: which ticked extras are sent (only those the report offers, in
 * one order), and the choice kept per report in session storage, with anything stored there that is not an extra
 * ignored.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { offeredExtras, readExtras, writeExtras } from '../../frontend/src/features/exports/lib/extras';

function memoryStorage() {
  const map = new Map<string, string>();
  return { map, getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
}

describe('export extras', () => {
  let storage: ReturnType<typeof memoryStorage>;
  const store = () => storage;
  beforeEach(() => {
    storage = memoryStorage();
  });

  it('sends only the ticked extras the report offers, in the one order', () => {
    // Prepare
    const ticked = new Set(['benchmark', 'comparison'] as const);
    // Act + Assess
    expect(offeredExtras(ticked, new Set(['comparison', 'benchmark'] as const))).toEqual(['comparison', 'benchmark']);
    expect(offeredExtras(ticked, new Set(['benchmark'] as const))).toEqual(['benchmark']);
    expect(offeredExtras(new Set(), new Set(['comparison'] as const))).toEqual([]);
  });

  it('keeps the choice per report and ignores what is not an extra', () => {
    // Prepare
    writeExtras('r1', new Set(['comparison'] as const), store);
    storage.setItem('assay.export-extras.r2', JSON.stringify(['benchmark', 'everything', 3]));
    storage.setItem('assay.export-extras.r3', '{not json');
    // Act + Assess
    expect([...readExtras('r1', store)]).toEqual(['comparison']);
    expect([...readExtras('r2', store)]).toEqual(['benchmark']);
    expect([...readExtras('r3', store)]).toEqual([]);
    expect([...readExtras('r4', store)]).toEqual([]);
  });

  it('still works when storage refuses', () => {
    // Prepare: storage that cannot be reached, and storage that refuses every call
    const unreachable = () => {
      throw new Error('SecurityError');
    };
    const refusing = () => ({
      getItem: (): string | null => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
    });
    // Act + Assess
    for (const bad of [unreachable, refusing]) {
      expect(() => writeExtras('r1', new Set(['comparison'] as const), bad)).not.toThrow();
      expect([...readExtras('r1', bad)]).toEqual([]);
    }
  });
});
