/**
 * Step 9, the executive summary as a pyramid: one governing thought (what the evidence adds up to), then
 * three to five key lines, each a finding's point with its figure and citation, then the top actions. No
 * sentence appears twice (the key lines are not repeated in the text), and nothing is quoted: the
 * citations carry the quotes, in the notes.
 */
import { judgeByWords } from './measures';
import { isEnglishWord } from './nlp';
import type { CitationRef, ExecutiveSummaryData, Finding, Recommendation } from '@shared/schemas/report-document';
import type { Analysis } from './analyse-evidence';
import { type Drafted, itemId } from '../port/draft-contract';
import { findingIdOf } from './findings';
import { titleOf } from './swot';
import type { Theme } from './themes';
import { capitalise, displayName, headline, lowerFirst } from './titles';

export type DraftedSummary = Drafted<ExecutiveSummaryData>;

const citationKey = (r: CitationRef) => `${r.evidence_id}:${r.start}:${r.end}`;

/** Words that open a sentence with a capital only because they open it. */
const LEADING_WORD = /^(?:A|An|The|Two|Three|Four|Five|Six|Seven|Eight|Nine|Ten|New|Several|Many|Some) /;
/** Words that open a clause in lower case after a colon. */
const LEADING_COMMON = /^(?:A|An|The|Our|Their|Its|This|These|That|Those|One|Two|Three|Four|Five|Six|Seven|Eight|Nine|Ten|New|Several|Many|Some|Most|All|Each|Every|No|None|Half|Both|Only|Over|Under|About|Around|Nearly|Almost)\b/;

/** A clause of the governing thought for a theme ("gross margin fell 4.5 points to 36.5%"). */
function clause(theme: Theme): string {
  const full = headline(theme).short;
  // a measure's name starts the sentence in lower case, with "the" where English wants it; a company's name keeps its capital
  const first = full.split(' ')[0]!;
  // (or a word that names a measure by itself: "Rents rise 2.7% in April")
  const named = ([theme.name, displayName(theme)].some((n) => n.split(' ')[0] === first) || (/^\p{Lu}\p{Ll}+$/u.test(first) && judgeByWords(first) !== undefined)) && !(theme.entity && full.startsWith(theme.entity));
  const article = named && /\b(?:score|rate|backlog|time|gap|mandate|demand|margin of|level)$/i.test(theme.name) ? 'the ' : '';
  // a clause always stands mid-sentence: its opening article or count is in lower case ("and the maintenance backlog …")
  const short = named ? `${article}${lowerFirst(full)}` : full.replace(LEADING_WORD, (w) => w.toLowerCase());
  const colon = short.indexOf(': ');
  // "E-invoicing mandate: 35,000 prospects must …" reads in a sentence as "the e-invoicing mandate (35,000 prospects must …)"
  return colon > 0 ? `${/^the /.test(short) ? '' : 'the '}${lowerFirst(short.slice(0, colon))} (${short.slice(colon + 2)})` : short;
}

/** What a dimension's problems put under pressure, for the governing thought. */
const PROBLEM_AREAS: Record<Theme['dimension'], string> = {
  'Financial Performance': 'profitability',
  'Operational Efficiency': 'operating performance',
  'Market & Customers': 'customer performance',
  'Competitive Landscape': 'competitive position',
  'People & Culture': 'workforce',
  'Risks & Compliance': 'risk position',
};

/** A theme as a clause with its own verb: a title "Name: what happened" gives what happened. */
function predicate(theme: Theme): string {
  const short = headline(theme).short;
  const colon = short.indexOf(': ');
  // (after a label, a common first word goes to lower case; a name keeps its capital: "Brightwell, a rival agency, …")
  const rest = colon > 0 ? short.slice(colon + 2) : '';
  return colon > 0 ? (/^\p{Lu}\p{Ll}/u.test(rest) && !LEADING_COMMON.test(rest) && judgeByWords(rest.split(' ')[0]!) === undefined ? rest : lowerFirst(rest)) : clause(theme);
}

/** Whether a phrase has no word that reads as a verb (a note's shorthand: "Arla +9% on milk from 1 July"). */
const VERBLESS = (text: string) => !text.split(/\s+/).some((w) => /^(?:is|are|was|were|be|been|will|would|could|can|may|might|must|should|has|have|had|does|do|did|says|said)$|(?:ed|ing)$/i.test(w.replace(/[^\p{L}]/gu, '')) || (/^\p{Ll}+s$/u.test(w) && !/(?:ss|us|is)$/.test(w)));

const joinList = (parts: readonly string[]) => (parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`);

export function draftSummary(
  analysis: Analysis,
  input: { organization: string; purpose?: string },
  findings: readonly (Finding | Drafted<Finding>)[],
  recommendations: readonly (Recommendation | Drafted<Recommendation>)[],
  citationIdFor: (ref: CitationRef) => string,
): DraftedSummary {
  const themeById = new Map(analysis.themes.map((t) => [findingIdOf(t), t]));
  const order = { high: 0, medium: 1, low: 2 } as const;
  const ranked = [...findings].sort((a, b) => order[a.impact] - order[b.impact]);
  const themed = ranked.map((f) => ({ f, theme: themeById.get(f.id) })).filter((x): x is { f: (typeof ranked)[number]; theme: Theme } => Boolean(x.theme));
  const bad = themed.filter((x) => x.theme.valence < 0 && !x.theme.external);
  const threats = themed.filter((x) => x.theme.valence < 0 && x.theme.external);
  const good = themed.filter((x) => x.theme.valence > 0 && !x.theme.external);
  const opportunities = themed.filter((x) => x.theme.valence > 0 && x.theme.external);
  const name = input.organization.trim() || 'The organization';

  // the governing thought: the strongest asset, the two largest problems, the largest threat
  const used: CitationRef[] = [];
  const mark = (x: { f: { citations: readonly CitationRef[] } }) =>
    x.f.citations
      .slice(0, 4)
      .map((ref) => {
        const plain = { evidence_id: ref.evidence_id, start: ref.start, end: ref.end };
        if (!used.some((u) => citationKey(u) === citationKey(plain))) used.push(plain);
        return `[@${citationIdFor(plain)}]`;
      })
      .join('');
  const problems = bad.slice(0, 2);
  const parts: string[] = [];
  if (problems.length) {
    // a sentence each, with its own citations: two measures in one sentence read as one clause, and a reader (or the
    // check of what the quotes state) would bind the second's verb to the first's figure
    parts.push(...problems.map((x) => `${clause(x.theme)} ${mark(x)}`));
  }
  const threat = threats[0];
  const strength = good[0];
  let governing = '';
  if (parts.length) {
    const areas = [...new Set(problems.map((x) => PROBLEM_AREAS[x.theme.dimension]))];
    // the answer first: what comes first for the client, and the figure that shows why
    governing = `${name}${/s$/.test(name) ? "'" : "'s"} first priority is its ${joinList(areas)}, which ${areas.length > 1 ? 'are' : 'is'} under pressure: ${parts[0]}.`;
    for (const more of parts.slice(1)) governing += ` ${capitalise(more)}.`;
    if (threat) {
      const said = predicate(threat.theme).replace(LEADING_WORD, (w) => w.toLowerCase());
      // (a note without a verb is reported as its source wrote it: "the leadership channel says “Arla +9% on milk from 1 July”")
      const voice = analysis.voices.get(threat.theme.lead.evidence_id);
      // (and one filed under the name of who makes it keeps the name: "the board pack reports on Workly: “price cut of 30% …”")
      const short = headline(threat.theme).short;
      const filed = /^(\p{Lu}[\p{L}&'’-]+(?:\s\p{Lu}[\p{L}&'’-]+){0,2}):\s/u.exec(short)?.[1];
      governing +=
        filed && voice && threat.theme.lead.kind === 'event' && !isEnglishWord(filed) && (threat.theme.lead.name.includes(filed) || threat.theme.lead.entity.includes(filed))
          ? ` From outside, ${voice} reports on ${filed}: “${said.replace(/[.;:,\s]+$/, '')}” ${mark(threat)}.`
          : VERBLESS(said) && voice
            ? ` From outside, ${voice} says “${said.replace(/[.;:,\s]+$/, '')}” ${mark(threat)}.`
            : ` From outside, ${said} ${mark(threat)}.`;
    }
    if (strength) governing += ` It starts from a real strength: ${clause(strength.theme)} ${mark(strength)}.`;
  } else if (strength) {
    governing = `${name} is in good health on the evidence: ${clause(strength.theme)} ${mark(strength)}.`;
  } else governing = `The evidence on ${name} is thin; the findings below are a first view.`;

  // key lines: the findings' points, each with its figure and citation, none repeated from the text above
  const inText = new Set([...problems, ...(threat ? [threat] : []), ...(strength ? [strength] : []), ...opportunities.slice(0, 1)].map((x) => x.f.id));
  const keyLines = [...bad, ...threats, ...good, ...opportunities].filter((x, i, all) => all.findIndex((y) => y.f.id === x.f.id) === i);
  // (a line the governing thought already states would read twice: it is a key line only when nothing else is)
  // (nor one whose words the governing thought already says, or says with more: two findings read from one sentence)
  const plainWords = (text: string) => text.toLowerCase().replace(/\[@[^\]]*\]/g, ' ').replace(/[^\p{L}\p{N}%.]+/gu, ' ').replace(/\.(?=\s|$)/g, ' ').replace(/\s+/g, ' ').trim();
  const said = plainWords(governing);
  const lineWords = new Map(keyLines.map((x) => [x.f.id, plainWords(titleOf(x.f.statement))]));
  const restated = (x: (typeof keyLines)[number]) => keyLines.some((y) => y.f.id !== x.f.id && lineWords.get(y.f.id)!.length > lineWords.get(x.f.id)!.length && lineWords.get(y.f.id)!.includes(lineWords.get(x.f.id)!));
  const fresh = keyLines.filter((x) => !inText.has(x.f.id) && !said.includes(lineWords.get(x.f.id)!) && !restated(x));
  const chosen = (fresh.length ? fresh : keyLines).slice(0, 5);
  const key_messages: DraftedSummary['key_messages'] = chosen
    .sort((a, b) => keyLines.indexOf(a) - keyLines.indexOf(b))
    .map((x) => ({
      id: itemId('k', x.f.id),
      text: titleOf(x.f.statement).slice(0, 600),
      citations: x.f.citations.slice(0, 3).map(({ evidence_id, start, end }) => ({ evidence_id, start, end })),
      ai_drafted: true,
    }));

  // the top actions
  const top = [...recommendations].sort((a, b) => order[a.priority] - order[b.priority] || b.impact - a.impact).slice(0, 3);
  const actions = top.length
    ? `The priorities for the next twelve months: ${top.map((r) => `${lowerFirst(r.title.trim())}${r.owner.trim() ? ` (${r.owner.trim().replace(/^(.+?) \((.+)\)$/, '$1, $2')})` : ''} ${mark({ f: { citations: r.citations.slice(0, 4) } })}`.trim()).join('; ')}.`
    : '';
  const opportunity = opportunities[0];
  // a clause is a noun phrase ("the mid-market demand (…)") when its title is "Name: what happened", else a sentence ("that …")
  // (a statement reported with its source is quoted after a colon: "… in the evidence: the Managing Director reports that …")
  const upsideClause = opportunity ? clause(opportunity.theme) : '';
  const upside = opportunity
    ? /^the [^.]{2,80}? (?:reports?|records?|lists?) that /i.test(upsideClause)
      ? `The largest opportunity in the evidence: ${upsideClause} ${mark(opportunity)}.`
      : `The largest opportunity in the evidence is ${headline(opportunity.theme).short.includes(': ') ? '' : 'that '}${upsideClause} ${mark(opportunity)}.`
    : '';
  const summary = [governing, upside, actions].filter(Boolean).join('\n\n');
  return { key_messages, summary: summary.slice(0, 20_000), citations: used, ai_drafted: true };
}
