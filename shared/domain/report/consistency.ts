/**
 * The consistency check of a report (pure): where the report does not hang together. Every rule has an id
 * and a message naming the items; the results warn, they never block a step or an export.
 */
import { DIMENSIONS } from '../../schemas/analysis';
import type { ConsistencyIssue, ConsistencyItem, ConsistencyReport, ConsistencyRule } from '../../schemas/report-document';
import { CONSISTENCY_RULES } from '../../schemas/report-document';
import type { WizardData } from '../../schemas/wizard';
import { stepCitations } from './citations';
import { itemLabels, shorten } from './labels';

/** A conflict between two sources (shared/schemas/ask.ts EvidenceConflict), as the check reads it. */
export interface ConflictForCheck {
  id: string;
  measure: string;
  period: string;
  sides: ReadonlyArray<{ title: string; quote: string; figure: string }>;
  resolution: unknown;
}

export interface ConsistencyOptions {
  /** conflicts between sources found in the evidence (GET …/conflicts); the unresolved ones are listed with both quotes */
  conflicts?: readonly ConflictForCheck[];
  /** citation ids the server found broken (their evidence was deleted); `broken: true` on a citation counts too */
  brokenCitations?: ReadonlySet<string>;
  /** section citations to check as well (section key → its citations) */
  sectionCitations?: ReadonlyArray<{ key: string; title: string; citations: ReadonlyArray<{ id: string; broken?: boolean }> }>;
}

/** Lower-case words only, single-spaced: so "Cut  costs!" is mentioned by "…we will cut costs." */
const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const quote = (text: string) => `“${shorten(text, 60)}”`;

function names(items: ConsistencyItem[]): string {
  const shown = items.slice(0, 5).map((i) => i.label);
  return items.length > 5 ? `${shown.join(', ')} and ${items.length - 5} more` : shown.join(', ');
}

export function checkConsistency(data: WizardData, opts: ConsistencyOptions = {}): ConsistencyReport {
  const labels = itemLabels(data);
  const findings = data.findings?.findings ?? [];
  const recommendations = data.recommendations?.items ?? [];
  const roadmapItems = data.roadmap?.items ?? [];
  const findingIds = new Set(findings.map((f) => f.id));
  const answerable = new Set([...(data.swot?.weaknesses ?? []), ...(data.swot?.threats ?? [])].map((i) => i.id));
  const recommendationIds = new Set(recommendations.map((r) => r.id));
  const issues: ConsistencyIssue[] = [];
  const add = (rule: ConsistencyRule, items: ConsistencyItem[], message: (named: string, many: boolean) => string) => {
    if (items.length) issues.push({ rule, items, message: message(names(items), items.length > 1) });
  };
  const recItem = (r: (typeof recommendations)[number]): ConsistencyItem => ({
    kind: 'recommendation',
    id: r.id,
    label: `${labels.recommendations.get(r.id)} ${quote(r.title)}`,
    step: 'recommendations',
  });

  // 1. every recommendation addresses at least one finding or SWOT weakness or threat
  add(
    'recommendation-addresses-nothing',
    recommendations.filter((r) => !r.finding_ids.some((id) => findingIds.has(id)) && !r.swot_ids.some((id) => answerable.has(id))).map(recItem),
    (n, many) => `${n} ${many ? 'address' : 'addresses'} no finding, weakness or threat`,
  );

  // 2. every roadmap item carries out a recommendation
  add(
    'roadmap-item-without-recommendation',
    roadmapItems
      .filter((i) => !i.recommendation_id || !recommendationIds.has(i.recommendation_id))
      .map((i) => ({ kind: 'roadmap-item' as const, id: i.id, label: `${labels.roadmap.get(i.id)} ${quote(i.title)}`, step: 'roadmap' })),
    (n, many) => `${n} ${many ? 'carry' : 'carries'} out no recommendation`,
  );

  // 3. every recommendation is on the roadmap or deferred
  const planned = new Set(roadmapItems.map((i) => i.recommendation_id).filter(Boolean));
  add(
    'recommendation-not-planned',
    recommendations.filter((r) => !r.deferred && !planned.has(r.id)).map((r) => ({ ...recItem(r), step: 'roadmap' })),
    (n, many) => `${n} ${many ? 'are' : 'is'} neither on the roadmap nor deferred`,
  );

  // 4. each of the six dimensions has at least one finding or is marked out of scope
  const outOfScope = new Set((data.findings?.dimensions ?? []).filter((d) => d.out_of_scope).map((d) => d.dimension));
  const covered = new Set(findings.map((f) => f.dimension));
  add(
    'dimension-not-covered',
    DIMENSIONS.filter((d) => !covered.has(d) && !outOfScope.has(d)).map((d) => ({ kind: 'dimension' as const, id: d, label: d, step: 'findings' })),
    (n, many) => `${n} ${many ? 'have' : 'has'} no finding and ${many ? 'are' : 'is'} not marked out of scope`,
  );

  // 5. every finding has at least one citation
  add(
    'finding-without-citation',
    findings
      .filter((f) => f.citations.length === 0)
      .map((f) => ({ kind: 'finding' as const, id: f.id, label: `${labels.findings.get(f.id)} ${quote(f.statement)}`, step: 'findings' })),
    (n, many) => `${n} ${many ? 'cite' : 'cites'} no evidence`,
  );

  // 6. every citation verifies
  const broken = opts.brokenCitations ?? new Set<string>();
  const brokenItems: ConsistencyItem[] = [];
  const seen = new Set<string>();
  for (const placed of stepCitations(data)) {
    if (!placed.citation.broken && !broken.has(placed.citation.id)) continue;
    const key = `${placed.step}:${placed.item_id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const kind = placed.step === 'findings' ? 'finding' : placed.step === 'swot' ? 'swot' : placed.step === 'recommendations' ? 'recommendation' : placed.item_id ? 'key-message' : 'summary';
    brokenItems.push({ kind, id: placed.item_id ?? 'summary', label: placed.label, step: placed.step });
  }
  for (const section of opts.sectionCitations ?? []) {
    if (section.citations.some((c) => c.broken || broken.has(c.id))) {
      brokenItems.push({ kind: 'section', id: section.key, label: `Section ${quote(section.title)}`, step: 'finalize' });
    }
  }
  add('citation-broken', brokenItems, (n) => `${n}: a cited source was deleted, so the citation no longer verifies`);

  // 7. the executive summary mentions every high-priority recommendation
  const summary = data['executive-summary'];
  const said = normalise([summary?.summary ?? '', ...(summary?.key_messages ?? []).map((k) => k.text)].join(' '));
  add(
    'summary-misses-priority',
    recommendations
      .filter((r) => r.priority === 'high' && !(normalise(r.title) && said.includes(normalise(r.title))))
      .map((r) => ({ ...recItem(r), step: 'executive-summary' })),
    (n, many) => `The executive summary does not mention the high-priority recommendation${many ? 's' : ''} ${n}`,
  );

  // 8. two sources that give different figures for one measure are resolved (a source chosen, or why they differ)
  const conflict = conflictIssue(opts.conflicts ?? []);
  if (conflict) issues.push(conflict);

  // rule 8 is checked only where the conflicts are given (the server's check leaves them to the page, which merges them in)
  return { issues, rules_checked: opts.conflicts ? CONSISTENCY_RULES.length : CONSISTENCY_RULES.length - 1 };
}

const side = (s: ConflictForCheck['sides'][number]) => `“${shorten(s.quote, 160)}” (${s.title})`;

/** The issue that lists unresolved conflicts between sources, each with both quotes; undefined when none is open. */
export function conflictIssue(conflicts: readonly ConflictForCheck[]): ConsistencyIssue | undefined {
  const open = conflicts.filter((c) => !c.resolution);
  if (!open.length) return undefined;
  const named = (c: ConflictForCheck) => (c.period ? `${c.measure} (${c.period})` : c.measure);
  return {
    rule: 'evidence-conflict',
    items: open.map((c) => ({ kind: 'conflict' as const, id: c.id, label: named(c), step: 'conflicts' })),
    message: `Sources disagree: ${open.map((c) => `${named(c)}: ${c.sides.map(side).join(' and ')}`).join('; ')}`,
  };
}

/** The issues that name an item of one wizard step (for that step's panel). */
export const issuesForStep = (report: ConsistencyReport, step: string) => report.issues.filter((issue) => issue.items.some((i) => i.step === step));
