/** The ten wizard steps (spec section 2, "Wizard"), in order. */
export const WIZARD_STEPS = [
  { id: 'setup', title: 'Project Setup', description: 'Organization details and stakeholders' },
  { id: 'data-intake', title: 'Data Intake', description: 'Upload files and evidence' },
  { id: 'objectives', title: 'Objectives & Scope', description: 'Define purpose and methodology' },
  { id: 'context', title: 'Business Context', description: 'Company and market background' },
  { id: 'findings', title: 'Findings & Analysis', description: 'Analyze dimensions and metrics' },
  { id: 'swot', title: 'SWOT Analysis', description: 'Strategic framework analysis' },
  { id: 'recommendations', title: 'Recommendations', description: 'Generate actionable insights' },
  { id: 'roadmap', title: 'Implementation Roadmap', description: 'Phased execution plan' },
  { id: 'executive-summary', title: 'Executive Summary', description: 'Compose final overview' },
  { id: 'finalize', title: 'Finalize & Brand', description: 'Export and branding options' },
] as const;

export type WizardStepId = (typeof WIZARD_STEPS)[number]['id'];
export const WIZARD_STEP_IDS = WIZARD_STEPS.map((s) => s.id) as readonly WizardStepId[];
export const WIZARD_STEP_COUNT = WIZARD_STEPS.length;

/** Progress percent: completed steps divided by 10. */
export function progressPercent(completed: readonly string[]): number {
  const known = new Set(completed.filter((id) => (WIZARD_STEP_IDS as readonly string[]).includes(id)));
  return Math.round((known.size / WIZARD_STEP_COUNT) * 100);
}

/**
 * The spec's rule for AI-generated context: split on blank lines; the first two paragraphs are company
 * background, the next two market environment, the rest internal context. With too few paragraphs for that
 * (fewer than five, which would leave internal context empty) the text is divided into thirds: by whole
 * paragraphs when there are three or four, by words when there are one or two; paragraph breaks are kept.
 */
export function splitGeneratedContext(text: string): { companyBackground: string; marketEnvironment: string; internalContext: string } {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  const parts = (a: string, b: string, c: string) => ({ companyBackground: a, marketEnvironment: b, internalContext: c });
  if (paragraphs.length >= 5) {
    return parts(paragraphs.slice(0, 2).join('\n\n'), paragraphs.slice(2, 4).join('\n\n'), paragraphs.slice(4).join('\n\n'));
  }
  if (paragraphs.length >= 3) {
    // 3 → 1/1/1, 4 → 2/1/1
    const first = paragraphs.length - 2;
    return parts(paragraphs.slice(0, first).join('\n\n'), paragraphs[first]!, paragraphs[first + 1]!);
  }
  // one or two paragraphs: thirds of the words, each word remembering its paragraph so the break survives
  const words = paragraphs.flatMap((p, at) => p.split(/\s+/).map((word) => ({ word, at })));
  const third = Math.ceil(words.length / 3);
  const join = (slice: typeof words) => slice.map((w, i) => (i === 0 ? '' : w.at === slice[i - 1]!.at ? ' ' : '\n\n') + w.word).join('');
  return parts(join(words.slice(0, third)), join(words.slice(third, 2 * third)), join(words.slice(2 * third)));
}
