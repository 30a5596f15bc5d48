/**
 * The analysis every drafting step starts from: the evidence read into claims, the claims into themes, the
 * sources' voices. Deterministic and cached per process by the texts it read (a warm function drafting the
 * five steps one after the other reads the evidence once).
 */
import { createHash } from 'node:crypto';
import type { CitationRef } from '@shared/schemas/report-document';
import type { Claim } from './claims';
import { clearMeasureMemo } from './measures';
import { type ReadableEvidence, readEvidence, type Reading } from './read-sentences';
import { buildThemes, focusOf, type Theme } from './themes';
import { type Person, voiceOf, interviewRole } from './titles';

export interface AnalystEvidence {
  id: string;
  title: string;
  type: 'file' | 'url' | 'interview';
  relevance: number;
  /** the full extracted text (the drafter reads all of it) */
  text?: string;
}

export interface Analysis {
  reading: Reading;
  themes: Theme[];
  voices: Map<string, string>;
  /** the ids of the evidence items that are interviews (a finding says "in interview" of them) */
  interviews: Set<string>;
  /** evidence ids in the order read */
  order: string[];
}

/** A claim's sentence as a citation reference (an exact span of the evidence text). */
export const refOf = (c: Pick<Claim, 'evidence_id' | 'start' | 'end'>): CitationRef => ({ evidence_id: c.evidence_id, start: c.start, end: c.end });

let cached: { key: string; analysis: Analysis } | undefined;

/** Forgets the cached analysis and the measures found: a benchmark times each step as if nothing had been read. */
export function resetAnalystCaches(): void {
  cached = undefined;
  clearMeasureMemo();
}

/** Words that are never a company: the organization, the people, their roles. */
export function ignoredNames(organization: string, people: readonly Person[]): Set<string> {
  const out = new Set<string>([organization.toLowerCase()]);
  for (const w of organization.split(/[\s&]+/)) if (w) out.add(w.toLowerCase());
  for (const p of people) {
    for (const part of [p.name, p.role]) {
      if (!part.trim()) continue;
      out.add(part.trim().toLowerCase());
      for (const w of part.split(/\s+/)) if (w) out.add(w.toLowerCase());
    }
  }
  return out;
}

export async function analyse(evidence: readonly AnalystEvidence[], organization: string, people: readonly Person[], purpose = ''): Promise<Analysis> {
  const items: ReadableEvidence[] = evidence.filter((e) => e.text).map((e) => ({ id: e.id, title: e.title, type: e.type, text: e.text! }));
  const key = createHash('sha256')
    .update(JSON.stringify([organization, people, purpose, items.map((i) => [i.id, i.title, i.type])]))
    .update(items.map((i) => i.text).join('\u0000'))
    .digest('hex');
  if (cached?.key === key) return cached.analysis;
  const order = items.map((i) => i.id);
  const reading = await readEvidence(items, ignoredNames(organization, people), new Set([organization.toLowerCase(), ...organization.toLowerCase().split(/[\s&]+/).filter((w) => w.length > 2)]));
  const themes = buildThemes(reading.claims, order, focusOf(purpose));
  // a problem a source proposes a fix for, next to where it states it, is one the organization can act on
  for (const t of themes) {
    const near = reading.proposals.some((p) => t.claims.some((c) => c.evidence_id === p.evidence_id && Math.abs(c.order - p.order) <= 2));
    if (near && t.valence < 0) t.score += 2;
  }
  themes.sort((a, b) => b.score - a.score);
  const voices = new Map(evidence.map((e) => [e.id, voiceOf(e, people)]));
  for (const t of themes) {
    t.voice = voices.get(t.lead.evidence_id);
    t.organization = organization;
  }
  // an interview is reported as one ("in interview") when it is with someone; one that names no one is reported as its title
  const interviews = new Set(evidence.filter((e) => interviewRole(e, people)).map((e) => e.id));
  const analysis = { reading, themes, voices, interviews, order };
  cached = { key, analysis };
  return analysis;
}
