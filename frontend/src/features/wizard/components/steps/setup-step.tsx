import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { CURRENCIES, FY_STARTS, SECTORS, STAKEHOLDER_INFLUENCE, wizardLabel } from '@shared/domain/options';
import { wizardTexts } from '@shared/messages/wizard';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { ApiError } from '@/lib/api-client';
import { getOrganization } from '@/features/organizations';
import { getReport } from '@/features/reports';
import { completeSetup, type SetupResult } from '../../lib/complete-setup';
import { notify } from '../../lib/notify';
import { emptySetup, type SetupData, type Stakeholder } from '../../lib/types';
import { Field } from '@/components/ui/field';

const t = wizardTexts.setup;
const toasts = wizardTexts.toasts;
const sectorOptions = SECTORS.map((v) => ({ value: v, label: wizardLabel(v) }));
const fyOptions = FY_STARTS.map((v) => ({ value: v, label: wizardLabel(v) }));
const currencyOptions = CURRENCIES.map((v) => ({ value: v, label: v }));
const influenceOptions = STAKEHOLDER_INFLUENCE.map((v) => ({ value: v, label: v }));

export function SetupStep({
  data,
  placeholderId,
  stepVersion,
  onChange,
  onCompleted,
}: {
  data: SetupData | undefined;
  placeholderId: string;
  /** the setup step's version this tab holds (completing setup again) */
  stepVersion: number | undefined;
  onChange: (setup: SetupData) => void;
  onCompleted: (result: SetupResult) => void;
}) {
  const setup = { ...emptySetup(), ...data };
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<SetupData>) => onChange({ ...setup, ...patch });
  const setStakeholder = (i: number, patch: Partial<Stakeholder>) =>
    set({ stakeholders: setup.stakeholders.map((s, k) => (k === i ? { ...s, ...patch } : s)) });

  async function complete() {
    if (!setup.organizationName.trim() || !setup.reportTitle.trim() || !setup.reportOwner.trim()) return void notify.error(toasts.required);
    setBusy(true);
    const current = setup;
    try {
      // one server operation: organization, report and progress together, or nothing
      const result = await completeSetup(setup, placeholderId, stepVersion);
      notify.success(toasts.setupDone);
      onCompleted(result);
    } catch (error) {
      notify.error(toasts.setupFailed, error instanceof ApiError ? error.detail : undefined);
      if (error instanceof ApiError && error.status === 409) {
        // someone changed the organization or report since this tab read it: nothing was overwritten and
        // nothing typed is lost; take their versions, so that completing again applies these changes on top
        const [org, report] = await Promise.all([
          current.organizationId ? getOrganization(current.organizationId).catch(() => undefined) : undefined,
          current.reportId ? getReport(current.reportId).catch(() => undefined) : undefined,
        ]);
        onChange({ ...current, ...(org ? { organizationVersion: org.version } : {}), ...(report ? { reportVersion: report.version } : {}) });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-8">
      <section className="space-y-4">
        <h3 className="font-semibold">{t.organization}</h3>
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <Field label={t.organizationName} required>
            {(id) => <Input id={id} value={setup.organizationName} onChange={(e) => set({ organizationName: e.target.value })} />}
          </Field>
          <Field label={t.sector}>{(id) => <Select id={id} options={sectorOptions} value={setup.sector} onChange={(e) => set({ sector: e.target.value })} />}</Field>
          <Field label={t.geography}>{(id) => <Input id={id} value={setup.geography} onChange={(e) => set({ geography: e.target.value })} />}</Field>
          <Field label={t.fyStart}>{(id) => <Select id={id} options={fyOptions} value={setup.fyStart} onChange={(e) => set({ fyStart: e.target.value })} />}</Field>
          <Field label={t.currency}>{(id) => <Select id={id} options={currencyOptions} value={setup.currency} onChange={(e) => set({ currency: e.target.value })} />}</Field>
        </div>
      </section>
      <section className="space-y-4">
        <h3 className="font-semibold">{t.report}</h3>
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <Field label={t.reportTitle} required>
            {(id) => <Input id={id} value={setup.reportTitle} onChange={(e) => set({ reportTitle: e.target.value })} />}
          </Field>
          <Field label={t.reportOwner} required>
            {(id) => <Input id={id} value={setup.reportOwner} onChange={(e) => set({ reportOwner: e.target.value })} />}
          </Field>
        </div>
      </section>
      <section className="space-y-3">
        <h3 className="font-semibold">{t.stakeholders}</h3>
        <ul className="space-y-3">
          {setup.stakeholders.map((s, i) => (
            <li key={i} className="grid grid-cols-1 items-end gap-3 md:grid-cols-[1fr_1fr_10rem_auto]" data-testid="stakeholder-row">
              <Field label={`${t.stakeholderName} ${i + 1}`}>{(id) => <Input id={id} value={s.name} onChange={(e) => setStakeholder(i, { name: e.target.value })} />}</Field>
              <Field label={`${t.stakeholderRole} ${i + 1}`}>{(id) => <Input id={id} value={s.role} onChange={(e) => setStakeholder(i, { role: e.target.value })} />}</Field>
              <Field label={`${t.influence} ${i + 1}`}>
                {(id) => (
                  <Select id={id} options={influenceOptions} value={s.influence} onChange={(e) => setStakeholder(i, { influence: e.target.value as Stakeholder['influence'] })} />
                )}
              </Field>
              <Button
                variant="outline"
                size="icon"
                aria-label={`${t.removeStakeholder} ${i + 1}`}
                disabled={setup.stakeholders.length <= 1}
                onClick={() => set({ stakeholders: setup.stakeholders.filter((_, k) => k !== i) })}
              >
                <X className="h-4 w-4" aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
        <Button variant="outline" size="sm" onClick={() => set({ stakeholders: [...setup.stakeholders, { name: '', role: '', influence: 'Medium' }] })}>
          <Plus className="h-4 w-4" aria-hidden /> {t.addStakeholder}
        </Button>
      </section>
      <Button onClick={() => void complete()} disabled={busy}>
        {busy ? t.busy : t.complete}
      </Button>
    </div>
  );
}
