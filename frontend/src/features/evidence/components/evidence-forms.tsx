import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { parseTags } from '@shared/domain/evidence-display';
import { messages } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';

const t = messages.evidence;

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

/** 'Add URL': URL and title required; tags comma-separated. The values stay until the add succeeds. */
export function AddUrlForm({ onAdd, toastDuration }: { onAdd: (v: UrlFormValues) => Promise<boolean>; toastDuration?: number }) {
  const id = useId();
  const [v, setV] = useState({ url: '', title: '', tags: '' });
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!v.url.trim() || !v.title.trim()) return void toast.error(t.toasts.urlRequired, { duration: toastDuration });
    setBusy(true);
    try {
      if (await onAdd({ url: v.url.trim(), title: v.title.trim(), tags: parseTags(v.tags) })) setV({ url: '', title: '', tags: '' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label={t.addUrl}>
      <div className="space-y-1">
        <Label htmlFor={`${id}-url`}>{t.fields.url}</Label>
        <Input id={`${id}-url`} type="url" placeholder="https://…" value={v.url} onChange={(e) => setV({ ...v, url: e.target.value })} />
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-title`}>{t.fields.title}</Label>
        <Input id={`${id}-title`} value={v.title} onChange={(e) => setV({ ...v, title: e.target.value })} />
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-tags`}>{t.fields.tags}</Label>
        <Input id={`${id}-tags`} value={v.tags} onChange={(e) => setV({ ...v, tags: e.target.value })} />
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? messages.common.loading : t.addUrl}
      </Button>
    </form>
  );
}

/** 'Add Interview': title and content required; tags comma-separated. */
export function AddInterviewForm({ onAdd, toastDuration }: { onAdd: (v: InterviewFormValues) => Promise<boolean>; toastDuration?: number }) {
  const id = useId();
  const [v, setV] = useState({ title: '', content: '', tags: '' });
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!v.title.trim() || !v.content.trim()) return void toast.error(t.toasts.interviewRequired, { duration: toastDuration });
    setBusy(true);
    try {
      if (await onAdd({ title: v.title.trim(), content: v.content.trim(), tags: parseTags(v.tags) })) setV({ title: '', content: '', tags: '' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label={t.addInterview}>
      <div className="space-y-1">
        <Label htmlFor={`${id}-title`}>{t.fields.title}</Label>
        <Input id={`${id}-title`} value={v.title} onChange={(e) => setV({ ...v, title: e.target.value })} />
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-content`}>{t.fields.content}</Label>
        <Textarea id={`${id}-content`} value={v.content} onChange={(e) => setV({ ...v, content: e.target.value })} />
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-tags`}>{t.fields.tags}</Label>
        <Input id={`${id}-tags`} value={v.tags} onChange={(e) => setV({ ...v, tags: e.target.value })} />
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? messages.common.loading : t.addInterview}
      </Button>
    </form>
  );
}
