import { useId } from 'react';
import { itemLabels, shorten } from '@shared/domain/report/labels';
import { reportTexts } from '@shared/messages/sections';
import { DEFAULT_PHASES, MAX_MONTH, type Phase, type RoadmapData, type RoadmapItem } from '@shared/schemas/report-document';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import type { WizardData } from '../../lib/types';
import { AddButton, edited, ItemCard, moveItem, newItemId, removeAt, replaceAt } from './report-items';

const t = reportTexts.roadmap;
const month = (v: string) => Math.max(0, Math.min(MAX_MONTH, Math.round(Number(v) || 0)));

function PhaseRow({ phase, index, onChange, onRemove, canRemove }: { phase: Phase; index: number; onChange: (p: Phase) => void; onRemove: () => void; canRemove: boolean }) {
  const id = useId();
  return (
    <li className="grid grid-cols-1 items-end gap-2 md:grid-cols-[1fr_7rem_7rem_auto]">
      <div className="space-y-1">
        <Label htmlFor={`${id}-name`}>{`${t.phaseName} ${index + 1}`}</Label>
        <Input id={`${id}-name`} value={phase.name} onChange={(e) => onChange({ ...phase, name: e.target.value })} />
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-start`}>{t.start}</Label>
        <Input id={`${id}-start`} type="number" min={0} max={MAX_MONTH} value={phase.start_month} onChange={(e) => onChange({ ...phase, start_month: month(e.target.value) })} />
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-end`}>{t.end}</Label>
        <Input id={`${id}-end`} type="number" min={1} max={MAX_MONTH} value={phase.end_month} onChange={(e) => onChange({ ...phase, end_month: month(e.target.value) })} />
      </div>
      <Button variant="ghost" disabled={!canRemove} onClick={onRemove} aria-label={`${reportTexts.remove}: ${phase.name}`}>
        {reportTexts.remove}
      </Button>
    </li>
  );
}

function ItemRow({ item, label, index, count, phases, recommendations, onChange, onMove, onRemove }: {
  item: RoadmapItem;
  label: string;
  index: number;
  count: number;
  phases: Phase[];
  recommendations: { id: string; label: string }[];
  onChange: (i: RoadmapItem) => void;
  onMove: (d: number) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const set = (patch: Partial<RoadmapItem>) => onChange(edited(item, patch));
  return (
    <ItemCard id={item.id} label={label} aiDrafted={item.ai_drafted} index={index} count={count} onMove={onMove} onRemove={onRemove} comments={{ step: 'roadmap', text: item.title }}>
      <div className="space-y-1">
        <Label htmlFor={`${id}-title`}>{`${t.item} ${label}`}</Label>
        <Input id={`${id}-title`} value={item.title} onChange={(e) => set({ title: e.target.value })} />
      </div>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <div className="space-y-1">
          <Label htmlFor={`${id}-phase`}>{t.phase}</Label>
          <Select
            id={`${id}-phase`}
            value={item.phase_id}
            options={phases.map((p) => ({ value: p.id, label: p.name }))}
            onChange={(e) => {
              const phase = phases.find((p) => p.id === e.target.value)!;
              set({ phase_id: phase.id, start_month: phase.start_month, end_month: phase.end_month });
            }}
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-start`}>{t.start}</Label>
          <Input id={`${id}-start`} type="number" min={0} max={MAX_MONTH} value={item.start_month} onChange={(e) => set({ start_month: month(e.target.value) })} />
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-end`}>{t.end}</Label>
          <Input id={`${id}-end`} type="number" min={1} max={MAX_MONTH} value={item.end_month} onChange={(e) => set({ end_month: month(e.target.value) })} />
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-owner`}>{t.owner}</Label>
          <Input id={`${id}-owner`} value={item.owner} onChange={(e) => set({ owner: e.target.value })} />
        </div>
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-rec`}>{t.recommendation}</Label>
        <Select id={`${id}-rec`} value={item.recommendation_id ?? ''} options={[{ value: '', label: t.noRecommendation }, ...recommendations.map((r) => ({ value: r.id, label: r.label }))]} onChange={(e) => set({ recommendation_id: e.target.value || null })} />
      </div>
    </ItemCard>
  );
}

/** The timeline: a bar per action across the months, with a table of the same facts for screen readers. */
function Timeline({ items, phases, labels }: { items: RoadmapItem[]; phases: Phase[]; labels: Map<string, string> }) {
  const end = Math.max(12, ...phases.map((p) => p.end_month), ...items.map((i) => i.end_month));
  const pct = (m: number) => `${(m / end) * 100}%`;
  return (
    <figure className="space-y-2" aria-labelledby="timeline-caption">
      <figcaption id="timeline-caption" className="font-semibold">
        {t.timeline}
      </figcaption>
      <div className="relative space-y-1 rounded-lg border border-slate-200 bg-white p-3" aria-hidden data-testid="roadmap-timeline">
        <div className="relative h-5 text-xs text-slate-500">
          {phases.map((p) => (
            <span key={p.id} className="absolute top-0 truncate border-l border-slate-300 pl-1" style={{ left: pct(p.start_month), width: pct(p.end_month - p.start_month) }}>
              {p.name}
            </span>
          ))}
        </div>
        {items.map((i) => (
          <div key={i.id} className="relative h-6">
            <div className="absolute top-0 flex h-6 items-center truncate rounded bg-slate-700 px-2 text-xs text-white" style={{ left: pct(i.start_month), width: pct(Math.max(0.5, i.end_month - i.start_month)) }} title={i.title}>
              {labels.get(i.id)} {i.title}
            </div>
          </div>
        ))}
      </div>
      <table className="sr-only">
        <thead>
          <tr>
            <th>{t.item}</th>
            <th>{t.start}</th>
            <th>{t.end}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((i) => (
            <tr key={i.id}>
              <td>{i.title}</td>
              <td>{t.month(i.start_month)}</td>
              <td>{t.month(i.end_month)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

export function RoadmapStep({ data, all, onChange }: { data: RoadmapData | undefined; all: WizardData; onChange: (d: RoadmapData) => void }) {
  const v: RoadmapData = { phases: data?.phases?.length ? data.phases : DEFAULT_PHASES, items: data?.items ?? [] };
  const labels = itemLabels({ ...all, roadmap: v });
  const recs = all.recommendations?.items ?? [];
  const recOptions = recs.map((r) => ({ id: r.id, label: `${labels.recommendations.get(r.id)} ${shorten(r.title, 60)}` }));
  const planned = new Set(v.items.map((i) => i.recommendation_id));
  const unplanned = recs.filter((r) => !r.deferred && !planned.has(r.id));
  const setItems = (items: RoadmapItem[]) => onChange({ ...v, items });
  const setPhases = (phases: Phase[]) => onChange({ ...v, phases });
  const first = v.phases[0]!;
  return (
    <div className="space-y-6">
      <section className="space-y-2" aria-labelledby="phases-title">
        <h3 id="phases-title" className="font-semibold">
          {t.phases}
        </h3>
        <ol className="space-y-2">
          {v.phases.map((p, i) => (
            <PhaseRow key={p.id} phase={p} index={i} canRemove={v.phases.length > 1 && !v.items.some((x) => x.phase_id === p.id)} onChange={(next) => setPhases(replaceAt(v.phases, i, next))} onRemove={() => setPhases(removeAt(v.phases, i))} />
          ))}
        </ol>
        <AddButton
          label={t.addPhase}
          onClick={() => {
            const last = v.phases[v.phases.length - 1]!;
            const start = Math.min(MAX_MONTH - 1, last.end_month);
            setPhases([...v.phases, { id: newItemId('phase'), name: `${start}–${Math.min(MAX_MONTH, start + 6)} months`, start_month: start, end_month: Math.min(MAX_MONTH, start + 6) }]);
          }}
        />
      </section>
      {v.items.length > 0 && <Timeline items={v.items} phases={v.phases} labels={labels.roadmap} />}
      {unplanned.length > 0 && (
        <section className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm" aria-labelledby="unplanned-title">
          <h3 id="unplanned-title" className="font-semibold">
            {t.unplanned}
          </h3>
          <ul className="mt-1 list-disc pl-5">
            {unplanned.map((r) => (
              <li key={r.id}>
                {labels.recommendations.get(r.id)} {r.title}
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className="space-y-2" aria-labelledby="actions-title">
        <h3 id="actions-title" className="font-semibold">
          {t.items}
        </h3>
        {v.items.length === 0 && <p className="text-sm text-slate-500">{t.empty}</p>}
        <ol className="space-y-3">
          {v.items.map((item, i) => (
            <ItemRow
              key={item.id}
              item={item}
              label={labels.roadmap.get(item.id) ?? `A${i + 1}`}
              index={i}
              count={v.items.length}
              phases={v.phases}
              recommendations={recOptions}
              onChange={(next) => setItems(replaceAt(v.items, i, next))}
              onMove={(delta) => setItems(moveItem(v.items, i, delta))}
              onRemove={() => setItems(removeAt(v.items, i))}
            />
          ))}
        </ol>
        <AddButton
          label={t.addItem}
          onClick={() => setItems([...v.items, { id: newItemId('a'), title: '', phase_id: first.id, start_month: first.start_month, end_month: first.end_month, owner: '', recommendation_id: unplanned[0]?.id ?? null, ai_drafted: false }])}
        />
      </section>
    </div>
  );
}
