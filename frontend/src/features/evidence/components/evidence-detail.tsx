import { useState } from 'react';
import { evidenceTexts } from '@shared/messages/evidence';
import { Badge } from '@/components/ui/badge';
import { Dialog } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useEvidenceItem } from '../api/get-evidence';
import { highlightSegments } from '../lib/highlight';
import { DataTab } from './data-tab';
import { RelevanceBadge } from './evidence-card';

const t = evidenceTexts;

type Tab = 'text' | 'data';

/** The tabs of an item read as data: its text, and its tables (the Data tab). */
function Tabs({ tab, onChange }: { tab: Tab; onChange: (tab: Tab) => void }) {
  return (
    <div role="tablist" aria-label={t.extractedText} className="flex gap-1 border-b border-slate-200">
      {(['text', 'data'] as const).map((key) => (
        <button
          key={key}
          type="button"
          role="tab"
          id={`evidence-tab-${key}`}
          aria-selected={tab === key}
          aria-controls={`evidence-panel-${key}`}
          className={`-mb-px border-b-2 px-3 py-1.5 text-sm ${tab === key ? 'border-slate-900 font-semibold text-slate-900' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
          onClick={() => onChange(key)}
        >
          {t.tabs[key]}
        </button>
      ))}
    </div>
  );
}

/** One item's extracted text, with its key insights highlighted where they occur; a workbook's tables in its Data tab. */
export function EvidenceDetail({ reportRef, id, onClose }: { reportRef: string; id: string | null; onClose: () => void }) {
  const query = useEvidenceItem(reportRef, id);
  const item = query.data;
  const [tab, setTab] = useState<Tab>('text');
  const hasData = Boolean(item?.data?.tables);
  return (
    <Dialog open={id !== null} onOpenChange={(open) => !open && onClose()} title={item?.title ?? t.extractedText} className="max-w-4xl">
      {!item ? (
        <div className="space-y-2" aria-busy="true">
          <Skeleton className="h-6 w-1/3" />
          <Skeleton className="h-40" />
        </div>
      ) : (
        <div className="space-y-4">
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <RelevanceBadge score={item.relevanceScore} />
            {item.business_dimensions.map((d) => (
              <Badge key={d} tone="primary">
                {d}
              </Badge>
            ))}
          </div>
          {hasData && <Tabs tab={tab} onChange={setTab} />}
          {hasData && tab === 'data' && id ? (
            <div role="tabpanel" id="evidence-panel-data" aria-labelledby="evidence-tab-data">
              <DataTab reportRef={reportRef} id={id} />
            </div>
          ) : null}
          {(!hasData || tab === 'text') && (
            <div role={hasData ? 'tabpanel' : undefined} id={hasData ? 'evidence-panel-text' : undefined} aria-labelledby={hasData ? 'evidence-tab-text' : undefined} className="space-y-4">
              {item.aiInsights.length > 0 && (
                <section>
                  <h3 className="text-sm font-semibold">{t.insights}</h3>
                  <ol className="mt-1 list-decimal space-y-1 pl-5 text-sm">
                    {item.aiInsights.map((i) => (
                      <li key={`${i.start}-${i.end}`}>
                        {i.text} <span className="text-xs text-slate-500">({i.dimension})</span>
                      </li>
                    ))}
                  </ol>
                </section>
              )}
              <section>
                <h3 className="text-sm font-semibold">{t.extractedText}</h3>
                {item.textContent ? (
                  <div className="mt-1 max-h-[50vh] overflow-y-auto whitespace-pre-wrap rounded-md border border-slate-200 bg-slate-50 p-3 text-sm leading-relaxed" data-testid="evidence-text">
                    {highlightSegments(item.textContent, item.aiInsights).map((s, i) =>
                      s.mark ? (
                        <mark key={i} className="rounded bg-yellow-200 px-0.5">
                          {s.text}
                        </mark>
                      ) : (
                        <span key={i}>{s.text}</span>
                      ),
                    )}
                  </div>
                ) : (
                  <p className="mt-1 text-sm text-slate-500">{item.reason ?? t.noText}</p>
                )}
              </section>
            </div>
          )}
        </div>
      )}
    </Dialog>
  );
}
