/**
 * Conflicts between sources: two evidence items that give different figures for the same measure and
 * period. The evidence is read as the analyst reads it for a draft (./claims.ts, the measure table, ./themes.ts);
 * a theme whose sources share no current value is a conflict (themes.ts), unless its two sides name
 * different periods (FY2023 against FY2024 is a trend, not a disagreement). A workbook's figures against what the
 * interviews and documents say are compared measure by measure and period by period (./data-conflicts.ts).
 */
import { createHash } from 'node:crypto';
import type { EvidenceConflict } from '@shared/schemas/ask';
import type { Kpi } from '@shared/schemas/data-room';
import { analyse, ignoredNames } from './analyse-evidence';
import { dataConflicts } from './data-conflicts';
import { readEvidence } from './read-sentences';
import type { Claim, FigureRef } from './claims';
import type { Person } from './titles';

type Side = { claim: Claim; figure: FigureRef };

const same = (a: FigureRef, b: FigureRef) => Math.abs(a.value - b.value) < 1e-9 && a.unit === b.unit && (a.dir ?? 0) === (b.dir ?? 0);

/**
 * Two sources that state only a change of the measure ("revenue growth was 12%", "grew 9%") and share no
 * value of it disagree as well (themes.ts compares current values only).
 */
function changeConflict(claims: readonly Claim[]): Side[] | undefined {
  const bySource = new Map<string, Side[]>();
  for (const c of claims) {
    if (c.current || !c.change || c.proposal || c.qualifier || c.previous) continue;
    bySource.set(c.evidence_id, [...(bySource.get(c.evidence_id) ?? []), { claim: c, figure: c.change }]);
  }
  const sources = [...bySource.values()];
  for (let i = 0; i < sources.length; i++) {
    for (let j = i + 1; j < sources.length; j++) {
      const a = sources[i]!;
      const b = sources[j]!;
      if (a[0]!.figure.unit !== b[0]!.figure.unit) continue;
      if (!a.some((x) => b.some((y) => same(x.figure, y.figure)))) return [a[0]!, b[0]!];
    }
  }
  return undefined;
}

export interface ConflictSource {
  id: string;
  title: string;
  type: 'file' | 'url' | 'interview';
  text: string;
  /** a workbook's or CSV file's KPIs: its figures, each stated by a sentence of `text` (./data-conflicts.ts) */
  facts?: readonly Kpi[];
}

/** A conflict's stable id: its measure and the two sentences, so a resolution stays with it while the evidence does. */
const conflictIdOf = (key: string, sides: readonly { evidence_id: string; start: number; end: number }[]) =>
  createHash('sha256')
    .update(JSON.stringify([key, ...sides.map((s) => [s.evidence_id, s.start, s.end])]))
    .digest('hex')
    .slice(0, 32);

const PERIOD_WORD = /\b(?:FY|H[12]|Q[1-4])\s?\d{2,4}\b|\b(?:19|20)\d{2}\b/;
const periodOf = (p: string) => PERIOD_WORD.exec(p)?.[0].replace(/\s/g, '').toUpperCase() ?? '';

export async function detectConflicts(sources: readonly ConflictSource[], organization = '', people: readonly Person[] = []): Promise<Omit<EvidenceConflict, 'resolution'>[]> {
  if (sources.length < 2) return [];
  // a workbook's figures are compared by measure and period (dataConflicts), not by theme: the themes are the other sources'
  const narrative = sources.filter((s) => !s.facts?.length);
  const data = sources.filter((s) => s.facts?.length);
  const analysis = await analyse(
    narrative.map((s) => ({ ...s, relevance: 1 })),
    organization,
    people,
  );
  const titles = new Map(sources.map((s) => [s.id, s.title]));
  const out: Omit<EvidenceConflict, 'resolution'>[] = [];
  for (const theme of narrative.length >= 2 ? analysis.themes : []) {
    const pair = theme.conflict?.sides ?? changeConflict(theme.claims);
    if (!pair) continue;
    const [a, b] = pair;
    if (!a || !b || a.claim.evidence_id === b.claim.evidence_id) continue;
    const pa = periodOf(a.claim.period);
    const pb = periodOf(b.claim.period);
    if (pa && pb && pa !== pb) continue;
    const sides = [a, b].map((s) => ({
      evidence_id: s.claim.evidence_id,
      title: titles.get(s.claim.evidence_id) ?? '',
      quote: s.claim.sentence,
      start: s.claim.start,
      end: s.claim.end,
      figure: s.figure.text,
    }));
    out.push({ id: conflictIdOf(theme.key, sides), measure: theme.name, period: pa || pb, sides });
  }
  if (data.length && narrative.length) {
    // only the key figures of a workbook are read here (its text cut after them: offsets stay those of the item)
    const keyFigures = data.map((s) => ({ id: s.id, title: s.title, type: s.type, text: s.text.slice(0, keyFiguresEnd(s.text)) }));
    const facts = (await readEvidence(keyFigures, ignoredNames(organization, people))).claims;
    for (const c of dataConflicts(analysis.reading.claims, facts, sources)) out.push({ id: conflictIdOf(c.key, c.sides), measure: c.measure, period: c.period, sides: c.sides });
  }
  return out;
}

/** Where a workbook's key figures end in its text (the first blank line after them). */
function keyFiguresEnd(text: string): number {
  const end = text.indexOf('\n\n');
  return end < 0 ? text.length : end;
}
