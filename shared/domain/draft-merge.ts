/**
 * Merging an AI draft into what the user already has: replace it, or keep it and add the draft after it
 * (items the step already holds, by id or by identical text, are not added twice); and the draft's items, to
 * choose some of them. Pure: the server merges an accepted pending draft with it (functions/domain/wizard/
 * accept-draft.ts), and the wizard counts and lists with it.
 */
import type { DimensionScore, DraftStep, ExecutiveSummaryData, FindingsData, RecommendationsData, RoadmapData, SwotData } from '../schemas/report-document';
import { SWOT_QUADRANTS } from '../schemas/report-document';
import type { WizardData } from '../schemas/wizard';

export type MergeMode = 'replace' | 'append';

const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

function appendNew<T extends { id: string }>(mine: readonly T[], theirs: readonly T[], text: (t: T) => string, max: number): T[] {
  const ids = new Set(mine.map((m) => m.id));
  const texts = new Set(mine.map((m) => norm(text(m))));
  return [...mine, ...theirs.filter((t) => !ids.has(t.id) && !texts.has(norm(text(t))))].slice(0, max);
}

/**
 * Scores always follow the evidence (computed score and basis); a score the consultant adjusted, a note and
 * an out-of-scope mark are kept.
 */
function mergeDimensions(mine: readonly DimensionScore[], drafted: readonly DimensionScore[]): DimensionScore[] {
  return drafted.map((d) => {
    const m = mine.find((x) => x.dimension === d.dimension);
    if (!m) return d;
    const adjusted = m.computed_score !== null && m.score !== m.computed_score;
    return { ...d, score: adjusted ? m.score : d.score, out_of_scope: m.out_of_scope, note: m.note };
  });
}

/** How many items the user has in a step (what a replace would discard). */
export function itemCount(step: DraftStep, data: WizardData): number {
  switch (step) {
    case 'findings':
      return data.findings?.findings.length ?? 0;
    case 'swot':
      return SWOT_QUADRANTS.reduce((n, q) => n + (data.swot?.[q].length ?? 0), 0);
    case 'recommendations':
      return data.recommendations?.items.length ?? 0;
    case 'roadmap':
      return data.roadmap?.items.length ?? 0;
    case 'executive-summary': {
      const s = data['executive-summary'];
      return (s?.key_messages.length ?? 0) + (s?.summary.trim() ? 1 : 0);
    }
  }
}

export function mergeDraft(step: DraftStep, data: WizardData, drafted: unknown, mode: MergeMode): WizardData {
  switch (step) {
    case 'findings': {
      const d = drafted as FindingsData;
      const mine = data.findings;
      const findings = mode === 'replace' || !mine ? d.findings : appendNew(mine.findings, d.findings, (f) => f.statement, 200);
      return { ...data, findings: { dimensions: mergeDimensions(mine?.dimensions ?? [], d.dimensions), findings } };
    }
    case 'swot': {
      const d = drafted as SwotData;
      const mine = data.swot;
      if (mode === 'replace' || !mine) return { ...data, swot: d };
      const next: SwotData = { ...mine, none: { ...mine.none } };
      for (const q of SWOT_QUADRANTS) {
        next[q] = appendNew(mine[q], d[q], (i) => i.text, 50);
        next.none[q] = next[q].length === 0 && (mine.none[q] || d.none[q]);
      }
      return { ...data, swot: next };
    }
    case 'recommendations': {
      const d = drafted as RecommendationsData;
      const mine = data.recommendations;
      return { ...data, recommendations: { items: mode === 'replace' || !mine ? d.items : appendNew(mine.items, d.items, (r) => r.title, 100) } };
    }
    case 'roadmap': {
      const d = drafted as RoadmapData;
      const mine = data.roadmap;
      if (mode === 'replace' || !mine) return { ...data, roadmap: d };
      return { ...data, roadmap: { phases: mine.phases, items: appendNew(mine.items, d.items, (i) => i.title, 200) } };
    }
    case 'executive-summary': {
      const d = drafted as ExecutiveSummaryData;
      const mine = data['executive-summary'];
      if (mode === 'replace' || !mine) return { ...data, 'executive-summary': d };
      const citations = appendNew(mine.citations, d.citations, (c) => `${c.evidence_id}:${c.start}:${c.end}`, 100);
      return {
        ...data,
        'executive-summary': {
          key_messages: appendNew(mine.key_messages, d.key_messages, (k) => k.text, 5),
          summary: [mine.summary.trim(), d.summary.trim()].filter(Boolean).join('\n\n').slice(0, 20_000),
          citations,
          ai_drafted: mine.ai_drafted || d.ai_drafted,
        },
      };
    }
  }
}

/** One item of a draft, as the review lists it. */
export interface DraftItem {
  id: string;
  label: string;
}

/** The items of a drafted step (the summary text of an executive summary counts as one item, id `summary`). */
export function draftItems(step: DraftStep, drafted: unknown): DraftItem[] {
  switch (step) {
    case 'findings':
      return (drafted as FindingsData).findings.map((f) => ({ id: f.id, label: f.statement }));
    case 'swot':
      return SWOT_QUADRANTS.flatMap((q) => (drafted as SwotData)[q].map((i) => ({ id: i.id, label: i.text })));
    case 'recommendations':
      return (drafted as RecommendationsData).items.map((r) => ({ id: r.id, label: r.title }));
    case 'roadmap':
      return (drafted as RoadmapData).items.map((i) => ({ id: i.id, label: i.title }));
    case 'executive-summary': {
      const d = drafted as ExecutiveSummaryData;
      return [...(d.summary.trim() ? [{ id: 'summary', label: d.summary.trim().split(/\n/)[0]!.slice(0, 200) }] : []), ...d.key_messages.map((k) => ({ id: k.id, label: k.text }))];
    }
  }
}

/** The draft with only the chosen items (all of them when `ids` is undefined). */
export function chooseDraftItems(step: DraftStep, drafted: unknown, ids: readonly string[] | undefined): unknown {
  if (!ids) return drafted;
  const keep = new Set(ids);
  const pick = <T extends { id: string }>(items: readonly T[]) => items.filter((i) => keep.has(i.id));
  switch (step) {
    case 'findings': {
      const d = drafted as FindingsData;
      return { ...d, findings: pick(d.findings) };
    }
    case 'swot': {
      const d = drafted as SwotData;
      const next: SwotData = { ...d };
      for (const q of SWOT_QUADRANTS) next[q] = pick(d[q]);
      return next;
    }
    case 'recommendations':
      return { items: pick((drafted as RecommendationsData).items) };
    case 'roadmap': {
      const d = drafted as RoadmapData;
      return { ...d, items: pick(d.items) };
    }
    case 'executive-summary': {
      const d = drafted as ExecutiveSummaryData;
      return { ...d, summary: keep.has('summary') ? d.summary : '', key_messages: pick(d.key_messages) };
    }
  }
}

/** How many items the draft adds (what a review counts). */
export const draftItemCount = (step: DraftStep, drafted: unknown) => draftItems(step, drafted).length;
