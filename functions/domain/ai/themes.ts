/**
 * Themes: the claims about one measure, from every source, read together. Sources that agree are one theme
 * with more support; sources that share no value for the measure disagree, and the theme says so (both
 * figures, both sources) instead of picking one. Each theme has a lead claim (the one most sources back, with
 * the most context), a valence (good or bad for the organization), and a score for how much it matters.
 */
import { DIMENSIONS, type Dimension } from '@shared/schemas/analysis';
import type { Claim, FigureRef } from './claims';
import type { Measure } from './measures';

export interface Conflict {
  /** one claim per source, each with the value it gives */
  sides: { claim: Claim; figure: FigureRef }[];
}

export interface Theme {
  key: string;
  measure: Measure | null;
  name: string;
  dimension: Dimension;
  lead: Claim;
  claims: Claim[];
  valence: 1 | -1 | 0;
  external: boolean;
  /** evidence ids, in reading order */
  sources: string[];
  conflict?: Conflict;
  cause: string;
  entity: string;
  score: number;
}

/** The value a claim gives for its measure: its current figure, else its change. */
export const headlineOf = (c: Claim): FigureRef | undefined => c.current ?? c.change;

const sameValue = (a: FigureRef, b: FigureRef) => Math.abs(a.value - b.value) < 1e-9 && (a.unit === b.unit || !a.unit || !b.unit);

function leadScore(c: Claim, agreed: ReadonlySet<Claim>): number {
  return (
    (agreed.has(c) ? 4 : 0) +
    (c.previous ? 2 : 0) +
    (c.benchmark ? 2 : 0) +
    (c.change ? 1 : 0) +
    (c.current ? 1 : 0) +
    (c.valence !== 0 ? 1 : 0) +
    (c.hedged ? -1 : 0) +
    (c.proposal ? -3 : 0) +
    (c.qualifier && /\bat [A-Z]/.test(c.qualifier) ? -1 : 0)
  );
}

/** Groups claims into themes, most important first (ties in the order the evidence was read). */
export function buildThemes(claims: readonly Claim[], evidenceOrder: readonly string[]): Theme[] {
  const byKey = new Map<string, Claim[]>();
  for (const c of claims) {
    const list = byKey.get(c.key) ?? [];
    list.push(c);
    byKey.set(c.key, list);
  }
  const rank = (id: string) => evidenceOrder.indexOf(id);
  const themes: Theme[] = [];
  for (const [key, list] of byKey) {
    const withFigures = list.filter((c) => headlineOf(c));
    const measure = list[0]!.measure;
    if (!withFigures.length && !measure?.intrinsic) continue;
    if (!measure && withFigures.length < 1) continue;
    // values per source
    const values = new Map<string, { claim: Claim; figure: FigureRef }[]>();
    for (const c of withFigures) {
      if (c.proposal) continue;
      const f = c.current ?? c.change!;
      const entry = values.get(c.evidence_id) ?? [];
      entry.push({ claim: c, figure: f });
      values.set(c.evidence_id, entry);
    }
    const agreed = new Set<Claim>();
    const sources = [...values.keys()].sort((a, b) => rank(a) - rank(b));
    for (const [id, vs] of values) {
      for (const v of vs) {
        if ([...values].some(([other, ws]) => other !== id && ws.some((w) => sameValue(w.figure, v.figure) && w.figure.role === v.figure.role))) agreed.add(v.claim);
      }
    }
    // two sources that share no current value disagree
    let conflict: Conflict | undefined;
    const currents = sources
      .map((id) => values.get(id)!.filter((v) => v.figure.role === 'current' && !v.claim.qualifier))
      .filter((vs) => vs.length > 0);
    outer: for (let i = 0; i < currents.length; i++) {
      for (let j = i + 1; j < currents.length; j++) {
        const a = currents[i]!;
        const b = currents[j]!;
        const shared = a.some((x) => b.some((y) => sameValue(x.figure, y.figure)));
        const comparable = a[0]!.figure.unit === b[0]!.figure.unit;
        if (!shared && comparable) {
          conflict = { sides: [a[0]!, b[0]!] };
          break outer;
        }
      }
    }
    const sorted = [...list].sort(
      (a, b) => leadScore(b, agreed) - leadScore(a, agreed) || rank(a.evidence_id) - rank(b.evidence_id) || a.order - b.order,
    );
    const lead = sorted.find((c) => headlineOf(c) && !c.proposal) ?? sorted[0]!;
    const votes = list.reduce((n, c) => n + c.valence, 0);
    const valence: 1 | -1 | 0 = lead.valence !== 0 ? lead.valence : votes > 0 ? 1 : votes < 0 ? -1 : 0;
    const allSources = [...new Set(list.map((c) => c.evidence_id))].sort((a, b) => rank(a) - rank(b));
    const cause = lead.cause || sorted.find((c) => c.cause)?.cause || '';
    const entity = lead.entity || sorted.find((c) => c.entity)?.entity || '';
    const score =
      Math.abs(valence) * 3 +
      Math.min(3, allSources.length) * 2 +
      (lead.benchmark ? 2 : 0) +
      (lead.previous || lead.change ? 1 : 0) +
      (measure ? 3 : -2) +
      (conflict ? 2 : 0) +
      (headlineOf(lead) ? 1 : 0) +
      (cause ? 1 : 0);
    themes.push({
      key,
      measure,
      name: lead.name,
      dimension: measure?.dimension ?? lead.dimension,
      lead,
      claims: sorted,
      valence,
      external: lead.external,
      sources: allSources,
      ...(conflict ? { conflict } : {}),
      cause,
      entity,
      score,
    });
  }
  return themes.sort(
    (a, b) =>
      b.score - a.score ||
      rank(a.lead.evidence_id) - rank(b.lead.evidence_id) ||
      a.lead.order - b.lead.order ||
      DIMENSIONS.indexOf(a.dimension) - DIMENSIONS.indexOf(b.dimension),
  );
}
