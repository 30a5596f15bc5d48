import { Tabs } from 'radix-ui';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { parseTags } from '@shared/domain/evidence-display';
import { evidenceTexts } from '@shared/messages/evidence';
import { shellCommon } from '@shared/messages/shell';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';

const t = evidenceTexts;

export interface UrlFormValues {
  url: string;
  title: string;
  tags: string[];
}
export interface InterviewFormValues {
  title: string;
  content: string;
  tags: string[];
}

interface FieldDef<K extends string> {
  key: K;
  label: string;
  type?: string;
  placeholder?: string;
  multiline?: boolean;
}

/**
 * A small evidence form: the listed fields (all trimmed; the `required` ones must be non-blank, else
 * `requiredMessage`) plus comma-separated tags. The values stay until the add succeeds.
 */
function EvidenceForm<K extends string>(props: {
  label: string;
  fields: readonly FieldDef<K>[];
  required: readonly K[];
  requiredMessage: string;
  toastDuration?: number | undefined;
  onAdd: (values: Record<K, string>, tags: string[]) => Promise<boolean>;
}) {
  const id = useId();
  const empty = () => Object.fromEntries([...props.fields.map((f) => f.key), 'tags'].map((k) => [k, ''])) as Record<K | 'tags', string>;
  const [v, setV] = useState(empty);
  const [busy, setBusy] = useState(false);
  const all: readonly FieldDef<K | 'tags'>[] = [...props.fields, { key: 'tags', label: t.fields.tags }];

  async function submit(e: FormEvent) {
    e.preventDefault();
    const trimmed = Object.fromEntries(Object.entries(v).map(([k, s]) => [k, (s).trim()])) as Record<K | 'tags', string>;
    if (props.required.some((k) => !trimmed[k])) return void toast.error(props.requiredMessage, { duration: props.toastDuration });
    setBusy(true);
    try {
      if (await props.onAdd(trimmed, parseTags(trimmed.tags))) setV(empty());
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-3" aria-label={props.label}>
      {all.map((f) => {
        const Control = f.multiline ? Textarea : Input;
        return (
          <div key={f.key} className="space-y-1">
            <Label htmlFor={`${id}-${f.key}`}>{f.label}</Label>
            <Control
              id={`${id}-${f.key}`}
              {...(f.type ? { type: f.type } : {})}
              {...(f.placeholder ? { placeholder: f.placeholder } : {})}
              value={v[f.key]}
              onChange={(e) => setV({ ...v, [f.key]: e.target.value })}
            />
          </div>
        );
      })}
      <Button type="submit" disabled={busy}>
        {busy ? shellCommon.loading : props.label}
      </Button>
    </form>
  );
}

interface FormProps<V> {
  onAdd: (v: V) => Promise<boolean>;
  toastDuration?: number | undefined;
}

/** 'Add URL': URL and title required; tags comma-separated. */
function AddUrlForm({ onAdd, toastDuration }: FormProps<UrlFormValues>) {
  return (
    <EvidenceForm
      label={t.addUrl}
      fields={[
        { key: 'url', label: t.fields.url, type: 'url', placeholder: 'https://…' },
        { key: 'title', label: t.fields.title },
      ]}
      required={['url', 'title']}
      requiredMessage={t.toasts.urlRequired}
      toastDuration={toastDuration}
      onAdd={(v, tags) => onAdd({ url: v.url, title: v.title, tags })}
    />
  );
}

/** 'Add Interview': title and content required; tags comma-separated. */
function AddInterviewForm({ onAdd, toastDuration }: FormProps<InterviewFormValues>) {
  return (
    <EvidenceForm
      label={t.addInterview}
      fields={[
        { key: 'title', label: t.fields.title },
        { key: 'content', label: t.fields.content, multiline: true },
      ]}
      required={['title', 'content']}
      requiredMessage={t.toasts.interviewRequired}
      toastDuration={toastDuration}
      onAdd={(v, tags) => onAdd({ title: v.title, content: v.content, tags })}
    />
  );
}

/** The three ways to add evidence, as tabs: files (the caller's upload panel), a URL, an interview. */
export function AddEvidenceTabs(props: {
  filesLabel: string;
  files: ReactNode;
  onAddUrl: (v: UrlFormValues) => Promise<boolean>;
  onAddInterview: (v: InterviewFormValues) => Promise<boolean>;
  toastDuration?: number;
  className?: string;
}) {
  const labels = { files: props.filesLabel, url: t.addUrl, interview: t.addInterview } as const;
  return (
    <Tabs.Root defaultValue="files" className={cn(props.className)}>
      <Tabs.List className="mb-4 flex gap-1 rounded-lg bg-slate-100 p-1" aria-label="Add evidence">
        {(Object.keys(labels) as (keyof typeof labels)[]).map((v) => (
          <Tabs.Trigger
            key={v}
            value={v}
            className="flex-1 rounded-md px-2 py-1 text-sm font-medium text-slate-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm"
          >
            {labels[v]}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="files">{props.files}</Tabs.Content>
      <Tabs.Content value="url">
        <AddUrlForm toastDuration={props.toastDuration} onAdd={props.onAddUrl} />
      </Tabs.Content>
      <Tabs.Content value="interview">
        <AddInterviewForm toastDuration={props.toastDuration} onAdd={props.onAddInterview} />
      </Tabs.Content>
    </Tabs.Root>
  );
}
