/**
 * The wizard's types: every step's data comes from its zod schema in shared/schemas (z.infer, never written
 * twice); this module adds only the wizard's own state.
 */
import { SETUP_DEFAULTS } from '@shared/domain/options';
import type { WizardStepId } from '@shared/domain/wizard-steps';
import { DEFAULT_PRIMARY_COLOR } from '@shared/schemas/report-document';
import type { SetupData, WizardData } from '@shared/schemas/wizard';

export type {
  ContextData,
  EvidenceRef,
  ObjectivesData,
  SetupData,
  Stakeholder,
  WizardData,
} from '@shared/schemas/wizard';

export interface WizardState {
  reportId: string | null;
  /** report id used for uploads before setup has created the report */
  placeholderId: string;
  data: WizardData;
  completed: WizardStepId[];
  current: number;
  lastSaved: string | null;
  /** the server's count of saves this state last saw (0: none saved yet) */
  version: number;
  /** the server version of each step this state's data of it is based on (absent: none stored yet) */
  stepVersions: Partial<Record<WizardStepId, number>>;
}

/** A copy of the wizard's state in browser storage (the temporary key, or a tab's journal of a report). */
export interface LocalCopy {
  state: WizardState;
  /** true while the server has not (or not surely) got this copy */
  pending: boolean;
  savedAt: string;
  /** the tab and request number of the last request that carried it */
  session?: string;
  seq?: number;
  /** steps whose "Complete" request may not have reached the server */
  completing?: WizardStepId[];
}

export type RequestMark = Pick<LocalCopy, 'session' | 'seq' | 'completing'>;

export function emptySetup(): SetupData {
  return {
    organizationName: '',
    sector: SETUP_DEFAULTS.sector,
    geography: '',
    fyStart: SETUP_DEFAULTS.fyStart,
    currency: SETUP_DEFAULTS.currency,
    reportTitle: '',
    reportOwner: '',
    stakeholders: [{ name: '', role: '', influence: 'Medium' }],
    brandSettings: { primaryColor: DEFAULT_PRIMARY_COLOR, secondaryColor: '', logoUrl: '' },
  };
}

export const hasData = (data: WizardData) => Object.keys(data).length > 0;
