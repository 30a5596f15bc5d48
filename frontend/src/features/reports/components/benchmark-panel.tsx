import { reassess } from '@shared/messages/reassess';
import { useBenchmark } from '../api/get-benchmark';

const t = reassess.benchmark;

/** The report's dimension scores against its sector's Final reports (step 5): quartiles only, nothing below 5 peers. */
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
        <p className="text-sm text-slate-600">{t.hidden(query.data.count)}</p>
      ) : (
        <>
          <p className="text-sm text-slate-600">{t.scope(query.data.sector, query.data.geography, query.data.count)}</p>
          <table className="w-full text-left text-sm" aria-label={t.title}>
            <thead className="text-slate-600">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">{t.dimension}</th>
                <th scope="col" className="py-1 pr-3 font-medium">{t.score}</th>
                <th scope="col" className="py-1 pr-3 font-medium">{t.q1}</th>
                <th scope="col" className="py-1 pr-3 font-medium">{t.median}</th>
                <th scope="col" className="py-1 font-medium">{t.q3}</th>
              </tr>
            </thead>
            <tbody>
              {query.data.dimensions.map((d) => (
                <tr key={d.dimension} className="border-t border-slate-200" data-testid="benchmark-row">
                  <th scope="row" className="py-1 pr-3 font-medium text-slate-900">{d.dimension}</th>
                  <td className="py-1 pr-3">{d.score ?? t.notScored}</td>
                  <td className="py-1 pr-3">{d.q1}</td>
                  <td className="py-1 pr-3">{d.median}</td>
                  <td className="py-1">{d.q3}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
