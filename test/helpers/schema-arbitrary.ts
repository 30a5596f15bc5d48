/**
 * fast-check arbitraries derived from the route table's zod schemas: values shaped like what a route accepts
 * (so they get past the first checks and reach the handler), and the hostile variants of them an attacker
 * would send (wrong types, huge numbers, long strings, prototype keys, missing and unknown fields).
 */
import fc from 'fast-check';
import type * as z from 'zod/mini';

type Def = {
  type: string;
  shape?: Record<string, z.core.$ZodType>;
  element?: z.core.$ZodType;
  innerType?: z.core.$ZodType;
  options?: z.core.$ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  in?: z.core.$ZodType;
  valueType?: z.core.$ZodType;
  checks?: { _zod: { def: { check: string; pattern?: RegExp; maximum?: number; value?: number } } }[];
  /** a string format such as z.uuid()'s */
  format?: string;
};

const defOf = (schema: z.core.$ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/**
 * Numbers JSON.stringify cannot write (1e999 parses to Infinity, -0 stays -0, 2^53 + 1 loses its last digit):
 * a value `raw('1e999')` is written into the request body as that text, unquoted (see jsonText).
 */
const RAW = '\u0000raw:';
export const raw = (text: string) => `${RAW}${text}`;
export const RAW_NUMBERS = ['1e300', '-1e300', '1e999', '-1e999', '-0', '9007199254740993', '-9007199254740993', '1e-400', '123456789012345678901234567890'];

/** A value for a query string or a form field: raw() markers become their plain text. */
export const unraw = (value: string) => (value.startsWith(RAW) ? value.slice(RAW.length) : value);

/** JSON text of a value, with the raw() markers replaced by their unquoted text. */
export function jsonText(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replace(/"\\u0000raw:([^"]*)"/g, '$1');
}

/** An object nested `depth` levels deep (`{"a":{"a":…}}`), as text: JSON.stringify would overflow first. */
export const deepJson = (depth: number, open = '{"a":', close = '}') => `${open.repeat(depth)}1${close.repeat(depth)}`;

/** Strings that trip careless Unicode handling: lone surrogates, bidi overrides, joiners, combining marks. */
export const unicodeStrings = fc.oneof(
  fc.constantFrom(
    '\uD800',
    '\uDFFF\uD800',
    'a\u202Eevil\u202C',
    '👩‍👩‍👧‍👦'.repeat(50),
    'e\u0301'.repeat(500),
    '\u200B\u200C\u200D\uFEFF',
    'Ω≈ç√∫˜µ≤≥÷',
    '𝕿𝖍𝖊 𝖖𝖚𝖎𝖈𝖐',
    '\u0000\u0001\u001F',
    'ｆｕｌｌｗｉｄｔｈ',
    '٠١٢٣٤٥٦٧٨٩',
    '\r\n\r\n',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);

/** Hostile values of any type: what a careless or malicious client sends in place of a field. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    -1,
    0,
    1e308,
    -1e308,
    2 ** 53 + 1,
    0.1,
    '',
    ' ',
    '__proto__',
    'constructor',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    'javascript:alert(1)',
    '\u0000',
    '\uD800',
    '[@x]'.repeat(2000),
    '*a'.repeat(5000),
    '9'.repeat(200_000),
    'x'.repeat(70_000),
    [],
    {},
    { __proto__: { admin: true } },
    JSON.parse('{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}'),
    JSON.parse('{"constructor":{"prototype":{"isAdmin":true}},"hasOwnProperty":1,"toString":"x","valueOf":null}'),
    'NaN',
    'Infinity',
    '-Infinity',
    '1e309',
    '0x10',
    '1_000',
    ' 42 ',
    JSON.parse(deepJson(40)),
    JSON.parse(deepJson(40, '[', ']')),
  ),
  fc.constantFrom(...RAW_NUMBERS).map(raw),
  unicodeStrings,
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 5 }),
);

function stringLike(def: Def): fc.Arbitrary<string> {
  const pattern = def.checks?.map((c) => c._zod.def).find((c) => c.check === 'string_format' && c.pattern)?.pattern;
  if (def.format === 'uuid' || pattern?.source.includes('[0-9a-fA-F]{8}-')) return fc.uuid();
  if (pattern) {
    try {
      return fc.stringMatching(new RegExp(pattern.source));
    } catch {
      // a pattern fast-check cannot generate from (lookarounds, back references): any short string
    }
  }
  return fc.string({ maxLength: 60 });
}

/** Values shaped like the schema (not always valid: bounds and refinements are not modelled). */
export function shaped(schema: z.core.$ZodType, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (depth > 6) return fc.constant(null);
  switch (def.type) {
    case 'string':
      return stringLike(def);
    case 'number':
    case 'int':
      return fc.oneof(fc.integer({ min: -5, max: 1000 }), fc.double({ noNaN: true, noDefaultInfinity: true }));
    case 'boolean':
      return fc.boolean();
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { a: 'a' }));
    case 'array':
      return fc.array(shaped(def.element!, depth + 1), { maxLength: 4 });
    case 'object':
      return fc.record(Object.fromEntries(Object.entries(def.shape ?? {}).map(([k, v]) => [k, shaped(v, depth + 1)])), { requiredKeys: [] });
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 8 }), shaped(def.valueType!, depth + 1), { maxKeys: 3 });
    case 'optional':
    case 'default':
    case 'prefault':
    case 'nullable':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return def.innerType ? fc.oneof(shaped(def.innerType, depth + 1), fc.constant(null)) : fc.constant(null);
    case 'union':
      return fc.oneof(...(def.options ?? []).map((o) => shaped(o, depth + 1)));
    case 'pipe':
      return def.in ? shaped(def.in, depth + 1) : hostileValue;
    default:
      return hostileValue;
  }
}

/** Shaped values with one hostile change: a field of the wrong type, a missing field, an unknown or prototype key. */
export function attack(schema: z.core.$ZodType): fc.Arbitrary<unknown> {
  const base = shaped(schema);
  return fc.oneof(
    base,
    fc.tuple(base, fc.string({ maxLength: 12 }), hostileValue).map(([value, key, bad]) => {
      if (!value || typeof value !== 'object' || Array.isArray(value)) return bad;
      const keys = Object.keys(value);
      const target = keys.length ? keys[key.length % keys.length]! : key;
      return { ...value, [target]: bad };
    }),
    base.map((value) => (value && typeof value === 'object' ? JSON.parse(`{"__proto__":{"isAdmin":true},${JSON.stringify(value).slice(1)}`.replace(',}', '}')) : value)),
    hostileValue,
  );
}
