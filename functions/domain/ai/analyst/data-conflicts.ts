/**
 * Narrative against data: a figure an interview or a document gives for a measure and period that the client's
 * spreadsheet gives differently ("the CFO says 36.5%, the management accounts give 35.1%"). Both sides are read as
 * the analyst reads every sentence (the same measure keys): the spreadsheet's side is a KPI's sentence of its key
 * figures, whose exact value and cells the KPI keeps.
 *
 * - Same measure (the analyst's key), same kind of unit, same period; a figure whose sentence names no period is
 *   compared with the spreadsheet's latest period of that measure (what "at year end" or "this year" speaks of).
 * - A figure agrees when the spreadsheet's value, rounded as the figure is written, is that figure ("12%" agrees
 *   with 12.1%; "£182m" with £182.4m); it disagrees with every value of its measure and period only then.
 * - Levels (a value, a margin, a share) are compared with levels; a change a source states ("rose 18% year on
 *   year") with the spreadsheet's growth over the same span (the latest, when the sentence names none).
 */
import type { ConflictSide as Side } from '@shared/schemas/ask';
import type { Kpi } from '@shared/schemas/data-room';
import { parsePeriod, type Period, periodIn, samePeriod } from '@shared/domain/data-room/periods';
import { unitFromText } from '@shared/domain/data-room/units';
import type { Claim } from './claims';

interface DataSource {
  id: string;
  title: string;
  facts?: readonly Kpi[];
}

interface FactClaim {
  claim: Claim;
  fact: Kpi;
  /** a level's period, or the end of a growth's span */
  period: Period;
  /** the fact's value in the claim's terms (a currency's whole amount, a percentage) */
  value: number;
  /** a growth (period on period), compared with a change a source states */
  growth: boolean;
}

export interface DataConflict {
  key: string;
  measure: string;
  period: string;
  sides: Side[];
}

const LEVELS = new Set<Kpi['kind']>(['value', 'ratio', 'share']);

/** What a written figure's last digit is worth: "36.5" → 0.1, "190" → 1, scaled as its value was ("£1.2m" → 100,000). */
function precisionOf(text: string, value: number): number {
  const digits = /(\d[\d,]*)(?:\.(\d+))?/.exec(text);
  if (!digits) return 1;
  const written = Number(`${digits[1]!.replace(/,/g, '')}${digits[2] ? `.${digits[2]}` : ''}`);
  const scale = written !== 0 ? Math.abs(value / written) : 1;
  return 10 ** -(digits[2]?.length ?? 0) * scale;
}

/** Whether a stated figure is the spreadsheet's value as the figure is rounded. */
function agrees(stated: number, precision: number, value: number): boolean {
  return Math.abs(stated - value) <= precision / 2 + Math.abs(value) * 1e-9;
}

const unitKind = (unit: string) => (unit === 'pt' ? '%' : unit);

/** The spreadsheets' figures as the analyst read them: each KPI (a level) with the claim its sentence gives. */
function factClaims(claims: readonly Claim[], sources: readonly DataSource[]): FactClaim[] {
  const out: FactClaim[] = [];
  const facts = new Map(sources.filter((s) => s.facts?.length).map((s) => [s.id, s.facts!]));
  for (const claim of claims) {
    const list = facts.get(claim.evidence_id);
    if (!list || (!claim.current && !claim.change)) continue;
    const fact = list.find((k) => (LEVELS.has(k.kind) || k.kind === 'growth') && k.start <= claim.start && claim.end <= k.end);
    const period = fact ? parsePeriod(fact.period.split('–').at(-1)) : null;
    if (!fact || !period || (fact.kind === 'growth' ? !claim.change : !claim.current)) continue;
    const unit = unitFromText(fact.unit);
    out.push({ claim, fact, period, value: unit.kind === '%' ? fact.value : fact.value * unit.scale, growth: fact.kind === 'growth' });
  }
  return out;
}

function side(claim: Claim, title: string, figure: string, range?: string): Side {
  return { evidence_id: claim.evidence_id, title, quote: claim.sentence, start: claim.start, end: claim.end, figure, ...(range ? { range } : {}) };
}

/**
 * Each figure of the interviews and documents (`claims`) that every spreadsheet value of its measure and period
 * contradicts; `keyFigureClaims` are the claims the spreadsheets' key figures give.
 */
export function dataConflicts(claims: readonly Claim[], keyFigureClaims: readonly Claim[], sources: readonly DataSource[]): DataConflict[] {
  const facts = factClaims(keyFigureClaims, sources);
  if (!facts.length) return [];
  const data = new Set(sources.filter((s) => s.facts?.length).map((s) => s.id));
  const titles = new Map(sources.map((s) => [s.id, s.title]));
  const out: DataConflict[] = [];
  const seen = new Set<string>();
  for (const claim of claims) {
    // a level when the sentence gives one, else the change it states (signed by its direction)
    const growth = !claim.current && claim.change?.unit === '%';
    const current = claim.current ?? (growth ? claim.change : undefined);
    if (data.has(claim.evidence_id) || !current || claim.proposal || claim.forecast || !claim.key) continue;
    const statedValue = growth ? current.value * (claim.change?.dir ?? 1) : current.value;
    const measureFacts = facts.filter((f) => f.claim.key === claim.key && f.growth === growth && (growth || unitKind(f.claim.current!.unit) === unitKind(current.unit)));
    if (!measureFacts.length) continue;
    const stated = periodIn(claim.period) ?? periodIn(claim.sentence);
    const latest = Math.max(...measureFacts.map((f) => f.period.key));
    const comparable = measureFacts.filter((f) => (stated ? samePeriod(stated, f.period) : f.period.key === latest));
    if (!comparable.length) continue;
    const precision = precisionOf(current.text, current.value);
    if (comparable.some((f) => agrees(statedValue, precision, f.value))) continue;
    const fact = comparable[0]!;
    const key = `data:${claim.key}:${fact.period.label}:${claim.evidence_id}:${fact.claim.evidence_id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      key,
      measure: growth ? `${fact.fact.measure} growth` : fact.fact.measure,
      period: growth ? fact.fact.period : fact.period.label,
      sides: [side(claim, titles.get(claim.evidence_id) ?? '', current.text), side(fact.claim, titles.get(fact.claim.evidence_id) ?? '', fact.fact.display, fact.fact.range)],
    });
  }
  return out;
}
