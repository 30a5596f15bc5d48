import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { splitGeneratedContext } from '@shared/domain/wizard-steps';
import { wizardTexts } from '@shared/messages/wizard';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { generateContext } from '@/features/ai';
import { notify } from '../../lib/notify';
import type { ContextData, SetupData } from '../../lib/types';
import { Field } from '@/components/ui/field';

const t = wizardTexts.context;
const empty: ContextData = { companyBackground: '', marketEnvironment: '', internalContext: '' };

export function ContextStep({
  data,
  setup,
  reportRef,
  onChange,
  onCompleted,
}: {
  data?: ContextData;
  setup?: SetupData;
  reportRef: string;
  onChange: (d: ContextData) => void;
  onCompleted: (d: ContextData) => void;
}) {
  const v = { ...empty, ...data };
  const [busy, setBusy] = useState(false);

  async function generate() {
    const written = v.companyBackground.trim() || v.marketEnvironment.trim() || v.internalContext.trim();
    if (written && !window.confirm(t.replaceConfirm)) return;
    setBusy(true);
    try {
      const res = await generateContext({
        company_name: setup?.organizationName?.trim() || 'The organization',
        sector: setup?.sector ?? '',
        geography: setup?.geography ?? '',
        report_id: reportRef,
      });
      onChange(splitGeneratedContext(res.generated_content));
      notify.success(wizardTexts.toasts.generated);
    } catch {
      notify.error(wizardTexts.toasts.generateFailed);
    } finally {
      setBusy(false);
    }
  }

  const field = (key: keyof ContextData, label: string, required = false) => (
    <Field label={label} required={required}>
      {(id) => <Textarea id={id} className="min-h-32" value={v[key]} onChange={(e) => onChange({ ...v, [key]: e.target.value })} />}
    </Field>
  );
  return (
    <div className="space-y-4">
      <Button variant="outline" onClick={() => void generate()} disabled={busy}>
        <Sparkles className="h-4 w-4" aria-hidden /> {busy ? t.generating : t.generate}
      </Button>
      {field('companyBackground', t.companyBackground, true)}
      {field('marketEnvironment', t.marketEnvironment)}
      {field('internalContext', t.internalContext)}
      <Button
        onClick={() => {
          if (!v.companyBackground.trim()) return void notify.error(wizardTexts.toasts.backgroundRequired);
          onCompleted(v);
        }}
      >
        {t.complete}
      </Button>
    </div>
  );
}
