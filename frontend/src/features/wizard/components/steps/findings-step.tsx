import { useId } from 'react';
import { DIMENSIONS } from '@shared/schemas/analysis';
import { IMPACTS, type DimensionScore, type Finding, type FindingsData } from '@shared/schemas/report-document';
import { itemLabels } from '@shared/domain/report/labels';
import { evidenceTexts } from '@shared/messages/evidence';
import { reportTexts } from '@shared/messages/sections';
import { isPlaceholder } from '@shared/domain/placeholder';
import { BenchmarkPanel } from '@/features/reports';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import type { WizardData } from '../../lib/types';
import { AddButton, CitationsField, edited, ItemCard, moveItem, newItemId, removeAt, replaceAt } from './report-items';

const t = reportTexts.findings;
const empty: FindingsData = { dimensions: [], findings: [] };

function ScoreRow({ score, onChange }: { score: DimensionScore; onChange: (s: DimensionScore) => void }) {
  const id = useId();
  const adjusted = score.computed_score !== null && score.computed_score !== score.score;
  return (
    <li className="rounded-lg border border-slate-200 p-3" data-testid="dimension-score" data-dimension={score.dimension}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span className="font-medium">{score.dimension}</span>
        <div className="flex items-center gap-3">
          <Label htmlFor={`${id}-score`} className="sr-only">
            {`${score.dimension} score`}
          </Label>
          <div className="w-20 shrink-0">
            <Input
              id={`${id}-score`}
              type="number"
              min={0}
              max={100}
              className="h-8"
              disabled={score.out_of_scope}
              value={score.score}
              onChange={(e) => onChange({ ...score, score: Math.max(0, Math.min(100, Math.round(Number(e.target.value) || 0))) })}
            />
          </div>
          <span className="text-sm text-slate-500">/ 100</span>
          <label className="flex items-center gap-1.5 whitespace-nowrap text-sm">
            <input type="checkbox" checked={score.out_of_scope} onChange={(e) => onChange({ ...score, out_of_scope: e.target.checked })} />
            {t.outOfScope}
          </label>
        </div>
      </div>
      <div className="mt-2 h-2 rounded-full bg-slate-100" aria-hidden>
        <div className="h-2 rounded-full bg-slate-700" style={{ width: `${score.out_of_scope ? 0 : score.score}%` }} />
      </div>
      {adjusted && (
        <div className="mt-2 space-y-1">
          <Label htmlFor={`${id}-note`}>{t.adjustNote}</Label>
          <Input id={`${id}-note`} value={score.note} onChange={(e) => onChange({ ...score, note: e.target.value })} />
        </div>
      )}
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-slate-700">
          {t.howReached}
          {score.computed_score !== null ? ` (${score.computed_score}/100)` : ''}
        </summary>
        <p className="mt-1 text-xs text-slate-500">{t.scoreHelp}</p>
        {score.basis.length === 0 ? (
          <p className="mt-1 text-slate-500">{t.noBasis}</p>
        ) : (
          <table className="mt-1 w-full text-left text-xs">
            <thead>
              <tr>
                <th className="py-1 font-medium">{reportTexts.citations.evidence}</th>
                <th className="py-1 text-right font-medium">{evidenceTexts.relevance}</th>
                <th className="py-1 text-right font-medium">{score.dimension}</th>
              </tr>
            </thead>
            <tbody>
              {score.basis.map((b) => (
                <tr key={b.evidence_id} className="border-t border-slate-100">
                  <td className="py-1">{b.title}</td>
                  <td className="py-1 text-right">{Math.round(b.relevance * 100)}%</td>
                  <td className="py-1 text-right">{Math.round(b.dimension_score * 100)}%</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </details>
    </li>
  );
}

function FindingCard({ finding, index, count, label, reportRef, onChange, onMove, onRemove }: { finding: Finding; index: number; count: number; label: string; reportRef: string; onChange: (f: Finding) => void; onMove: (d: number) => void; onRemove: () => void }) {
  const id = useId();
  const set = (patch: Partial<Finding>) => onChange(edited(finding, patch));
  return (
    <ItemCard id={finding.id} label={label} aiDrafted={finding.ai_drafted} index={index} count={count} onMove={onMove} onRemove={onRemove} comments={{ step: 'findings', text: finding.statement }}>
      <div className="space-y-1">
        <Label htmlFor={`${id}-statement`}>{`${t.statement} ${label}`}</Label>
        <Textarea id={`${id}-statement`} className="min-h-16" value={finding.statement} onChange={(e) => set({ statement: e.target.value })} />
      </div>
      <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
        <div className="space-y-1">
          <Label htmlFor={`${id}-dimension`}>{t.dimension}</Label>
          <Select id={`${id}-dimension`} value={finding.dimension} options={DIMENSIONS.map((d) => ({ value: d, label: d }))} onChange={(e) => set({ dimension: e.target.value as Finding['dimension'] })} />
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-impact`}>{t.impact}</Label>
          <Select id={`${id}-impact`} value={finding.impact} options={IMPACTS.map((i) => ({ value: i, label: t.impacts[i] }))} onChange={(e) => set({ impact: e.target.value as Finding['impact'] })} />
        </div>
      </div>
      {finding.metric ? (
        <fieldset className="grid grid-cols-2 gap-2 rounded-md border border-slate-200 p-2 md:grid-cols-5">
          <legend className="px-1 text-xs font-medium text-slate-600">{t.metric}</legend>
          <div className="space-y-1 md:col-span-2">
            <Label htmlFor={`${id}-mname`}>{t.metricName}</Label>
            <Input id={`${id}-mname`} value={finding.metric.name} onChange={(e) => set({ metric: { ...finding.metric!, name: e.target.value } })} />
          </div>
          <div className="space-y-1">
            <Label htmlFor={`${id}-mvalue`}>{t.metricValue}</Label>
            <Input id={`${id}-mvalue`} type="number" value={Number.isFinite(finding.metric.value) ? finding.metric.value : 0} onChange={(e) => set({ metric: { ...finding.metric!, value: Number(e.target.value) || 0 } })} />
          </div>
          <div className="space-y-1">
            <Label htmlFor={`${id}-munit`}>{t.metricUnit}</Label>
            <Input id={`${id}-munit`} value={finding.metric.unit} onChange={(e) => set({ metric: { ...finding.metric!, unit: e.target.value } })} />
          </div>
          <div className="space-y-1">
            <Label htmlFor={`${id}-mperiod`}>{t.metricPeriod}</Label>
            <Input id={`${id}-mperiod`} value={finding.metric.period} onChange={(e) => set({ metric: { ...finding.metric!, period: e.target.value } })} />
          </div>
          <Button size="sm" variant="ghost" className="col-span-2 justify-self-start md:col-span-5" onClick={() => set({ metric: null })}>
            {t.removeMetric}
          </Button>
        </fieldset>
      ) : (
        <Button size="sm" variant="ghost" onClick={() => set({ metric: { name: '', value: 0, unit: '', period: '' } })}>
          {t.addMetric}
        </Button>
      )}
      <CitationsField reportRef={reportRef} citations={finding.citations} onChange={(citations) => set({ citations })} />
    </ItemCard>
  );
}

export function FindingsStep({ data, all, reportRef, onChange }: { data: FindingsData | undefined; all: WizardData; reportRef: string; onChange: (d: FindingsData) => void }) {
  const v = { ...empty, ...data };
  const labels = itemLabels({ ...all, findings: v });
  const scores = DIMENSIONS.map(
    (d) => v.dimensions.find((s) => s.dimension === d) ?? { dimension: d, score: 0, computed_score: null, basis: [], out_of_scope: false, note: '' },
  );
  const setFindings = (findings: Finding[]) => onChange({ ...v, findings });
  const metrics = v.findings.filter((f) => f.metric);
  return (
    <div className="space-y-6">
      <section className="space-y-2" aria-labelledby="scores-title">
        <h3 id="scores-title" className="font-semibold">
          {t.scores}
        </h3>
        <ul className="grid grid-cols-1 gap-2 lg:grid-cols-2">
          {scores.map((s) => (
            <ScoreRow key={s.dimension} score={s} onChange={(next) => onChange({ ...v, dimensions: scores.map((x) => (x.dimension === next.dimension ? next : x)) })} />
          ))}
        </ul>
      </section>
      {/* The scores against the sector's Final reports (quartiles; nothing below 5 peers) */}
      {reportRef && !isPlaceholder(reportRef) ? <BenchmarkPanel reportId={reportRef} /> : null}
      <section className="space-y-2" aria-labelledby="findings-title">
        <h3 id="findings-title" className="font-semibold">
          {t.findings}
        </h3>
        {v.findings.length === 0 && <p className="text-sm text-slate-500">{t.empty}</p>}
        <ol className="space-y-3">
          {v.findings.map((f, i) => (
            <FindingCard
              key={f.id}
              finding={f}
              index={i}
              count={v.findings.length}
              label={labels.findings.get(f.id) ?? `F${i + 1}`}
              reportRef={reportRef}
              onChange={(next) => setFindings(replaceAt(v.findings, i, next))}
              onMove={(delta) => setFindings(moveItem(v.findings, i, delta))}
              onRemove={() => setFindings(removeAt(v.findings, i))}
            />
          ))}
        </ol>
        <AddButton
          label={t.addFinding}
          onClick={() => setFindings([...v.findings, { id: newItemId('f'), statement: '', dimension: 'Financial Performance', impact: 'medium', metric: null, citations: [], ai_drafted: false }])}
        />
      </section>
      <section className="space-y-2" aria-labelledby="metrics-title">
        <h3 id="metrics-title" className="font-semibold">
          {t.metricsTable}
        </h3>
        {metrics.length === 0 ? (
          <p className="text-sm text-slate-500">{t.noMetrics}</p>
        ) : (
          <table className="w-full text-left text-sm" data-testid="metrics-table">
            <thead>
              <tr className="border-b border-slate-200">
                <th className="py-1">{t.metricName}</th>
                <th className="py-1 text-right">{t.metricValue}</th>
                <th className="py-1">{t.metricUnit}</th>
                <th className="py-1">{t.metricPeriod}</th>
                <th className="py-1">{t.statement}</th>
              </tr>
            </thead>
            <tbody>
              {metrics.map((f) => (
                <tr key={f.id} className="border-b border-slate-100">
                  <td className="py-1">{f.metric!.name}</td>
                  <td className="py-1 text-right">{f.metric!.value}</td>
                  <td className="py-1">{f.metric!.unit}</td>
                  <td className="py-1">{f.metric!.period}</td>
                  <td className="py-1">{labels.findings.get(f.id)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
