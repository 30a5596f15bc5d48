/**
 * Adds a citation by picking a passage of evidence: a key insight, or any text the user selects. The quote is
 * taken from the text itself (citationFromText), so it is exactly the passage; the server checks it again.
 */
import { useId, useRef, useState } from 'react';
import { evidenceTexts } from '@shared/messages/evidence';
import { reportTexts } from '@shared/messages/sections';
import { citationFromText } from '@shared/domain/report/citations';
import type { Citation } from '@shared/schemas/report-document';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input, Label } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useEvidenceItem, useEvidenceList } from '@/features/evidence';
import { notify } from '@/lib/notify';

const t = reportTexts.citations;
/** The most text a reader shows for selecting (longer texts are shown from the start). */
const MAX_SELECTABLE = 200_000;

function EvidenceText({ reportRef, evidenceId, onPick }: { reportRef: string; evidenceId: string; onPick: (c: Citation) => void }) {
  const item = useEvidenceItem(reportRef, evidenceId);
  const area = useRef<HTMLTextAreaElement>(null);
  const textId = useId();
  if (!item.data) {
    return (
      <div className="space-y-2" aria-busy="true">
        <Skeleton className="h-24" />
      </div>
    );
  }
  const text = item.data.textContent ?? '';
  const cite = (start: number, end: number) => onPick({ ...citationFromText(item.data.id, text, start, end), source_title: item.data.title });
  return (
    <div className="space-y-3">
      {item.data.aiInsights.length > 0 && (
        <section>
          <h3 className="text-sm font-semibold">{t.insights}</h3>
          <ul className="mt-1 space-y-1">
            {item.data.aiInsights.map((i) => (
              <li key={`${i.start}-${i.end}`} className="flex items-start justify-between gap-2 rounded-md border border-slate-200 p-2 text-sm">
                <span>{i.text}</span>
                <Button size="sm" variant="outline" onClick={() => cite(i.start, i.end)} aria-label={`${t.citeInsight}: ${i.text.slice(0, 60)}`}>
                  {t.citeInsight}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="space-y-1">
        <Label htmlFor={textId}>{evidenceTexts.extractedText}</Label>
        <textarea id={textId} ref={area} readOnly value={text.slice(0, MAX_SELECTABLE)} className="h-56 w-full rounded-md border border-slate-200 bg-slate-50 p-2 text-sm" />
        <Button
          variant="outline"
          onClick={() => {
            const el = area.current;
            if (!el || el.selectionEnd <= el.selectionStart) return void notify.error(t.selectFirst);
            cite(el.selectionStart, el.selectionEnd);
          }}
        >
          {t.citeSelection}
        </Button>
      </div>
    </div>
  );
}

export function CitationPicker({ open, onOpenChange, reportRef, onPick }: { open: boolean; onOpenChange: (open: boolean) => void; reportRef: string; onPick: (c: Citation) => void }) {
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const list = useEvidenceList(open ? reportRef : undefined, '');
  const searchId = useId();
  const items = (list.data?.items ?? []).filter((i) => i.text_chars > 0 && (!query.trim() || i.title.toLowerCase().includes(query.trim().toLowerCase())));
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t.pickTitle} description={t.pickHelp} className="max-w-5xl">
      <div className="grid grid-cols-1 gap-4 md:grid-cols-[16rem_1fr]">
        <div className="space-y-2">
          <Label htmlFor={searchId}>{t.search}</Label>
          <Input id={searchId} value={query} onChange={(e) => setQuery(e.target.value)} />
          {list.isPending ? (
            <Skeleton className="h-24" />
          ) : items.length === 0 ? (
            <p className="text-sm text-slate-500">{t.noEvidence}</p>
          ) : (
            <ul className="space-y-1" aria-label={t.evidence}>
              {items.map((i) => (
                <li key={i.id}>
                  <button
                    type="button"
                    aria-pressed={chosen === i.id}
                    onClick={() => setChosen(i.id)}
                    className={cn('w-full rounded-md px-2 py-1.5 text-left text-sm hover:bg-slate-100', chosen === i.id && 'bg-sky-50 ring-1 ring-sky-300')}
                  >
                    {i.title}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>{chosen ? <EvidenceText reportRef={reportRef} evidenceId={chosen} onPick={(c) => { onPick(c); onOpenChange(false); notify.success(t.added); }} /> : <p className="text-sm text-slate-500">{t.pickHelp}</p>}</div>
      </div>
    </Dialog>
  );
}
