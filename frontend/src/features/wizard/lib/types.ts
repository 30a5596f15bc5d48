import type { WizardStepId } from '@shared/domain/wizard-steps';

export interface Stakeholder {
  name: string;
  role: string;
  influence: 'High' | 'Medium' | 'Low';
}

/** Setup data (spec section 3). */
export interface SetupData {
  organizationName: string;
  sector: string;
  geography: string;
  fyStart: string;
  currency: string;
  reportTitle: string;
  reportOwner: string;
  stakeholders: Stakeholder[];
  brandSettings: { primaryColor: string; secondaryColor: string; logoUrl: string };
  organizationId?: string;
  reportId?: string;
}

/** What data intake keeps in the progress: references to the evidence, never its text. */
export interface EvidenceRef {
  id: string;
  type: 'file' | 'url' | 'interview';
  title: string;
  status: string;
  relevanceScore: number;
  linkedDimensions: string[];
}

export interface ObjectivesData {
  purpose: string;
  inScope: string;
  outOfScope: string;
  methodology: string;
}

export interface ContextData {
  companyBackground: string;
  marketEnvironment: string;
  internalContext: string;
}

export type WizardData = Partial<{
  setup: SetupData;
  'data-intake': { evidence: EvidenceRef[] };
  objectives: ObjectivesData;
  context: ContextData;
}> &
  Partial<Record<WizardStepId, Record<string, unknown>>>;

export interface WizardState {
  reportId: string | null;
  /** report id used for uploads before setup has created the report */
  placeholderId: string;
  data: WizardData;
  completed: WizardStepId[];
  current: number;
  lastSaved: string | null;
  /** the server version this state is based on (0: none saved yet) */
  version: number;
}

export const DEFAULT_PRIMARY_COLOR = '#1e293b';

export function emptySetup(): SetupData {
  return {
    organizationName: '',
    sector: 'other',
    geography: '',
    fyStart: 'january',
    currency: 'USD',
    reportTitle: '',
    reportOwner: '',
    stakeholders: [{ name: '', role: '', influence: 'Medium' }],
    brandSettings: { primaryColor: DEFAULT_PRIMARY_COLOR, secondaryColor: '', logoUrl: '' },
  };
}

export const hasData = (data: WizardData) => Object.keys(data).length > 0;
