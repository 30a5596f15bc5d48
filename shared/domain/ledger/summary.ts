/**
 * A ledger part's summary: what a read of the whole ledger needs from one part without its entries. The counts
 * by support; per measure (and period, unit, currency, level or change) the distinct values stated, each with
 * its first figure that is the only one of its measure in its sentence (what disagreements compare), its first
 * supported figure (what a restatement elsewhere takes its support from) and the ids of its unsupported figures;
 * the ids of the unsupported figures that name no measure; the first unsupported entries in full (the blocking
 * ones a first page and Final's refusal name); the part's own disagreements (totals) and trend claims.
 *
 * Joined across parts, the summaries give the counts, the disagreements across sections and the restatements
 * exactly as the entries would; a page of entries is then read from one part's entries and placed by the join.
 */
import {
  hashOf,
  sameValue,
  valuesList,
  type Disagreement,
  type LedgerCounts,
  type LedgerEntry,
  type LedgerPart,
  type Support,
  type TrendClaim,
  type Waiver,
} from './ledger';

/** The unsupported entries a summary keeps in full, in report order. */
export const SUMMARY_SAMPLE = 200;

type Supported = Exclude<Support, 'unsupported'>;

export interface SummaryValue {
  text: string;
  value: number;
  high?: number;
  step: number;
  /** the first figure stating it that is the only one of its measure in its sentence: its index in the part, id and sentence */
  sole?: { i: number; id: string; sentence: { start: number; end: number } };
  /** the first supported figure stating it: its index in the part and its support */
  source?: { i: number; support: Supported; basis: string; citation_id?: string };
  /** supported figures stating it, by support */
  cited: number;
  derived: number;
  data: number;
  /** ids of the unsupported figures stating it */
  unsupported: string[];
}

export interface SummaryGroup {
  measure: string;
  period: string | null;
  unit: LedgerEntry['unit'];
  currency?: string;
  change: boolean;
  values: SummaryValue[];
}

export interface PartSummary {
  part: string;
  figures: number;
  cited: number;
  derived: number;
  data: number;
  unsupported: number;
  groups: SummaryGroup[];
  /** ids of the unsupported figures that name no measure */
  unmeasured: string[];
  /** the first SUMMARY_SAMPLE unsupported entries, in report order */
  sample: LedgerEntry[];
  /** each sampled entry's index among the part's entries */
  sample_at: number[];
  disagreements: Disagreement[];
  trends: TrendClaim[];
}

/** The key a figure's measure is grouped by: measure, period, unit, currency, level or change. */
const groupKeyOf = (g: Pick<LedgerEntry, 'measure' | 'period' | 'unit' | 'currency' | 'change'>): string =>
  `${g.measure ?? ''}|${g.period ?? ''}|${g.unit}|${g.currency ?? ''}|${g.change}`;

export function summaryOf(part: LedgerPart): PartSummary {
  const groups = new Map<string, SummaryGroup & { byText: Map<string, SummaryValue> }>();
  const out: PartSummary = { part: part.part, figures: part.entries.length, cited: 0, derived: 0, data: 0, unsupported: 0, groups: [], unmeasured: [], sample: [], sample_at: [], disagreements: part.disagreements, trends: part.trends };
  part.entries.forEach((e, i) => {
    if (e.support === 'unsupported') {
      out.unsupported++;
      if (out.sample.length < SUMMARY_SAMPLE) {
        out.sample.push(e);
        out.sample_at.push(i);
      }
    } else out[e.support]++;
    if (!e.measure) {
      if (e.support === 'unsupported') out.unmeasured.push(e.id);
      return;
    }
    const key = groupKeyOf(e);
    let group = groups.get(key);
    if (!group) {
      group = { measure: e.measure, period: e.period, unit: e.unit, ...(e.currency ? { currency: e.currency } : {}), change: e.change, values: [], byText: new Map() };
      groups.set(key, group);
    }
    let v = group.byText.get(e.text);
    if (!v) {
      v = { text: e.text, value: e.value, ...(e.high !== undefined ? { high: e.high } : {}), step: e.step, cited: 0, derived: 0, data: 0, unsupported: [] };
      group.byText.set(e.text, v);
      group.values.push(v);
    }
    if (e.sole && !v.sole) v.sole = { i, id: e.id, sentence: e.sentence };
    if (e.support === 'unsupported') v.unsupported.push(e.id);
    else {
      v[e.support]++;
      v.source ??= { i, support: e.support, basis: e.basis, ...(e.citation_id ? { citation_id: e.citation_id } : {}) };
    }
  });
  out.groups = [...groups.values()].map(({ byText: _, ...g }) => g);
  return out;
}

/** The support an unsupported figure takes from the same figure supported elsewhere. */
export interface Restatement {
  support: Supported;
  basis: string;
  citation_id?: string;
}

export interface JoinedLedger {
  counts: LedgerCounts;
  disagreements: Disagreement[];
  /** by entry id: the unsupported figures a supported statement elsewhere supports */
  restated: Map<string, Restatement>;
  /** by group key: the disagreements its sole figures take part in */
  disagreeingGroups: Map<string, string[]>;
  /** by entry id: the disagreements of a part (totals) it takes part in */
  disagreeingIds: Map<string, string[]>;
  /** the parts holding a figure that disagrees */
  disagreeingParts: Set<string>;
  /** the ids of the figures still unsupported */
  unsupported: Set<string>;
  waived: Set<string>;
}

type Placed<T> = T & { order: number; part: string };

const partOf = (summaries: readonly PartSummary[]) => summaries.map((s, order) => ({ s, order }));

/**
 * The whole ledger from its parts' summaries (in report order) and the waivers: counts, disagreements (a part's
 * own, then one per measure and period stated with different values across the report) and restatements.
 */
export function joinSummaries(summaries: readonly PartSummary[], waivers: readonly Pick<Waiver, 'id'>[], whereOf: (part: string) => string = (p) => p): JoinedLedger {
  const waived = new Set(waivers.map((w) => w.id));
  // restatements: an unsupported value takes the support of the first supported statement of the same measure,
  // unit, currency and value (and period, where both name one); the statements are indexed by measure, unit and
  // currency and sorted by value, so a value looks only at those within rounding of it
  const sources = new Map<string, { list: Placed<{ g: SummaryGroup; v: SummaryValue }>[]; maxStep: number }>();
  const sourceKey = (g: SummaryGroup) => `${g.measure}|${g.unit}|${g.currency ?? ''}`;
  for (const { s, order } of partOf(summaries))
    for (const g of s.groups)
      for (const v of g.values) {
        if (!v.source) continue;
        const key = sourceKey(g);
        const slot = sources.get(key) ?? sources.set(key, { list: [], maxStep: 0 }).get(key)!;
        slot.list.push({ g, v, order, part: s.part });
        slot.maxStep = Math.max(slot.maxStep, v.step);
      }
  for (const slot of sources.values()) slot.list.sort((a, b) => a.v.value - b.v.value);
  const sourceOf = (g: SummaryGroup, v: SummaryValue) => {
    const slot = sources.get(sourceKey(g));
    if (!slot) return undefined;
    const reach = 0.5 * Math.max(slot.maxStep, v.step) + 1e-9;
    let lo = 0;
    let hi = slot.list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (slot.list[mid]!.v.value < v.value - reach) lo = mid + 1;
      else hi = mid;
    }
    let best: (typeof slot.list)[number] | undefined;
    for (let i = lo; i < slot.list.length && slot.list[i]!.v.value <= v.value + reach; i++) {
      const x = slot.list[i]!;
      if (!sameValue({ ...x.v, unit: x.g.unit }, { ...v, unit: g.unit }) || (x.g.period && g.period && x.g.period !== g.period)) continue;
      if (!best || x.order < best.order || (x.order === best.order && x.v.source!.i < best.v.source!.i)) best = x;
    }
    return best;
  };
  const restated = new Map<string, Restatement>();
  const counts = { figures: 0, cited: 0, derived: 0, data: 0, unsupported: 0 };
  const unsupported = new Set<string>();
  for (const { s } of partOf(summaries)) {
    counts.figures += s.figures;
    counts.cited += s.cited;
    counts.derived += s.derived;
    counts.data += s.data;
    for (const id of s.unmeasured) unsupported.add(id);
    for (const g of s.groups)
      for (const v of g.values) {
        if (!v.unsupported.length) continue;
        const found = sourceOf(g, v);
        if (!found) {
          for (const id of v.unsupported) unsupported.add(id);
          continue;
        }
        const src = found.v.source!;
        const restatement: Restatement = { support: src.support, basis: `as in ${whereOf(found.part)}: ${src.basis}`, ...(src.citation_id ? { citation_id: src.citation_id } : {}) };
        for (const id of v.unsupported) restated.set(id, restatement);
        counts[src.support] += v.unsupported.length;
      }
  }
  counts.unsupported = unsupported.size;

  // disagreements across the report: the sole figures of one group with values that differ from the first's
  const groups = new Map<string, Placed<{ g: SummaryGroup; v: SummaryValue }>[]>();
  for (const { s, order } of partOf(summaries))
    for (const g of s.groups) for (const v of g.values) if (v.sole) (groups.get(groupKeyOf(g)) ?? groups.set(groupKeyOf(g), []).get(groupKeyOf(g))!).push({ g, v, order, part: s.part });
  const disagreements: Disagreement[] = summaries.flatMap((s) => s.disagreements);
  const disagreeingIds = new Map<string, string[]>();
  for (const d of disagreements) for (const id of d.entry_ids) (disagreeingIds.get(id) ?? disagreeingIds.set(id, []).get(id)!).push(d.id);
  const disagreeingGroups = new Map<string, string[]>();
  const disagreeingParts = new Set(disagreements.map((d) => d.part));
  for (const [key, list] of groups) {
    if (list.length < 2) continue;
    list.sort((a, b) => a.order - b.order || a.v.sole!.i - b.v.sole!.i);
    const q = (x: (typeof list)[number]) => ({ ...x.v, unit: x.g.unit });
    const first = list[0]!;
    const differing = list.filter((x) => !sameValue(q(x), q(first)));
    const other = differing[0];
    if (!other) continue;
    const agreeing = list.filter((x) => sameValue(q(x), q(first)));
    const texts = list.map((x) => x.v.text);
    const id = `v${hashOf(`${key}|${texts.join('|')}`)}`;
    disagreements.push({
      id,
      kind: 'value',
      entry_ids: [...agreeing, ...differing].map((x) => x.v.sole!.id),
      part: other.part,
      sentence: other.v.sole!.sentence,
      detail: `${first.g.measure}${first.g.period ? ` (${first.g.period})` : ''}: ${valuesList([...new Set(texts)])}`,
    });
    disagreeingGroups.set(key, [id]);
    for (const x of list) disagreeingParts.add(x.part);
  }
  const blocking = [...unsupported].filter((id) => !waived.has(id)).length + disagreements.filter((d) => !waived.has(d.id)).length;
  return {
    counts: {
      ...counts,
      disagreements: disagreements.length,
      waived: [...waived].filter((id) => unsupported.has(id) || disagreements.some((d) => d.id === id)).length,
      blocking,
    },
    disagreements,
    restated,
    disagreeingGroups,
    disagreeingIds,
    disagreeingParts,
    unsupported,
    waived,
  };
}

/** An entry as the joined ledger places it: its support after restatement, its disagreements, waived or not, and its rank (blocking 0, supported 1, waived 2). */
export function placeEntry(e: LedgerEntry, joined: JoinedLedger): { entry: LedgerEntry; disagrees: string[]; waived: boolean; rank: 0 | 1 | 2 } {
  const restatement = e.support === 'unsupported' ? joined.restated.get(e.id) : undefined;
  const entry = restatement ? { ...e, ...restatement } : e;
  const disagrees = [...(joined.disagreeingIds.get(e.id) ?? []), ...(e.sole && e.measure ? (joined.disagreeingGroups.get(groupKeyOf(e)) ?? []) : [])];
  const waived = joined.waived.has(e.id);
  const rank = waived ? 2 : entry.support === 'unsupported' || disagrees.length ? 0 : 1;
  return { entry, disagrees, waived, rank };
}
