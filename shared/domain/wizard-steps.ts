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
 * background, the next two market environment, the rest internal context. With too few paragraphs (fewer
 * than three) the text is divided into thirds (at word boundaries).
 */
export function splitGeneratedContext(text: string): { companyBackground: string; marketEnvironment: string; internalContext: string } {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (paragraphs.length >= 3) {
    return {
      companyBackground: paragraphs.slice(0, 2).join('\n\n'),
      marketEnvironment: paragraphs.slice(2, 4).join('\n\n'),
      internalContext: paragraphs.slice(4).join('\n\n'),
    };
  }
  const words = text.trim().split(/\s+/).filter(Boolean);
  const third = Math.ceil(words.length / 3);
  return {
    companyBackground: words.slice(0, third).join(' '),
    marketEnvironment: words.slice(third, 2 * third).join(' '),
    internalContext: words.slice(2 * third).join(' '),
  };
}
