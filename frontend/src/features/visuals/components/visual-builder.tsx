/**
 * The builder: a chart type, the report data it draws (or the chart's own datasheet), title, caption, colours
 * (the report's brand unless chosen), axis labels, sort order, number format, and a live preview drawn exactly
 * as the exports will draw it, with the datasheet under it (editable, or read-only with "Unlink to edit" for a
 * chart bound to report data). Keyboard only works throughout (native controls, a Radix dialog).
 */
import { useDeferredValue, useId, useMemo, useState, type ReactNode } from 'react';
import { cellProblems } from '@shared/domain/report/cells';
import { bindChartData, bridgeableMetrics, bridgeChoices, chartCurrency, metricNames, type ChartSource } from '@shared/domain/report/chart-data';
import { currencySymbol } from '@shared/domain/report/chart-format';
import { chartPalette, type ChartBrand } from '@shared/domain/report/chart-option';
import { sheetOf, tableBindingOf } from '@shared/domain/report/datasheet';
import { shellCommon } from '@shared/messages/shell';
import { visualsTexts } from '@shared/messages/visuals';
import { DEFAULT_PHASES } from '@shared/schemas/report-document';
import {
  BINDINGS_FOR_TYPE,
  EVIDENCE_GROUPINGS,
  EVIDENCE_MEASURES,
  MAX_DECIMALS,
  NUMBER_FORMATS,
  NUMBER_SCALES,
  SORT_ORDERS,
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
import { defaultBinding, type VisualDraft } from '../lib/draft';
import { Datasheet, LinkedDatasheet } from './datasheet';
import { LazyVisualChart } from './lazy-chart';
import { WorkbookRangeFields } from './workbook-range';

const t = visualsTexts;
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

function IdChecks({
  legend,
  help = b.allItems,
  items,
  chosen,
  onChange,
}: {
  legend: string;
  help?: string;
  items: { id: string; label: string }[];
  chosen: string[];
  onChange: (ids: string[]) => void;
}) {
  return (
    <fieldset className="space-y-1">
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <p className="text-xs text-slate-600">{help}</p>
      <div className="max-h-32 space-y-1 overflow-y-auto rounded-md border border-slate-200 p-2">
        {items.map((i) => (
          <Check key={i.id} label={i.label} checked={chosen.includes(i.id)} onChange={(on) => onChange(on ? [...chosen, i.id] : chosen.filter((x) => x !== i.id))} />
        ))}
      </div>
    </fieldset>
  );
}

function BindingFields({
  reportId,
  draft,
  source,
  type,
  set,
}: {
  reportId: string;
  draft: VisualDraft;
  source: ChartSource;
  type: VisualType;
  set: (d: Partial<VisualDraft>) => void;
}) {
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
    case 'metric-bridge': {
      const choices = bridgeChoices(source.data, binding.metric);
      const metrics = bridgeableMetrics(source.data);
      const named = binding.metric.trim();
      const metricOptions = [{ value: '', label: b.bridgeFirstMetric }, ...[...metrics, ...(named && !metrics.some((n) => n.toLowerCase() === named.toLowerCase()) ? [named] : [])].map((n) => ({ value: n, label: n }))];
      return (
        <div className="space-y-3">
          <Field label={b.bridgeMetric} htmlFor={`${id}-bridge-metric`}>
            <Select
              id={`${id}-bridge-metric`}
              value={binding.metric}
              options={metricOptions}
              onChange={(e) => setBinding({ source: 'metric-bridge', metric: e.target.value, drivers: bridgeChoices(source.data, e.target.value).suggested })}
            />
          </Field>
          <div className="grid grid-cols-2 gap-3">
            <Field label={b.bridgeFrom} htmlFor={`${id}-bridge-from`}>
              <Select
                id={`${id}-bridge-from`}
                value={binding.from ?? ''}
                options={[{ value: '', label: b.bridgeFirst }, ...choices.points.map((p) => ({ value: p.id, label: p.label }))]}
                onChange={(e) => setBinding({ ...binding, from: e.target.value || undefined })}
              />
            </Field>
            <Field label={b.bridgeTo} htmlFor={`${id}-bridge-to`}>
              <Select
                id={`${id}-bridge-to`}
                value={binding.to ?? ''}
                options={[{ value: '', label: b.bridgeLast }, ...choices.points.map((p) => ({ value: p.id, label: p.label }))]}
                onChange={(e) => setBinding({ ...binding, to: e.target.value || undefined })}
              />
            </Field>
          </div>
          {choices.drivers.length ? (
            <IdChecks legend={b.bridgeDrivers} help={b.bridgeDriversHelp} items={choices.drivers} chosen={binding.drivers} onChange={(ids) => setBinding({ ...binding, drivers: ids })} />
          ) : (
            <p className="text-xs text-slate-600">{b.bridgeNoDrivers}</p>
          )}
        </div>
      );
    }
    case 'table':
      return <p className="text-xs text-slate-600">{b.tableHint}</p>;
    case 'data-table':
      return (
        <WorkbookRangeFields
          reportId={reportId}
          binding={binding}
          type={type}
          onChange={(c) => set({ binding: c.binding, table_data: c.table_data, ...(c.type ? { type: c.type } : {}) })}
        />
      );
  }
}

/** A binding of `source` for a new choice: a bridge starts with the drivers the evidence gives. */
const startBinding = (source: BindingSource, chartSource: ChartSource | undefined): Binding => defaultBinding(source, chartSource?.data);

export function VisualBuilder({
  reportId,
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
  reportId: string;
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

  const wholeOnly = (type: VisualType) => type === 'pie' || type === 'stacked' || type === 'stacked-100' || type === 'mekko';
  const changeType = (type: VisualType) => {
    const allowed = BINDINGS_FOR_TYPE[type];
    const keep = allowed.includes(draft.binding.source) && !(wholeOnly(type) && draft.binding.source === 'evidence' && draft.binding.measure !== 'count');
    set({ type, binding: keep ? draft.binding : startBinding(allowed[0]!, source), ...(keep ? {} : { table_data: undefined }) });
  };
  const badCells = draft.binding.source === 'table' ? cellProblems(draft.type, draft.binding, 1).length > 0 : false;
  const noRange = draft.binding.source === 'data-table' && (!draft.binding.rows.length || !draft.binding.columns.length);
  const [rangeToChoose, setRangeToChoose] = useState(false);
  const [cellsToFix, setCellsToFix] = useState(false);
  const currency = source ? chartCurrency(source.data) : 'USD';
  const numberFormats = NUMBER_FORMATS.map((f) => ({ value: f, label: f === 'currency' ? b.numberFormats.currency(currencySymbol(currency)) : b.numberFormats[f] }));
  const sheet = useMemo(() => (data ? sheetOf(deferred, data) : undefined), [deferred, data]);

  const save = () => {
    if (!draft.title.trim()) {
      setTitleMissing(true);
      document.getElementById(`${id}-title`)?.focus();
      return;
    }
    if (noRange) {
      setRangeToChoose(true);
      return;
    }
    setRangeToChoose(false);
    if (badCells) {
      // the server refuses text in number cells too; say it here, where the cells are marked
      setCellsToFix(true);
      document.querySelector<HTMLInputElement>('[data-testid="datasheet-cell"][aria-invalid="true"]')?.focus();
      return;
    }
    setCellsToFix(false);
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
              onChange={(e) => set({ binding: startBinding(e.target.value as BindingSource, source), table_data: undefined })}
            />
          </Field>
          {source && <BindingFields reportId={reportId} draft={draft} source={source} type={draft.type} set={set} />}
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
          {draft.type !== 'table' && draft.type !== 'gantt' && (
            <div className="grid grid-cols-3 gap-3">
              <Field label={b.numberFormat} htmlFor={`${id}-format`}>
                <Select id={`${id}-format`} value={draft.options.number_format} options={numberFormats} onChange={(e) => setOptions({ number_format: e.target.value as typeof draft.options.number_format })} />
              </Field>
              <Field label={b.decimals} htmlFor={`${id}-decimals`}>
                <Select
                  id={`${id}-decimals`}
                  value={draft.options.decimals === null ? '' : String(draft.options.decimals)}
                  options={[{ value: '', label: b.autoDecimals }, ...Array.from({ length: MAX_DECIMALS + 1 }, (_, d) => ({ value: String(d), label: String(d) }))]}
                  onChange={(e) => setOptions({ decimals: e.target.value === '' ? null : Number(e.target.value) })}
                />
              </Field>
              <Field label={b.scale} htmlFor={`${id}-scale`}>
                <Select
                  id={`${id}-scale`}
                  value={draft.options.scale}
                  disabled={draft.options.number_format === 'percent'}
                  options={NUMBER_SCALES.map((sc) => ({ value: sc, label: b.scales[sc] }))}
                  onChange={(e) => setOptions({ scale: e.target.value as typeof draft.options.scale })}
                />
              </Field>
            </div>
          )}
          {draft.type !== 'table' && (
            <div className="space-y-1">
              <Check label={b.showValues} checked={draft.options.show_values} onChange={(v) => setOptions({ show_values: v })} />
              <Check label={b.showLegend} checked={draft.options.show_legend} onChange={(v) => setOptions({ show_legend: v })} />
            </div>
          )}
          <Field label={b.status} htmlFor={`${id}-status`}>
            <Select id={`${id}-status`} value={draft.status} options={VISUAL_STATUSES.map((s) => ({ value: s, label: t.statuses[s] }))} onChange={(e) => set({ status: e.target.value as typeof draft.status })} />
          </Field>
          {rangeToChoose && noRange && (
            <p role="alert" className="text-sm text-red-700">
              {t.workbookRange.chooseRange}
            </p>
          )}
          {cellsToFix && badCells && (
            <p role="alert" className="text-sm text-red-700">
              {b.cellsToFix}
            </p>
          )}
          <div className="flex gap-2">
            <Button type="submit" disabled={saving}>
              {saving ? b.saving : b.save}
            </Button>
            <Button type="button" variant="outline" onClick={onClose}>
              {b.cancel}
            </Button>
          </div>
        </div>
        <div className="min-w-0 space-y-4">
          <section aria-label={b.preview} className="space-y-2" data-testid="builder-preview">
            <h3 className="text-sm font-semibold text-slate-700">{b.preview}</h3>
            {data ? (
              <LazyVisualChart visual={{ ...deferred, title: deferred.title || t.types[deferred.type] }} data={data} brand={brand} height={380} showCaption />
            ) : (
              <div role="status" className="flex h-[380px] items-center justify-center rounded-md bg-slate-50 text-sm text-slate-600">
                {shellCommon.loading}
              </div>
            )}
          </section>
          {draft.binding.source === 'table' ? (
            <Datasheet type={draft.type} title={draft.title || t.types[draft.type]} sheet={draft.binding} onChange={(next) => set({ binding: tableBindingOf(next) })} />
          ) : (
            sheet && (
              <LinkedDatasheet
                sheet={sheet}
                title={draft.title || t.types[draft.type]}
                linkedTo={b.sources[draft.binding.source]}
                onUnlink={() => set({ binding: tableBindingOf(sheet), table_data: undefined })}
              />
            )
          )}
        </div>
      </form>
    </Dialog>
  );
}
