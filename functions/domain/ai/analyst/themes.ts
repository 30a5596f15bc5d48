/**
 * Themes: the claims about one measure, from every source, read together. Sources that agree are one theme
 * with more support; sources that share no value for the measure disagree, and the theme says so (both
 * figures, both sources) instead of picking one. Each theme has a lead claim (the one most sources back, with
 * the most context), a valence (good or bad for the organization), and a score for how much it matters.
 */
import { DIMENSIONS, type Dimension } from '@shared/schemas/analysis';
import type { Claim, FigureRef } from './claims';
import { judgeByWords, type Measure } from './measures';

export interface Conflict {
  /** one claim per source, each with the value it gives */
  sides: { claim: Claim; figure: FigureRef }[];
}

export interface Theme {
  key: string;
  /** who states the lead claim, as the report names them ("the CFO", "the staff survey"), once the sources are known */
  voice?: string;
  /** the organization assessed (what a source's "we" is) */
  organization?: string;
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
  /** what the company it names says it will do, from a theme merged into this one ("plans to dual-source from 2026") */
  consequence?: Claim;
  /** a measure read within this opportunity's segment ("a 34% win rate in mid-market deals") */
  supporting?: Claim;
}

/** Measures that restate another (an amount beside its margin). */
const RESTATES: Record<string, string> = { ebitda: 'ebitda-margin', 'operating-profit': 'operating-margin', revenue: 'like-for-like' };

/** The value a claim gives for its measure: its current figure, else its change. */
const headlineOf = (c: Claim): FigureRef | undefined => c.current ?? c.change;

const sameValue = (a: FigureRef, b: FigureRef) => Math.abs(a.value - b.value) < 1e-9 && (a.unit === b.unit || !a.unit || !b.unit);

function leadScore(c: Claim, agreed: ReadonlySet<Claim>): number {
  const measured = c.figures.filter((f) => f.unit).length;
  return (
    (agreed.has(c) ? (headlineOf(c)?.unit ? 4 : 2) : 0) +
    Math.min(2, measured) +
    (c.current?.counts && /\b(?:firms|companies|businesses|customers|prospects)\b/i.test(c.current.counts) ? 1 : 0) +
    (c.previous ? 2 : 0) +
    (c.benchmark ? 2 : 0) +
    (c.change ? 1 : 0) +
    (c.current ? 1 : 0) +
    (c.valence !== 0 ? 1 : 0) +
    (c.hedged ? -1 : 0) +
    (c.proposal ? -3 : 0) +
    (c.qualifier ? (/^(?:at|for) \p{Lu}/u.test(c.qualifier) ? -2 : -1) : 0)
  );
}

/** Groups claims into themes, most important first (ties in the order the evidence was read). */
/** The dimensions a report's purpose asks about ("why profitability has declined" → financial performance). */
export function focusOf(purpose: string): Set<Dimension> {
  const p = purpose.toLowerCase();
  const out = new Set<Dimension>();
  const cues: [RegExp, Dimension][] = [
    [/\b(?:profit\w*|margin\w*|cost\w*|financ\w*|cash|revenue|earnings)\b/, 'Financial Performance'],
    [/\b(?:operat\w*|delivery|plants?|efficien\w*|productiv\w*|supply|process\w*|access|waits?|waiting|capacity)\b/, 'Operational Efficiency'],
    [/\b(?:customers?|markets?|growth|retention|sales|demand)\b/, 'Market & Customers'],
    [/\b(?:compet\w*|position\w*|share)\b/, 'Competitive Landscape'],
    [/\b(?:people|staff|talent|skills?|workforce|culture)\b/, 'People & Culture'],
    [/\b(?:risks?|complian\w*|regulat\w*|resilien\w*)\b/, 'Risks & Compliance'],
  ];
  for (const [re, d] of cues) if (re.test(p)) out.add(d);
  return out;
}

export function buildThemes(claims: readonly Claim[], evidenceOrder: readonly string[], focus: ReadonlySet<Dimension> = new Set()): Theme[] {
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
    const event = list[0]!.kind === 'event';
    if (!withFigures.length && !measure?.intrinsic && !event) continue;
    if (!measure && withFigures.length < 1 && !event) continue;
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
    // the cause and the company are the lead's, or those of a claim that gives the same value
    const same = (c: Claim) => c === lead || (headlineOf(c) && headlineOf(lead) && sameValue(headlineOf(c)!, headlineOf(lead)!));
    const cause = lead.cause || sorted.find((c) => c.cause && same(c))?.cause || '';
    const entity = lead.entity || sorted.find((c) => c.entity && same(c))?.entity || '';
    // bad news first; good news only when it stands out (a benchmark beaten, a trend, a large change)
    const standsOut = Boolean(lead.benchmark || lead.previous || (lead.change?.unit === '%' && lead.change.value >= 10) || measure?.intrinsic);
    const score =
      (valence < 0 ? 3 : valence > 0 ? (standsOut ? 2 : -2) : 0) +
      Math.min(3, allSources.length) * 2 +
      (lead.benchmark ? 2 : 0) +
      (lead.previous || lead.change ? 1 : 0) +
      (measure ? 3 : judgeByWords(lead.name) ? 1 : -2) +
      (conflict ? 2 : 0) +
      (headlineOf(lead) ? 1 : 0) +
      (cause ? 1 : 0) +
      (measure?.intrinsic && lead.external ? 2 : 0) +
      (focus.has(measure?.dimension ?? lead.dimension) && valence !== 0 ? 2 : 0) +
      (measure?.secondary ? -3 : 0) +
      // a cost line stated only as an amount, with nothing to compare it to
      (measure?.id === 'freight-costs' && !lead.change && !lead.previous && !lead.benchmark ? -3 : 0);
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
  // two measures the table does not name that give the same figure with the same judgement are one theme ("patient experience", "patient satisfaction": 91%)
  for (const t of [...themes]) {
    if (t.measure || !themes.includes(t)) continue;
    const h = headlineOf(t.lead);
    // (never an outside change with a result of the organization's own: "Corvel will bring its hiring in-house … they were 22%
    // of our net fee income" is a threat of its own, not a second source for "share of NFI from top client: 22%")
    const twin = themes.find((u) => u !== t && !u.measure && u.valence === t.valence && (u.lead.kind === 'event') === (t.lead.kind === 'event') && h && headlineOf(u.lead) && sameValue(headlineOf(u.lead)!, h) && h.unit === headlineOf(u.lead)!.unit);
    if (!twin) continue;
    const [keep, drop] = twin.sources.length >= t.sources.length ? [twin, t] : [t, twin];
    keep.claims.push(...drop.claims);
    keep.sources = [...new Set([...keep.sources, ...drop.sources])].sort((a, b) => rank(a) - rank(b));
    themes.splice(themes.indexOf(drop), 1);
  }
  // a measure read within an opportunity's segment ("win rate in mid-market deals") supports that opportunity
  for (const t of [...themes]) {
    const host = themes.find((u) => u !== t && u.measure?.intrinsic === 1 && t.lead.qualifier && u.measure.match.test(t.lead.qualifier.toLowerCase()));
    if (!host || !headlineOf(t.lead)) continue;
    host.supporting = t.lead;
    host.claims.push(...t.claims);
    themes.splice(themes.indexOf(t), 1);
  }
  // a theme that only says what a named company will do joins the theme with figures about that company
  for (const t of [...themes]) {
    if (headlineOf(t.lead) || !t.entity || !t.measure?.intrinsic) continue;
    const host = themes.find((u) => u !== t && headlineOf(u.lead) && u.valence === t.valence && (u.entity === t.entity || u.lead.sentence.includes(t.entity)));
    const said = t.claims.find((c) => c.intent && c.sentence.includes(t.entity)) ?? t.claims.find((c) => c.intent);
    if (!host || !said) continue;
    host.consequence = said;
    host.claims.push(...t.claims);
    host.sources = [...new Set([...host.sources, ...t.sources])].sort((a, b) => rank(a) - rank(b));
    host.score += 2;
    themes.splice(themes.indexOf(t), 1);
  }
  // a level that only restates a ratio already reported (EBITDA beside the EBITDA margin) matters less
  for (const t of themes) if (t.measure && RESTATES[t.measure.id] && themes.some((u) => u.measure?.id === RESTATES[t.measure!.id])) t.score -= 3;
  return themes.sort(
    (a, b) =>
      b.score - a.score ||
      rank(a.lead.evidence_id) - rank(b.lead.evidence_id) ||
      a.lead.order - b.lead.order ||
      DIMENSIONS.indexOf(a.dimension) - DIMENSIONS.indexOf(b.dimension),
  );
}
