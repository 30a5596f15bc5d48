/**
 * The fixes the Figures panel offers an unsupported figure besides a new citation, and the text each writes.
 * Pure: the server finds them for a page of the ledger, the editor writes the chosen one into the section.
 *
 * - **Correct to the cited value.** A citation on the figure's sentence whose quote states its measure with
 *   another value (found when the part is computed), or a cited figure elsewhere in the report of the same
 *   measure, unit, currency and kind (level or change), and the same period where both name one. The figure's
 *   words are replaced by that value written as the figure is written, and the citation goes on the sentence.
 * - **Derived, with the computation.** Two cited figures of the report of the figure's measure, of two different
 *   periods (or, for a change, two that name none), that give it within its rounding by an operation the ledger
 *   recognises (a difference in points between percentages, a difference, a sum, a growth rate, a share or a
 *   ratio). The computation is written after the figure with its operands and their citations ("13 points (91%
 *   [@c1] − 78% [@c2])"), so the ledger itself finds the figure derived from the cited figures of its sentence,
 *   and checks it again on every save.
 *
 * Nothing else records a fix: the text carries it, so the ledger, the exports and the reader agree. How a fix is
 * written into the text is `fix-text.ts` (the editor's, without the search).
 */
import { sameQuantity, writtenLike } from './figures';
import { computationGiving, sameValue, type LedgerEntry, type Operation } from './ledger';
import type { PartSummary } from './summary';

/** The fixes offered for one figure, at most this many of each kind. */
const FIXES_EACH = 3;
/** The cited figures of one measure a derivation is looked for among (pairs of them are tried). */
const OPERANDS = 24;

/** A citation of a part of the report (`section:<key>`): where a fix takes it from. */
export interface CitedRef {
  citation_id: string;
  part: string;
}

export interface Correction extends CitedRef {
  /** the value, written as the figure is written */
  text: string;
  /** the quote that states it */
  basis: string;
  /** the period the cited figure states, if any */
  period: string | null;
}

export interface Derivation {
  /** as shown to a reader: "13 points = 91% − 78%" */
  computation: string;
  op: Operation;
  /** the operands in the computation's order, as written where they are cited */
  operands: [CitedRef & { text: string }, CitedRef & { text: string }];
}

export interface FigureFixes {
  corrections: Correction[];
  derivations: Derivation[];
}

/** A cited figure of the report as the fixes read it: from a part's summary (the first cited statement of each value). */
interface CitedValue extends CitedRef {
  measure: string;
  period: string | null;
  unit: LedgerEntry['unit'];
  currency?: string;
  change: boolean;
  text: string;
  value: number;
  high?: number;
  step: number;
  basis: string;
  /** report order */
  order: number;
}

/** The report's cited figures by measure, read from the parts' summaries (in report order). */
export type CitedIndex = ReadonlyMap<string, readonly CitedValue[]>;

export function citedIndex(summaries: readonly PartSummary[]): CitedIndex {
  const index = new Map<string, CitedValue[]>();
  let order = 0;
  for (const s of summaries)
    for (const g of s.groups)
      for (const v of g.values) {
        const src = v.source;
        if (src?.support !== 'cited' || !src.citation_id) continue;
        const cited: CitedValue = {
          citation_id: src.citation_id,
          part: s.part,
          measure: g.measure,
          period: g.period,
          unit: g.unit,
          ...(g.currency ? { currency: g.currency } : {}),
          change: g.change,
          text: v.text,
          value: v.value,
          ...(v.high !== undefined ? { high: v.high } : {}),
          step: v.step,
          basis: src.basis,
          order: order++,
        };
        const list = index.get(g.measure);
        if (list) list.push(cited);
        else index.set(g.measure, [cited]);
      }
  return index;
}

const sameKind = (a: Pick<CitedValue, 'unit' | 'currency' | 'change'>, b: Pick<CitedValue, 'unit' | 'currency' | 'change'>) =>
  a.unit === b.unit && (a.currency ?? '') === (b.currency ?? '') && a.change === b.change;

/**
 * The fixes for unsupported entries: an entry's sentence's quoted value first, then the cited values of its measure
 * elsewhere (the same period first), and the computations from two cited figures of its measure that give it;
 * undefined when there is none. An entry that names no measure is offered only its sentence's quoted value. The
 * search from the report's cited figures is done once for entries that state the same figure of the same
 * measure, period and part.
 */
export function fixFinder(index: CitedIndex, whereOf: (part: string) => string = (p) => p): (e: LedgerEntry) => FigureFixes | undefined {
  const found = new Map<string, FigureFixes>();
  return (e) => {
    const corrections: Correction[] = [];
    if (e.correction) corrections.push({ text: e.correction.text, citation_id: e.correction.citation_id, part: e.part, basis: e.correction.basis, period: e.period });
    const key = `${e.measure ?? ''}|${e.period ?? ''}|${e.part}|${e.text}|${e.value}|${e.high ?? ''}|${e.unit}|${e.currency ?? ''}|${e.step}|${e.change}`;
    let fromReport = found.get(key);
    if (!fromReport) found.set(key, (fromReport = fromCited(e, index, whereOf)));
    for (const c of fromReport.corrections) if (corrections.length < FIXES_EACH && !corrections.some((x) => x.text === c.text)) corrections.push(c);
    return corrections.length || fromReport.derivations.length ? { corrections, derivations: fromReport.derivations } : undefined;
  };
}

/** The fixes an entry takes from the report's cited figures of its measure. */
function fromCited(e: LedgerEntry, index: CitedIndex, whereOf: (part: string) => string): FigureFixes {
  const corrections: Correction[] = [];
  const derivations: Derivation[] = [];
  const cited = e.measure && e.high === undefined ? (index.get(e.measure) ?? []) : [];
  if (!cited.length) return { corrections, derivations };
  const samePeriod = (c: CitedValue) => c.period !== null && c.period === e.period;
  const others = cited.filter((c) => c.high === undefined && sameKind(c, e) && (!c.period || !e.period || c.period === e.period) && !sameValue(c, e));
  for (const c of [...others.filter(samePeriod), ...others.filter((c) => !samePeriod(c))]) {
    if (corrections.length >= FIXES_EACH) break;
    const text = writtenLike(e, c);
    if (corrections.some((x) => x.text === text)) continue;
    corrections.push({ text, citation_id: c.citation_id, part: c.part, basis: `${whereOf(c.part)}${c.period ? ` (${c.period})` : ''}: ${c.basis}`, period: c.period });
  }
  // operands: written in digits (a word figure is a figure only before its noun), the entry's own part first
  const digits = cited.filter((c) => c.high === undefined && /\d/.test(c.text) && !sameQuantity(c, e));
  const operands = [...digits.filter((c) => c.part === e.part), ...digits.filter((c) => c.part !== e.part)].slice(0, OPERANDS);
  // two figures of the figure's own measure give it as a comparison of two periods (both named, and different);
  // figures that name no period, only as a change ("improved 13 points"), not as a level
  const isChange = e.change || e.unit === 'pp';
  const comparable = (a: CitedValue, b: CitedValue) => (a.period && b.period ? a.period !== b.period : !a.period && !b.period && isChange);
  const shown = new Set<string>();
  for (const a of operands)
    for (const b of operands) {
      if (a === b || !comparable(a, b)) continue;
      const computed = computationGiving(e, a, b);
      if (!computed || shown.has(computed.shown)) continue;
      shown.add(computed.shown);
      derivations.push({
        computation: computed.shown,
        op: computed.op,
        operands: [
          { text: a.text, citation_id: a.citation_id, part: a.part },
          { text: b.text, citation_id: b.citation_id, part: b.part },
        ],
      });
      if (derivations.length >= FIXES_EACH) return { corrections, derivations };
    }
  return { corrections, derivations };
}
