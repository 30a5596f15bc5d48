/**
 * Formulas whose value the workbook does not hold (a file written by a program that never calculated it): each
 * is computed from the cells it names, with @formulajs/formulajs for the functions, where it can be. A formula
 * that names a function formulajs does not have, refers round in a circle, or cannot be parsed stays "not
 * computed" (type `x`); an error it computes (`#DIV/0!`) is kept as an error cell.
 *
 * The grammar is the one spreadsheets share: numbers, strings, TRUE/FALSE, cell references and ranges (with
 * their sheet, quoted or not, `$` anchors ignored), `+ - * / ^ & %`, comparisons, brackets and function calls.
 */
import { columnNumber } from '@shared/domain/data-room/cells';
import type { CellValue } from '@shared/domain/data-room/table-data';
import { cjsModule } from '../parsers';
import type { SheetGrid } from './grid';

type Value = number | string | boolean | Error | null | Value[];

type Node =
  | { k: 'num'; v: number }
  | { k: 'str'; v: string }
  | { k: 'bool'; v: boolean }
  | { k: 'ref'; sheet: string | undefined; row: number; col: number }
  | { k: 'range'; sheet: string | undefined; top: number; left: number; bottom: number; right: number }
  | { k: 'un'; op: string; a: Node }
  | { k: 'pct'; a: Node }
  | { k: 'bin'; op: string; a: Node; b: Node }
  | { k: 'call'; name: string; args: Node[] };

class FormulaSyntaxError extends Error {}

const TOKEN = /\s*(?:('(?:[^']|'')+'!|[A-Za-z_][\w.]*!)?(\$?[A-Za-z]{1,3}\$?\d+(?::\$?[A-Za-z]{1,3}\$?\d+)?)(?![\w(])|(\d+(?:\.\d*)?(?:[eE][-+]?\d+)?|\.\d+)|("(?:[^"]|"")*")|([A-Za-z_][\w.]*)\s*(?=\()|(TRUE|FALSE)\b|(<>|<=|>=|[-+*/^&%=<>(),;]))/y;

/** Parses a formula (without its leading `=`) into a tree; throws FormulaSyntaxError. */
export function parseFormula(formula: string): Node {
  const text = formula.replace(/^=/, '');
  const tokens: { t: string; v: string; sheet?: string }[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const start = TOKEN.lastIndex;
    const m = TOKEN.exec(text);
    if (!m) {
      if (/^\s*$/.test(text.slice(start))) break;
      throw new FormulaSyntaxError(`unexpected text at ${start}`);
    }
    if (m[2]) tokens.push({ t: 'ref', v: m[2], ...(m[1] ? { sheet: m[1].slice(0, -1).replace(/^'|'$/g, '').replace(/''/g, "'") } : {}) });
    else if (m[3]) tokens.push({ t: 'num', v: m[3] });
    else if (m[4]) tokens.push({ t: 'str', v: m[4].slice(1, -1).replace(/""/g, '"') });
    else if (m[5]) tokens.push({ t: 'fn', v: m[5].toUpperCase() });
    else if (m[6]) tokens.push({ t: 'bool', v: m[6].toUpperCase() });
    else if (m[7]) tokens.push({ t: 'op', v: m[7] });
  }
  let i = 0;
  const peek = () => tokens[i];
  const take = (v?: string) => {
    const tok = tokens[i];
    if (!tok || (v !== undefined && tok.v !== v)) throw new FormulaSyntaxError(`expected ${v ?? 'more'}`);
    i++;
    return tok;
  };
  const binary = (ops: readonly string[], next: () => Node) => (): Node => {
    let a = next();
    while (peek()?.t === 'op' && ops.includes(peek()!.v)) {
      const op = take().v;
      a = { k: 'bin', op, a, b: next() };
    }
    return a;
  };
  const primary = (): Node => {
    const tok = take();
    switch (tok.t) {
      case 'num':
        return { k: 'num', v: Number(tok.v) };
      case 'str':
        return { k: 'str', v: tok.v };
      case 'bool':
        return { k: 'bool', v: tok.v === 'TRUE' };
      case 'ref': {
        const [a, b] = tok.v.replace(/\$/g, '').split(':');
        const cell = (s: string) => {
          const m = /^([A-Za-z]+)(\d+)$/.exec(s)!;
          return { col: columnNumber(m[1]!), row: Number(m[2]) };
        };
        const first = cell(a!);
        if (b === undefined) return { k: 'ref', sheet: tok.sheet, row: first.row, col: first.col };
        const second = cell(b);
        return { k: 'range', sheet: tok.sheet, top: Math.min(first.row, second.row), left: Math.min(first.col, second.col), bottom: Math.max(first.row, second.row), right: Math.max(first.col, second.col) };
      }
      case 'fn': {
        take('(');
        const args: Node[] = [];
        if (peek()?.v !== ')') {
          do args.push(comparison());
          while ((peek()?.v === ',' || peek()?.v === ';') && take());
        }
        take(')');
        return { k: 'call', name: tok.v, args };
      }
      case 'op':
        if (tok.v === '(') {
          const inner = comparison();
          take(')');
          return inner;
        }
        if (tok.v === '-' || tok.v === '+') return { k: 'un', op: tok.v, a: power() };
        throw new FormulaSyntaxError(`unexpected ${tok.v}`);
      default:
        throw new FormulaSyntaxError('unexpected token');
    }
  };
  const postfix = (): Node => {
    let a = primary();
    while (peek()?.v === '%') {
      take();
      a = { k: 'pct', a };
    }
    return a;
  };
  const power: () => Node = binary(['^'], postfix);
  const term = binary(['*', '/'], power);
  const additive = binary(['+', '-'], term);
  const concat = binary(['&'], additive);
  const comparison: () => Node = binary(['=', '<>', '<', '>', '<=', '>='], concat);
  const tree = comparison();
  if (i < tokens.length) throw new FormulaSyntaxError('text after the formula');
  return tree;
}

const ERRORS = new Set(['#NULL!', '#DIV/0!', '#VALUE!', '#REF!', '#NAME?', '#NUM!', '#N/A', '#GETTING_DATA', '#SPILL!', '#CALC!']);
const errorOf = (name: string) => new Error(ERRORS.has(name) ? name : '#VALUE!');

/** A computed formula's value as a cell: a number, text, a boolean or an error. */
export type Computed = { type: 'n' | 's' | 'b'; value: number | string | boolean } | { type: 'e'; value: string } | { type: 'x' };

type Formulajs = Record<string, ((...args: unknown[]) => unknown) | undefined>;

/** Not computed: a function formulajs lacks, a circle, or a formula this grammar cannot read. */
class NotComputedError extends Error {}

/**
 * Computes every `x` cell of the sheets (formulas the workbook holds no value for) in place. Returns how many
 * were computed and how many stay not computed, per sheet.
 */
export async function computeFormulas(sheets: readonly SheetGrid[]): Promise<Map<string, { computed: number; notComputed: number }>> {
  const pending = sheets.flatMap((s) => s.rows.flatMap((r) => (r.formulas ? r.formulas.map((f, c) => ({ s, r, c, f })).filter((x) => x.f !== undefined) : [])));
  const counts = new Map<string, { computed: number; notComputed: number }>();
  if (!pending.length) return counts;
  const fns = cjsModule(await import('@formulajs/formulajs')) as unknown as Formulajs;
  const bySheet = new Map(sheets.map((s) => [s.name.toLowerCase(), s]));
  const rowIndex = new Map(sheets.map((s) => [s, new Map(s.rows.map((r) => [r.n, r]))]));
  const computing = new Set<string>();

  const cellValue = (sheet: SheetGrid, row: number, col: number): Value => {
    const r = rowIndex.get(sheet)!.get(row);
    const c = col - 1;
    if (!r) return null;
    const type = r.types[c] ?? '-';
    if (type === 'x') return evaluateCell(sheet, r.n, c);
    const v: CellValue = r.values[c] ?? null;
    if (type === 'e') return errorOf(String(v));
    if (type === 'd' && typeof v === 'string') return (Date.parse(v) - Date.UTC(1899, 11, 30)) / 86_400_000;
    return type === '-' ? null : v;
  };

  const sheetOf = (name: string | undefined, here: SheetGrid): SheetGrid => {
    if (name === undefined) return here;
    const s = bySheet.get(name.toLowerCase());
    if (!s) throw new NotComputedError('#REF!');
    return s;
  };

  const toNumber = (v: Value): number | Error => {
    if (v instanceof Error) return v;
    if (Array.isArray(v)) return toNumber(v[0] ?? null);
    if (v === null) return 0;
    if (typeof v === 'boolean') return v ? 1 : 0;
    if (typeof v === 'number') return v;
    const n = Number(v);
    return v.trim() && Number.isFinite(n) ? n : errorOf('#VALUE!');
  };

  const evaluate = (node: Node, here: SheetGrid): Value => {
    switch (node.k) {
      case 'num':
      case 'str':
      case 'bool':
        return node.v;
      case 'ref':
        return cellValue(sheetOf(node.sheet, here), node.row, node.col);
      case 'range': {
        const s = sheetOf(node.sheet, here);
        if ((node.bottom - node.top + 1) * (node.right - node.left + 1) > 200_000) throw new NotComputedError('range too large');
        const out: Value[] = [];
        for (let r = node.top; r <= node.bottom; r++) {
          const row: Value[] = [];
          for (let c = node.left; c <= node.right; c++) row.push(cellValue(s, r, c));
          out.push(row);
        }
        return out;
      }
      case 'un': {
        const a = toNumber(evaluate(node.a, here));
        return a instanceof Error ? a : node.op === '-' ? -a : a;
      }
      case 'pct': {
        const a = toNumber(evaluate(node.a, here));
        return a instanceof Error ? a : a / 100;
      }
      case 'bin': {
        const av = evaluate(node.a, here);
        const bv = evaluate(node.b, here);
        if (node.op === '&') {
          if (av instanceof Error) return av;
          if (bv instanceof Error) return bv;
          return `${av === null ? '' : String(av)}${bv === null ? '' : String(bv)}`;
        }
        if (['=', '<>', '<', '>', '<=', '>='].includes(node.op)) {
          if (av instanceof Error) return av;
          if (bv instanceof Error) return bv;
          const [x, y] = [av ?? 0, bv ?? 0];
          switch (node.op) {
            case '=':
              return x === y;
            case '<>':
              return x !== y;
            case '<':
              return x < y;
            case '>':
              return x > y;
            case '<=':
              return x <= y;
            default:
              return x >= y;
          }
        }
        const a = toNumber(av);
        const b = toNumber(bv);
        if (a instanceof Error) return a;
        if (b instanceof Error) return b;
        switch (node.op) {
          case '+':
            return a + b;
          case '-':
            return a - b;
          case '*':
            return a * b;
          case '/':
            return b === 0 ? errorOf('#DIV/0!') : a / b;
          default:
            return a ** b;
        }
      }
      case 'call': {
        const fn = fns[node.name] ?? fns[node.name.replace(/\./g, '')];
        if (typeof fn !== 'function') throw new NotComputedError(node.name);
        const args = node.args.map((a) => evaluate(a, here));
        const result = fn(...args) as Value | undefined;
        return result === undefined ? errorOf('#VALUE!') : result;
      }
    }
  };

  const computed = new Map<string, Computed>();
  function evaluateCell(sheet: SheetGrid, rowNumber: number, c: number): Value {
    const key = `${sheet.name}\u0001${rowNumber}\u0001${c}`;
    const done = computed.get(key);
    if (done) {
      if (done.type === 'x') throw new NotComputedError('depends on a formula not computed');
      return done.type === 'e' ? errorOf(done.value) : done.value;
    }
    if (computing.has(key)) throw new NotComputedError('circular');
    const row = rowIndex.get(sheet)!.get(rowNumber)!;
    const formula = row.formulas?.[c];
    if (!formula) throw new NotComputedError('no formula');
    computing.add(key);
    try {
      let v = evaluate(parseFormula(formula), sheet);
      while (Array.isArray(v)) v = v[0] ?? null;
      const result: Computed =
        v instanceof Error
          ? { type: 'e', value: ERRORS.has(v.message) ? v.message : '#VALUE!' }
          : typeof v === 'number'
            ? Number.isFinite(v) ? { type: 'n', value: v } : { type: 'e', value: '#NUM!' }
            : typeof v === 'boolean'
              ? { type: 'b', value: v }
              : { type: 's', value: v ?? '' };
      computed.set(key, result);
      return v;
    } catch (error) {
      computed.set(key, { type: 'x' });
      if (error instanceof NotComputedError || error instanceof FormulaSyntaxError) throw new NotComputedError(error.message);
      throw new NotComputedError(error instanceof Error ? error.message : String(error));
    } finally {
      computing.delete(key);
    }
  }

  for (const { s, r, c } of pending) {
    try {
      evaluateCell(s, r.n, c);
    } catch {
      // stays not computed
    }
    const result = computed.get(`${s.name}\u0001${r.n}\u0001${c}`) ?? { type: 'x' };
    const tally = counts.get(s.name) ?? { computed: 0, notComputed: 0 };
    if (result.type === 'x') tally.notComputed++;
    else {
      tally.computed++;
      r.types[c] = result.type;
      r.values[c] = result.value;
      r.formulas![c] = undefined;
    }
    counts.set(s.name, tally);
  }
  return counts;
}
