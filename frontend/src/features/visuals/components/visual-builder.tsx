/**
 * The builder: a chart type, the report data it draws (or a typed/pasted table), title, caption, colours
 * (the report's brand unless chosen), axis labels, sort order, and a live preview drawn exactly as the
 * exports will draw it. Keyboard only works throughout (native controls, a Radix dialog).
 */
import { useDeferredValue, useId, useMemo, useState, type ReactNode } from 'react';
import { bindChartData, metricNames, type ChartSource } from '@shared/domain/report/chart-data';
import { chartPalette, type ChartBrand } from '@shared/domain/report/chart-option';
import { parsePastedTable } from '@shared/domain/report/table-paste';
import { messages } from '@shared/messages';
import { DEFAULT_PHASES } from '@shared/schemas/report-document';
import {
  BINDINGS_FOR_TYPE,
  EVIDENCE_GROUPINGS,
  EVIDENCE_MEASURES,
  SORT_ORDERS,
  TABLE_LIMITS,
  VISUAL_STATUSES,
  VISUAL_TYPES,
  type Binding,
  type BindingSource,
  type VisualType,
} from '@shared/schemas/visuals';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input, Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { defaultBinding, type VisualDraft } from '../lib/draft';
import { LazyVisualChart } from './lazy-chart';

const t = messages.visuals;
const b = t.builder;

function Field({ label, htmlFor, children }: { label: string; htmlFor: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
    </div>
  );
}

function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" className="h-4 w-4" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

function IdChecks({ legend, items, chosen, onChange }: { legend: string; items: { id: string; label: string }[]; chosen: string[]; onChange: (ids: string[]) => void }) {
  return (
    <fieldset className="space-y-1">
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <p className="text-xs text-slate-600">{b.allItems}</p>
      <div className="max-h-32 space-y-1 overflow-y-auto rounded-md border border-slate-200 p-2">
        {items.map((i) => (
          <Check key={i.id} label={i.label} checked={chosen.includes(i.id)} onChange={(on) => onChange(on ? [...chosen, i.id] : chosen.filter((x) => x !== i.id))} />
        ))}
      </div>
    </fieldset>
  );
}

function BindingFields({ draft, source, type, set }: { draft: VisualDraft; source: ChartSource; type: VisualType; set: (d: Partial<VisualDraft>) => void }) {
  const id = useId();
  const binding = draft.binding;
  const setBinding = (next: Binding) => set({ binding: next });
  switch (binding.source) {
    case 'dimension-scores':
      return <Check label={b.includeOutOfScope} checked={binding.include_out_of_scope} onChange={(v) => setBinding({ ...binding, include_out_of_scope: v })} />;
    case 'metrics': {
      const names = metricNames(source.data);
      return (
        <Field label={b.metric} htmlFor={`${id}-metric`}>
          <Select
            id={`${id}-metric`}
            value={binding.metric}
            options={[{ value: '', label: b.allMetrics }, ...names.map((n) => ({ value: n, label: n }))]}
            onChange={(e) => setBinding({ ...binding, metric: e.target.value })}
          />
        </Field>
      );
    }
    case 'evidence':
      return (
        <div className="grid grid-cols-2 gap-3">
          <Field label={b.measure} htmlFor={`${id}-measure`}>
            <Select
              id={`${id}-measure`}
              value={binding.measure}
              options={EVIDENCE_MEASURES.filter((m) => type !== 'pie' || m === 'count').map((m) => ({ value: m, label: b.measures[m] }))}
              onChange={(e) => setBinding({ ...binding, measure: e.target.value as typeof binding.measure })}
            />
          </Field>
          <Field label={b.by} htmlFor={`${id}-by`}>
            <Select id={`${id}-by`} value={binding.by} options={EVIDENCE_GROUPINGS.map((g) => ({ value: g, label: b.bys[g] }))} onChange={(e) => setBinding({ ...binding, by: e.target.value as typeof binding.by })} />
          </Field>
        </div>
      );
    case 'roadmap': {
      const phases = source.data.roadmap?.phases ?? DEFAULT_PHASES;
      return <IdChecks legend={b.phases} items={phases.map((p) => ({ id: p.id, label: p.name }))} chosen={binding.phase_ids} onChange={(ids) => setBinding({ ...binding, phase_ids: ids })} />;
    }
    case 'recommendations': {
      const items = source.data.recommendations?.items ?? [];
      return <IdChecks legend={b.recommendations} items={items.map((r) => ({ id: r.id, label: r.title }))} chosen={binding.ids} onChange={(ids) => setBinding({ ...binding, ids })} />;
    }
    case 'table': {
      const parsed = parsePastedTable(draft.tableText);
      return (
        <div className="space-y-1">
          <Label htmlFor={`${id}-table`}>{b.table}</Label>
          <p id={`${id}-table-help`} className="text-xs text-slate-600">
            {b.tableHelp} {b.tableLimits(TABLE_LIMITS.columns, TABLE_LIMITS.rows, TABLE_LIMITS.cellChars)}
          </p>
          <Textarea
            id={`${id}-table`}
            aria-describedby={`${id}-table-help ${id}-table-parsed`}
            rows={6}
            className="font-mono text-xs"
            value={draft.tableText}
            placeholder={'Region\tSales\nNorth\t120\nSouth\t95'}
            onChange={(e) => {
              const text = e.target.value;
              const next = parsePastedTable(text);
              set({ tableText: text, binding: { source: 'table', columns: next.columns.length ? next.columns : ['Label'], rows: next.rows } });
            }}
          />
          <p id={`${id}-table-parsed`} className="text-xs text-slate-600" aria-live="polite">
            {b.tableParsed(parsed.rows.length, parsed.columns.length)}
            {parsed.problems.length ? ` ${parsed.problems.join(' ')}` : ''}
          </p>
        </div>
      );
    }
  }
}

export function VisualBuilder({
  open,
  heading,
  draft,
  onChange,
  source,
  brand,
  saving,
  onSave,
  onClose,
}: {
  open: boolean;
  heading: string;
  draft: VisualDraft;
  onChange: (d: VisualDraft) => void;
  source: ChartSource | undefined;
  brand: ChartBrand | undefined;
  saving: boolean;
  onSave: () => void;
  onClose: () => void;
}) {
  const id = useId();
  const [titleMissing, setTitleMissing] = useState(false);
  const set = (patch: Partial<VisualDraft>) => onChange({ ...draft, ...patch });
  const setOptions = (patch: Partial<VisualDraft['options']>) => set({ options: { ...draft.options, ...patch } });
  const deferred = useDeferredValue(draft);
  const data = useMemo(() => (source ? bindChartData(deferred, source) : undefined), [deferred, source]);
  const seriesCount = Math.max(1, Math.min(6, deferred.type === 'pie' ? (data?.categories.length ?? 1) : deferred.type === 'gantt' ? (data?.groups.length ?? 1) : (data?.series.length ?? 1)));
  const ownColours = draft.options.colors.length > 0;
  const palette = chartPalette({ options: { ...draft.options, colors: [] } }, brand);

  const changeType = (type: VisualType) => {
    const allowed = BINDINGS_FOR_TYPE[type];
    const binding = allowed.includes(draft.binding.source) && !(type === 'pie' && draft.binding.source === 'evidence') ? draft.binding : defaultBinding(allowed[0]!);
    set({ type, binding });
  };

  const save = () => {
    if (!draft.title.trim()) {
      setTitleMissing(true);
      document.getElementById(`${id}-title`)?.focus();
      return;
    }
    onSave();
  };

  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()} title={heading} className="max-w-6xl">
      <form
        className="grid gap-6 lg:grid-cols-[22rem_1fr]"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <div className="space-y-4">
          <Field label={t.chartTypes} htmlFor={`${id}-type`}>
            <Select id={`${id}-type`} value={draft.type} options={VISUAL_TYPES.map((v) => ({ value: v, label: t.types[v] }))} onChange={(e) => changeType(e.target.value as VisualType)} />
          </Field>
          <Field label={b.binding} htmlFor={`${id}-source`}>
            <Select
              id={`${id}-source`}
              value={draft.binding.source}
              options={BINDINGS_FOR_TYPE[draft.type].map((s) => ({ value: s, label: b.sources[s] }))}
              onChange={(e) => set({ binding: defaultBinding(e.target.value as BindingSource) })}
            />
          </Field>
          {source && <BindingFields draft={draft} source={source} type={draft.type} set={set} />}
          <Field label={b.title} htmlFor={`${id}-title`}>
            <Input
              id={`${id}-title`}
              value={draft.title}
              maxLength={200}
              aria-required
              aria-invalid={titleMissing && !draft.title.trim()}
              aria-describedby={titleMissing && !draft.title.trim() ? `${id}-title-error` : undefined}
              onChange={(e) => set({ title: e.target.value })}
            />
            {titleMissing && !draft.title.trim() && (
              <p id={`${id}-title-error`} className="text-sm text-red-700">
                {b.titleRequired}
              </p>
            )}
          </Field>
          <Field label={b.caption} htmlFor={`${id}-caption`}>
            <Input id={`${id}-caption`} value={draft.caption} maxLength={300} onChange={(e) => set({ caption: e.target.value })} />
          </Field>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-700">{b.colors}</legend>
            <Check
              label={b.useBrand}
              checked={!ownColours}
              onChange={(useBrand) => setOptions({ colors: useBrand ? [] : palette.slice(0, seriesCount) })}
            />
            {ownColours && (
              <div className="flex flex-wrap gap-3">
                {draft.options.colors.map((c, i) => (
                  <label key={i} className="flex items-center gap-1 text-xs">
                    <input
                      type="color"
                      value={c}
                      aria-label={b.color(i + 1)}
                      onChange={(e) => setOptions({ colors: draft.options.colors.map((x, j) => (j === i ? e.target.value : x)) })}
                    />
                    {b.color(i + 1)}
                  </label>
                ))}
              </div>
            )}
          </fieldset>
          {draft.type !== 'pie' && draft.type !== 'table' && (
            <div className="grid grid-cols-2 gap-3">
              <Field label={b.xLabel} htmlFor={`${id}-x`}>
                <Input id={`${id}-x`} value={draft.options.x_label} maxLength={80} placeholder={b.axisPlaceholder} onChange={(e) => setOptions({ x_label: e.target.value })} />
              </Field>
              <Field label={b.yLabel} htmlFor={`${id}-y`}>
                <Input id={`${id}-y`} value={draft.options.y_label} maxLength={80} placeholder={b.axisPlaceholder} onChange={(e) => setOptions({ y_label: e.target.value })} />
              </Field>
            </div>
          )}
          <div className="grid grid-cols-2 gap-3">
            <Field label={b.sort} htmlFor={`${id}-sort`}>
              <Select id={`${id}-sort`} value={draft.options.sort} options={SORT_ORDERS.map((s) => ({ value: s, label: b.sorts[s] }))} onChange={(e) => setOptions({ sort: e.target.value as typeof draft.options.sort })} />
            </Field>
            {draft.type === 'bar' && (
              <Field label={b.orientation} htmlFor={`${id}-orientation`}>
                <Select
                  id={`${id}-orientation`}
                  value={draft.options.orientation}
                  options={(['vertical', 'horizontal'] as const).map((o) => ({ value: o, label: b.orientations[o] }))}
                  onChange={(e) => setOptions({ orientation: e.target.value as typeof draft.options.orientation })}
                />
              </Field>
            )}
          </div>
          {draft.type !== 'table' && (
            <div className="space-y-1">
              <Check label={b.showValues} checked={draft.options.show_values} onChange={(v) => setOptions({ show_values: v })} />
              <Check label={b.showLegend} checked={draft.options.show_legend} onChange={(v) => setOptions({ show_legend: v })} />
            </div>
          )}
          <Field label={b.status} htmlFor={`${id}-status`}>
            <Select id={`${id}-status`} value={draft.status} options={VISUAL_STATUSES.map((s) => ({ value: s, label: t.statuses[s] }))} onChange={(e) => set({ status: e.target.value as typeof draft.status })} />
          </Field>
          <div className="flex gap-2">
            <Button type="submit" disabled={saving}>
              {saving ? b.saving : b.save}
            </Button>
            <Button type="button" variant="outline" onClick={onClose}>
              {b.cancel}
            </Button>
          </div>
        </div>
        <section aria-label={b.preview} className="min-w-0 space-y-2" data-testid="builder-preview">
          <h3 className="text-sm font-semibold text-slate-700">{b.preview}</h3>
          {data ? (
            <LazyVisualChart visual={{ ...deferred, title: deferred.title || t.types[deferred.type] }} data={data} brand={brand} height={380} showCaption />
          ) : (
            <div role="status" className="flex h-[380px] items-center justify-center rounded-md bg-slate-50 text-sm text-slate-600">
              {messages.common.loading}
            </div>
          )}
        </section>
      </form>
    </Dialog>
  );
}
