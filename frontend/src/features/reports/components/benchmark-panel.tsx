import { reassess } from '@shared/messages/reassess';
import { useBenchmark } from '../api/get-benchmark';
import { DimensionTable } from './dimension-table';

const t = reassess.benchmark;

/** The report's dimension scores against its sector's Final reports (step 5): quartiles only, nothing below 5 other clients. */
export function BenchmarkPanel({ reportId }: { reportId: string | undefined }) {
  const query = useBenchmark(reportId);
  if (!reportId) return null;
  return (
    <section aria-labelledby="benchmark-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4" data-testid="benchmark-panel">
      <h3 id="benchmark-heading" className="font-semibold text-slate-900">
        {t.title}
      </h3>
      {query.isPending ? (
        <p role="status" className="text-sm text-slate-600">{t.loading}</p>
      ) : query.isError ? (
        <p role="alert" className="text-sm text-red-700">{t.loadFailed}</p>
      ) : !query.data.sector ? (
        <p className="text-sm text-slate-600">{t.noSector}</p>
      ) : !query.data.available ? (
        <p className="text-sm text-slate-600">{t.hidden}</p>
      ) : (
        <>
          <p className="text-sm text-slate-600">{t.scope(query.data.sector, query.data.geography, query.data.count)}</p>
          <DimensionTable
            label={t.title}
            columns={[t.dimension, t.score, t.q1, t.median, t.q3]}
            rows={query.data.dimensions.map((d) => ({ dimension: d.dimension, cells: [{ value: d.score ?? t.notScored }, { value: d.q1 }, { value: d.median }, { value: d.q3 }] }))}
            rowTestId="benchmark-row"
            compact
          />
        </>
      )}
    </section>
  );
}
