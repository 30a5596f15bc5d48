import { wizardTexts } from '@shared/messages/wizard';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { notify } from '../../lib/notify';
import type { ObjectivesData } from '../../lib/types';
import { Field } from '@/components/ui/field';

const t = wizardTexts.objectives;
const empty: ObjectivesData = { purpose: '', inScope: '', outOfScope: '', methodology: '' };

export function ObjectivesStep({ data, onChange, onCompleted }: { data?: ObjectivesData; onChange: (d: ObjectivesData) => void; onCompleted: (d: ObjectivesData) => void }) {
  const v = { ...empty, ...data };
  const field = (key: keyof ObjectivesData, label: string, required = false) => (
    <Field label={label} required={required}>
      {(id) => <Textarea id={id} value={v[key]} onChange={(e) => onChange({ ...v, [key]: e.target.value })} />}
    </Field>
  );
  return (
    <div className="space-y-4">
      {field('purpose', t.purpose, true)}
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        {field('inScope', t.inScope)}
        {field('outOfScope', t.outOfScope)}
      </div>
      {field('methodology', t.methodology)}
      <Button
        onClick={() => {
          if (!v.purpose.trim()) return void notify.error(wizardTexts.toasts.purposeRequired);
          onCompleted(v);
        }}
      >
        {t.complete}
      </Button>
    </div>
  );
}
