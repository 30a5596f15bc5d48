import { Quote } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { citationKeysIn } from '@shared/domain/report/citations';
import { itemLabels } from '@shared/domain/report/labels';
import { reportTexts } from '@shared/messages/sections';
import type { ExecutiveSummaryData, KeyMessage } from '@shared/schemas/report-document';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { CitationChips, CitationPicker } from '@/features/sections';
import type { WizardData } from '../../lib/types';
import { AddButton, CitationsField, edited, ItemCard, moveItem, newItemId, removeAt, replaceAt } from './report-items';

const t = reportTexts.summary;
const empty: ExecutiveSummaryData = { key_messages: [], summary: '', citations: [], ai_drafted: false };

function MessageCard({ item, label, index, count, reportRef, onChange, onMove, onRemove }: { item: KeyMessage; label: string; index: number; count: number; reportRef: string; onChange: (k: KeyMessage) => void; onMove: (d: number) => void; onRemove: () => void }) {
  const id = useId();
  const set = (patch: Partial<KeyMessage>) => onChange(edited(item, patch));
  return (
    <ItemCard id={item.id} label={label} aiDrafted={item.ai_drafted} index={index} count={count} onMove={onMove} onRemove={onRemove}>
      <div className="space-y-1">
        <Label htmlFor={`${id}-text`}>{label}</Label>
        <Textarea id={`${id}-text`} className="min-h-14" value={item.text} onChange={(e) => set({ text: e.target.value })} />
      </div>
      <CitationsField reportRef={reportRef} citations={item.citations} onChange={(citations) => set({ citations })} />
    </ItemCard>
  );
}

export function ExecutiveSummaryStep({ data, all, reportRef, onChange }: { data: ExecutiveSummaryData | undefined; all: WizardData; reportRef: string; onChange: (d: ExecutiveSummaryData) => void }) {
  const v = { ...empty, ...data };
  const labels = itemLabels({ ...all, 'executive-summary': v });
  const summaryId = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const [picking, setPicking] = useState(false);
  const used = new Set(citationKeysIn(v.summary));
  const cited = v.citations.filter((c) => used.has(c.id));
  const setMessages = (key_messages: KeyMessage[]) => onChange({ ...v, key_messages });
  return (
    <div className="space-y-6">
      <section className="space-y-2" aria-labelledby="messages-title">
        <h3 id="messages-title" className="font-semibold">
          {t.keyMessages}
        </h3>
        <p className="text-sm text-slate-500">{t.keyMessagesHelp}</p>
        <ol className="space-y-3">
          {v.key_messages.map((k, i) => (
            <MessageCard
              key={k.id}
              item={k}
              label={labels.keyMessages.get(k.id) ?? `K${i + 1}`}
              index={i}
              count={v.key_messages.length}
              reportRef={reportRef}
              onChange={(next) => setMessages(replaceAt(v.key_messages, i, next))}
              onMove={(delta) => setMessages(moveItem(v.key_messages, i, delta))}
              onRemove={() => setMessages(removeAt(v.key_messages, i))}
            />
          ))}
        </ol>
        {v.key_messages.length < 5 && <AddButton label={t.addMessage} onClick={() => setMessages([...v.key_messages, { id: newItemId('k'), text: '', citations: [], ai_drafted: false }])} />}
      </section>
      <section className="space-y-2">
        <Label htmlFor={summaryId}>{t.summary}</Label>
        <p className="text-sm text-slate-500">{t.summaryHelp}</p>
        <Textarea id={summaryId} ref={area} className="min-h-72 font-mono text-sm" value={v.summary} onChange={(e) => onChange({ ...v, summary: e.target.value, ai_drafted: false })} />
        <div className="flex flex-wrap items-center gap-2">
          <CitationChips citations={cited} />
          <Button size="sm" variant="outline" onClick={() => setPicking(true)}>
            <Quote className="h-3.5 w-3.5" aria-hidden /> {reportTexts.citations.add}
          </Button>
        </div>
        <CitationPicker
          open={picking}
          onOpenChange={setPicking}
          reportRef={reportRef}
          onPick={(c) => {
            // the mark goes where the cursor is, and the citation joins the summary's list
            const at = area.current?.selectionEnd ?? v.summary.length;
            const summary = `${v.summary.slice(0, at)}[@${c.id}]${v.summary.slice(at)}`;
            onChange({ ...v, summary, citations: [...v.citations, c], ai_drafted: false });
          }}
        />
      </section>
    </div>
  );
}
