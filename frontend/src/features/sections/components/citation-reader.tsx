/**
 * Clicking a citation anywhere opens the evidence reader at its passage, highlighted and scrolled into view.
 * The provider holds one reader for the page; `useCitationReader().open(citation)` shows it.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { reportTexts } from '@shared/messages/sections';
import type { Citation } from '@shared/schemas/report-document';
import { Dialog } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { highlightSegments, useEvidenceItem } from '@/features/evidence';

const t = reportTexts.citations;
/** Characters shown on either side of the passage (texts can be megabytes long). */
const WINDOW = 6_000;

type Shown = Pick<Citation, 'evidence_id' | 'start' | 'end' | 'quote'> & { broken?: boolean; source_title?: string };

const ReaderContext = createContext<{ open: (citation: Shown) => void } | null>(null);

export function useCitationReader() {
  const ctx = useContext(ReaderContext);
  if (!ctx) throw new Error('useCitationReader needs a CitationReaderProvider');
  return ctx;
}

function PassageText({ text, citation }: { text: string; citation: Shown }) {
  const mark = useRef<HTMLElement>(null);
  const from = Math.max(0, citation.start - WINDOW);
  const to = Math.min(text.length, citation.end + WINDOW);
  useEffect(() => {
    mark.current?.scrollIntoView({ block: 'center' });
  }, [citation.start, citation.end]);
  const segments = highlightSegments(text.slice(from, to), [{ start: citation.start - from, end: citation.end - from }]);
  return (
    <div className="max-h-[55vh] overflow-y-auto whitespace-pre-wrap rounded-md border border-slate-200 bg-slate-50 p-3 text-sm leading-relaxed" data-testid="evidence-text">
      {from > 0 && <span className="text-slate-400">… </span>}
      {segments.map((s, i) =>
        s.mark ? (
          <mark key={i} ref={mark} className="rounded bg-yellow-200 px-0.5 ring-2 ring-amber-400" data-testid="cited-passage">
            {s.text}
          </mark>
        ) : (
          <span key={i}>{s.text}</span>
        ),
      )}
      {to < text.length && <span className="text-slate-400"> …</span>}
    </div>
  );
}

function ReaderDialog({ reportRef, citation, onClose }: { reportRef: string; citation: Shown | null; onClose: () => void }) {
  const item = useEvidenceItem(reportRef, citation && !citation.broken ? citation.evidence_id : null);
  const title = item.data?.title ?? citation?.source_title ?? t.passage;
  return (
    <Dialog open={citation !== null} onOpenChange={(open) => !open && onClose()} title={title} description={t.passage} className="max-w-4xl">
      {citation?.broken || item.isError ? (
        <div className="space-y-3 text-sm">
          <p className="font-medium text-red-700">{t.sourceDeleted}</p>
          <blockquote className="border-l-4 border-slate-300 pl-3 italic text-slate-700">{citation?.quote}</blockquote>
        </div>
      ) : !item.data || !citation ? (
        <div className="space-y-2" aria-busy="true">
          <Skeleton className="h-6 w-1/3" />
          <Skeleton className="h-40" />
        </div>
      ) : (
        <PassageText text={item.data.textContent ?? ''} citation={citation} />
      )}
    </Dialog>
  );
}

export function CitationReaderProvider({ reportRef, children }: { reportRef: string; children: ReactNode }) {
  const [shown, setShown] = useState<Shown | null>(null);
  const open = useCallback((c: Shown) => setShown(c), []);
  const value = useMemo(() => ({ open }), [open]);
  return (
    <ReaderContext.Provider value={value}>
      {children}
      <ReaderDialog reportRef={reportRef} citation={shown} onClose={() => setShown(null)} />
    </ReaderContext.Provider>
  );
}
