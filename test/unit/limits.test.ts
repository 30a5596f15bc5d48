import { describe, expect, it } from 'vitest';
import { itemSize } from '../../functions/data/item-size';
import { jsonTooDeep } from '../../functions/lib/json-depth';

describe('JSON nesting guard', () => {
  it('counts nesting outside strings only, in one pass', () => {
    expect(jsonTooDeep('{"a":[1,{"b":2}]}', 3)).toBe(false);
    expect(jsonTooDeep('{"a":[1,{"b":[2]}]}', 3)).toBe(true);
    expect(jsonTooDeep(JSON.stringify({ text: '[[[[[[[[{{{{{{{{' }), 2)).toBe(false);
    expect(jsonTooDeep(JSON.stringify({ text: 'a \\" [[[[[' }), 2)).toBe(false);
  });

  it('refuses 200,000 levels quickly', () => {
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    const started = performance.now();
    expect(jsonTooDeep(deep)).toBe(true);
    expect(performance.now() - started).toBeLessThan(100);
  });
});

describe('DynamoDB item size', () => {
  it('measures strings in UTF-8 bytes and names too', () => {
    expect(itemSize({ a: 'abc' })).toBe(4);
    expect(itemSize({ a: '€' })).toBe(4);
  });

  it('counts list overhead, so many small numbers weigh more than their JSON', () => {
    const numbers = Array.from({ length: 100_000 }, () => 1);
    const json = Buffer.byteLength(JSON.stringify({ n: numbers }));
    expect(itemSize({ n: numbers })).toBeGreaterThan(json);
    expect(itemSize({ n: numbers })).toBe(1 + 3 + 100_000 * (1 + 2));
  });

  it('maps add their keys and overhead', () => {
    expect(itemSize({ m: { k: true } })).toBe(1 + 3 + 1 + 1 + 1);
  });
});
