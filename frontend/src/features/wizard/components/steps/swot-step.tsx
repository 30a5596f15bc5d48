import { useId } from 'react';
import { itemLabels, shorten } from '@shared/domain/report/labels';
import { reportTexts } from '@shared/messages/sections';
import { SWOT_QUADRANTS, type SwotData, type SwotItem, type SwotQuadrant } from '@shared/schemas/report-document';
import { Label } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import type { WizardData } from '../../lib/types';
import { AddButton, CitationsField, edited, ItemCard, LinkPicker, moveItem, newItemId, removeAt, replaceAt } from './report-items';

const t = reportTexts.swot;
const empty: SwotData = { strengths: [], weaknesses: [], opportunities: [], threats: [], none: { strengths: false, weaknesses: false, opportunities: false, threats: false } };

function SwotCard({ item, label, index, count, findings, reportRef, onChange, onMove, onRemove }: { item: SwotItem; label: string; index: number; count: number; findings: { id: string; label: string }[]; reportRef: string; onChange: (i: SwotItem) => void; onMove: (d: number) => void; onRemove: () => void }) {
  const id = useId();
  const set = (patch: Partial<SwotItem>) => onChange(edited(item, patch));
  return (
    <ItemCard id={item.id} label={label} aiDrafted={item.ai_drafted} index={index} count={count} onMove={onMove} onRemove={onRemove} comments={{ step: 'swot', text: item.text }}>
      <div className="space-y-1">
        <Label htmlFor={`${id}-text`}>{label}</Label>
        <Textarea id={`${id}-text`} className="min-h-16" value={item.text} onChange={(e) => set({ text: e.target.value })} />
      </div>
      <LinkPicker legend={t.restsOn} options={findings} value={item.finding_ids} onChange={(finding_ids) => set({ finding_ids })} />
      <CitationsField reportRef={reportRef} citations={item.citations} onChange={(citations) => set({ citations })} />
    </ItemCard>
  );
}

export function SwotStep({ data, all, reportRef, onChange }: { data: SwotData | undefined; all: WizardData; reportRef: string; onChange: (d: SwotData) => void }) {
  const v: SwotData = { ...empty, ...data, none: { ...empty.none, ...data?.none } };
  const labels = itemLabels({ ...all, swot: v });
  const findings = (all.findings?.findings ?? []).map((f) => ({ id: f.id, label: `${labels.findings.get(f.id)} ${shorten(f.statement, 70)}` }));
  const setQuadrant = (q: SwotQuadrant, items: SwotItem[]) => onChange({ ...v, [q]: items, none: { ...v.none, [q]: items.length ? false : v.none[q] } });
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2" data-testid="swot-grid">
      {SWOT_QUADRANTS.map((q) => {
        const title = t.quadrants[q];
        return (
          <section key={q} className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-3" aria-labelledby={`swot-${q}`} data-quadrant={q}>
            <h3 id={`swot-${q}`} className="font-semibold">
              {title}
            </h3>
            {v[q].length === 0 && (
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={v.none[q]} onChange={(e) => onChange({ ...v, none: { ...v.none, [q]: e.target.checked } })} aria-label={`${t.markNone}: ${title}`} />
                {t.markNone}
              </label>
            )}
            <ol className="space-y-2">
              {v[q].map((item, i) => (
                <SwotCard
                  key={item.id}
                  item={item}
                  label={labels.swot.get(item.id) ?? title}
                  index={i}
                  count={v[q].length}
                  findings={findings}
                  reportRef={reportRef}
                  onChange={(next) => setQuadrant(q, replaceAt(v[q], i, next))}
                  onMove={(delta) => setQuadrant(q, moveItem(v[q], i, delta))}
                  onRemove={() => setQuadrant(q, removeAt(v[q], i))}
                />
              ))}
            </ol>
            <AddButton label={t.addItem(title)} onClick={() => setQuadrant(q, [...v[q], { id: newItemId(q.charAt(0)), text: '', finding_ids: [], citations: [], ai_drafted: false }])} />
          </section>
        );
      })}
    </div>
  );
}
