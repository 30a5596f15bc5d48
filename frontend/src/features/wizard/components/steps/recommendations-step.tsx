import { useId } from 'react';
import { itemLabels, shorten } from '@shared/domain/report/labels';
import { reportTexts } from '@shared/messages/sections';
import { PRIORITIES, type Recommendation, type RecommendationsData } from '@shared/schemas/report-document';
import { Input, Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import type { WizardData } from '../../lib/types';
import { AddButton, CitationsField, edited, ItemCard, LinkPicker, moveItem, newItemId, removeAt, replaceAt } from './report-items';

const t = reportTexts.recommendations;
const scale = [1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: String(n) }));

function RecommendationCard({ rec, label, index, count, options, reportRef, onChange, onMove, onRemove }: {
  rec: Recommendation;
  label: string;
  index: number;
  count: number;
  options: { findings: { id: string; label: string }[]; swot: { id: string; label: string }[] };
  reportRef: string;
  onChange: (r: Recommendation) => void;
  onMove: (d: number) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const set = (patch: Partial<Recommendation>) => onChange(edited(rec, patch));
  return (
    <ItemCard id={rec.id} label={label} aiDrafted={rec.ai_drafted} index={index} count={count} onMove={onMove} onRemove={onRemove} comments={{ step: 'recommendations', text: rec.title }}>
      <div className="space-y-1">
        <Label htmlFor={`${id}-title`}>{`${t.title} ${label}`}</Label>
        <Input id={`${id}-title`} value={rec.title} onChange={(e) => set({ title: e.target.value })} />
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-rationale`}>{t.rationale}</Label>
        <Textarea id={`${id}-rationale`} className="min-h-16" value={rec.rationale} onChange={(e) => set({ rationale: e.target.value })} />
      </div>
      <div className="grid grid-cols-1 gap-3 md:grid-cols-3">
        <div className="space-y-1">
          <Label htmlFor={`${id}-priority`}>{t.priority}</Label>
          <Select id={`${id}-priority`} value={rec.priority} options={PRIORITIES.map((p) => ({ value: p, label: t.priorities[p] }))} onChange={(e) => set({ priority: e.target.value as Recommendation['priority'] })} />
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-impact`}>{t.impact}</Label>
          <Select id={`${id}-impact`} value={String(rec.impact)} options={scale} onChange={(e) => set({ impact: Number(e.target.value) })} />
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-effort`}>{t.effort}</Label>
          <Select id={`${id}-effort`} value={String(rec.effort)} options={scale} onChange={(e) => set({ effort: Number(e.target.value) })} />
        </div>
      </div>
      <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
        <LinkPicker legend={`${t.addresses}: ${reportTexts.findings.findings}`} options={options.findings} value={rec.finding_ids} onChange={(finding_ids) => set({ finding_ids })} />
        <LinkPicker legend={`${t.addresses}: ${reportTexts.swot.quadrants.weaknesses} / ${reportTexts.swot.quadrants.threats}`} options={options.swot} value={rec.swot_ids} onChange={(swot_ids) => set({ swot_ids })} />
      </div>
      <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
        <div className="space-y-1">
          <Label htmlFor={`${id}-owner`}>{t.owner}</Label>
          <Input id={`${id}-owner`} value={rec.owner} onChange={(e) => set({ owner: e.target.value })} />
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-kpi`}>{t.kpi}</Label>
          <Input id={`${id}-kpi`} value={rec.kpi} onChange={(e) => set({ kpi: e.target.value })} />
        </div>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={rec.deferred} onChange={(e) => set({ deferred: e.target.checked })} />
        {t.deferred}
      </label>
      <CitationsField reportRef={reportRef} citations={rec.citations} onChange={(citations) => set({ citations })} />
    </ItemCard>
  );
}

export function RecommendationsStep({ data, all, reportRef, onChange }: { data: RecommendationsData | undefined; all: WizardData; reportRef: string; onChange: (d: RecommendationsData) => void }) {
  const items = data?.items ?? [];
  const labels = itemLabels({ ...all, recommendations: { items } });
  const options = {
    findings: (all.findings?.findings ?? []).map((f) => ({ id: f.id, label: `${labels.findings.get(f.id)} ${shorten(f.statement, 60)}` })),
    swot: [...(all.swot?.weaknesses ?? []), ...(all.swot?.threats ?? [])].map((s) => ({ id: s.id, label: `${labels.swot.get(s.id)} ${shorten(s.text, 60)}` })),
  };
  const set = (next: Recommendation[]) => onChange({ items: next });
  return (
    <div className="space-y-3">
      {items.length === 0 && <p className="text-sm text-slate-500">{t.empty}</p>}
      <ol className="space-y-3">
        {items.map((r, i) => (
          <RecommendationCard
            key={r.id}
            rec={r}
            label={labels.recommendations.get(r.id) ?? `R${i + 1}`}
            index={i}
            count={items.length}
            options={options}
            reportRef={reportRef}
            onChange={(next) => set(replaceAt(items, i, next))}
            onMove={(delta) => set(moveItem(items, i, delta))}
            onRemove={() => set(removeAt(items, i))}
          />
        ))}
      </ol>
      <AddButton
        label={t.add}
        onClick={() =>
          set([...items, { id: newItemId('r'), title: '', rationale: '', priority: 'medium', impact: 3, effort: 3, finding_ids: [], swot_ids: [], owner: '', kpi: '', deferred: false, citations: [], ai_drafted: false }])
        }
      />
    </div>
  );
}
