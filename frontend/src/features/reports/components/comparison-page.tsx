import { Link, useParams } from 'react-router';
import { APP_BASE } from '@shared/constants';
import { formatChange, formatMetricValue } from '@shared/domain/report/comparison';
import { reassess } from '@shared/messages/reassess';
import type { ComparisonResponse } from '@shared/schemas/reports';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { cn } from '@/lib/cn';
import { useComparison } from '../api/get-comparison';
import { DimensionTable } from './dimension-table';

const t = reassess.comparison;

const changeClass = (change: number | null) => (change === null || change === 0 ? 'text-slate-600' : change > 0 ? 'text-emerald-700' : 'text-red-700');

function Scores({ data }: { data: ComparisonResponse }) {
  if (!data.dimensions.length) return <p className="text-sm text-slate-600">{t.noScores}</p>;
  return (
    <DimensionTable
      label={t.scores}
      columns={[t.dimension, t.baseline, t.current, t.change]}
      rows={data.dimensions.map((d) => ({ dimension: d.dimension, cells: [{ value: d.before ?? t.notScored }, { value: d.after ?? t.notScored }, { value: formatChange(d.change), className: cn('font-semibold', changeClass(d.change)) }] }))}
      rowTestId="comparison-score"
    />
  );
}

function FindingList({ title, items }: { title: string; items: { key: string; text: string; dimension: string }[] }) {
  return (
    <section aria-label={title} className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
      <h3 className="font-semibold text-slate-900">
        {title} <span className="text-slate-500">({items.length})</span>
      </h3>
      {items.length ? (
        <ul className="space-y-2 text-sm">
          {items.map((f) => (
            <li key={f.key}>
              <p className="text-slate-900">{f.text}</p>
              <p className="text-xs text-slate-500">{f.dimension}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">{t.noneIn(title)}</p>
      )}
    </section>
  );
}

function ComparisonBody({ data }: { data: ComparisonResponse }) {
  return (
    <div className="space-y-8">
      <section aria-labelledby="cmp-scores" className="space-y-3">
        <h2 id="cmp-scores" className="text-lg font-semibold">{t.scores}</h2>
        <Scores data={data} />
      </section>
      <section aria-labelledby="cmp-findings" className="space-y-3">
        <h2 id="cmp-findings" className="text-lg font-semibold">{t.findings}</h2>
        <div className="grid gap-4 md:grid-cols-3">
          <FindingList title={t.resolved} items={data.findings.resolved.map((f) => ({ key: f.id, text: f.statement, dimension: f.dimension }))} />
          <FindingList title={t.persisting} items={data.findings.persisting.map((p) => ({ key: p.after.id, text: p.after.statement, dimension: p.after.dimension }))} />
          <FindingList title={t.new} items={data.findings.new.map((f) => ({ key: f.id, text: f.statement, dimension: f.dimension }))} />
        </div>
      </section>
      <section aria-labelledby="cmp-recs" className="space-y-3">
        <h2 id="cmp-recs" className="text-lg font-semibold">{t.recommendations}</h2>
        {data.recommendations.length ? (
          <ul className="space-y-1 text-sm">
            {data.recommendations.map((r) => (
              <li key={r.id} className="flex items-center gap-2">
                <span className={cn('rounded px-2 py-0.5 text-xs font-semibold', r.status === 'done' ? 'bg-emerald-100 text-emerald-800' : 'bg-amber-100 text-amber-900')}>
                  {r.status === 'done' ? t.done : t.open}
                </span>
                <span className="text-slate-900">{r.title}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">{t.noRecommendations}</p>
        )}
      </section>
      <section aria-labelledby="cmp-metrics" className="space-y-3">
        <h2 id="cmp-metrics" className="text-lg font-semibold">{t.metrics}</h2>
        {data.metrics.length ? (
          <ul className="space-y-1 text-sm" aria-label={t.metrics}>
            {data.metrics.map((m) => (
              <li key={`${m.name}\u0000${m.unit}`} data-testid="comparison-metric">
                <span className="font-medium text-slate-900">{m.name}</span>: {formatMetricValue(m.before, m.unit)} → {formatMetricValue(m.after, m.unit)}{' '}
                <span className={cn('font-semibold', changeClass(m.change))}>({formatChange(m.change)})</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">{t.noMetrics}</p>
        )}
      </section>
    </div>
  );
}

/** A re-assessment side by side with its baseline. */
export function ComparisonPage() {
  const { id } = useParams();
  const query = useComparison(id);
  return (
    <main className="mx-auto max-w-6xl space-y-6 p-6">
      <PageHeader title={t.title} subtitle={query.data ? `${query.data.baseline.title} → ${query.data.report.title}` : ''}>
        {id ? (
          <Link to={`${APP_BASE}/wizards?report=${id}`} className="text-sm font-medium text-sky-800 underline">
            {t.backToReport}
          </Link>
        ) : null}
      </PageHeader>
      {query.isPending ? (
        <p role="status" className="text-sm text-slate-600">{t.loading}</p>
      ) : query.isError ? (
        <LoadError error={query.error} fallback={t.loadFailed} retryLabel={t.retry} onRetry={() => void query.refetch()} />
      ) : (
        <ComparisonBody data={query.data} />
      )}
    </main>
  );
}
