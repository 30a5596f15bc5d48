import { FileText, Globe, MessageSquareQuote, Trash2 } from 'lucide-react';
import { fileSizeKb, relevancePercent, relevanceTone } from '@shared/domain/evidence-display';
import { evidenceTexts } from '@shared/messages/evidence';
import type { EvidenceItem } from '@shared/schemas/evidence';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

const t = evidenceTexts;
const toneClass = { green: 'bg-emerald-100 text-emerald-800', yellow: 'bg-amber-100 text-amber-800', red: 'bg-red-100 text-red-800' } as const;
const statusTone: Record<EvidenceItem['status'], BadgeTone> = { pending: 'neutral', processing: 'primary', analyzed: 'success', no_text: 'warning', failed: 'danger' };
const TypeIcon = { file: FileText, url: Globe, interview: MessageSquareQuote } as const;

export function RelevanceBadge({ score }: { score: number }) {
  const tone = relevanceTone(score);
  return (
    <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', toneClass[tone])} data-tone={tone} title={t.relevance}>
      {relevancePercent(score)}
    </span>
  );
}

export function EvidenceCard({ item, onOpen, onDelete }: { item: EvidenceItem; onOpen: () => void; onDelete: () => void }) {
  const Icon = TypeIcon[item.type];
  return (
    <article className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="evidence-card" aria-label={item.title}>
      <div className="flex items-start gap-3">
        <Icon className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" aria-hidden />
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-semibold" title={item.title}>
            {item.title}
          </h3>
          <p className="truncate text-xs text-slate-500">{item.source}</p>
        </div>
        <RelevanceBadge score={item.relevanceScore} />
      </div>
      <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
        <Badge tone={statusTone[item.status]}>{t.statuses[item.status]}</Badge>
        {item.fileSize !== null && <span>{fileSizeKb(item.fileSize)}</span>}
        {item.tags.map((tag) => (
          <Badge key={tag}>{tag}</Badge>
        ))}
      </div>
      {item.reason && <p className="text-xs text-amber-700">{item.reason}</p>}
      {item.match && <p className="rounded bg-yellow-50 p-2 text-xs text-slate-700">{item.match}</p>}
      {item.linkedDimensions.length > 0 && (
        <div>
          <p className="text-xs font-medium text-slate-600">{t.dimensions}</p>
          <div className="mt-1 flex flex-wrap gap-1">
            {item.linkedDimensions.map((d) => (
              <Badge key={d} tone="primary">
                {d}
              </Badge>
            ))}
          </div>
        </div>
      )}
      {item.aiInsights.length > 0 && (
        <div>
          <p className="text-xs font-medium text-slate-600">{t.insights}</p>
          <ul className="mt-1 list-disc space-y-1 pl-4 text-sm text-slate-700">
            {item.aiInsights.slice(0, 3).map((i) => (
              <li key={`${i.start}-${i.end}`} className="line-clamp-2">
                {i.text}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="mt-auto flex gap-2">
        <Button size="sm" variant="outline" onClick={onOpen}>
          {t.open}
        </Button>
        <Button size="sm" variant="ghost" className="ml-auto text-red-600 hover:bg-red-50" onClick={onDelete} aria-label={`${t.delete} ${item.title}`}>
          <Trash2 className="h-4 w-4" aria-hidden />
        </Button>
      </div>
    </article>
  );
}
