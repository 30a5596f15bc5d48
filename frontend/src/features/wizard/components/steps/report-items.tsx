/**
 * Building blocks of steps 5–9: an item card with its keyboard-reachable controls (move up, move down,
 * remove) and its AI mark, the citations field, multi-select checkboxes of related items, and list helpers.
 */
import { ArrowDown, ArrowUp, Plus, Quote, Sparkles, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { reportTexts } from '@shared/messages/sections';
import type { Citation } from '@shared/schemas/report-document';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CitationChips, CitationPicker } from '@/features/sections';
import type { CommentStep } from '@shared/schemas/comments';
import { CommentButton } from '@/features/comments';

const t = reportTexts;

/** A new item's id (ids of drafted items are hashes; a person's are random). */
export const newItemId = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 12)}`;

export function moveItem<T>(list: readonly T[], index: number, delta: number): T[] {
  const to = index + delta;
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(to, 0, item!);
  return next;
}

export const replaceAt = <T,>(list: readonly T[], index: number, item: T): T[] => list.map((x, i) => (i === index ? item : x));
export const removeAt = <T,>(list: readonly T[], index: number): T[] => list.filter((_, i) => i !== index);

/** An edit by a person: the item is no longer an AI draft. */
export const edited = <T extends { ai_drafted: boolean }>(item: T, patch: Partial<T>): T => ({ ...item, ...patch, ai_drafted: false });

export function ItemCard({
  id,
  label,
  aiDrafted,
  index,
  count,
  onMove,
  onRemove,
  comments,
  children,
}: {
  id: string;
  label: string;
  /** the item takes comments: its step, and its text (to find quoted ranges again) */
  comments?: { step: CommentStep; text?: string };
  aiDrafted: boolean;
  index: number;
  count: number;
  onMove: (delta: number) => void;
  onRemove: () => void;
  children: ReactNode;
}) {
  return (
    <li id={`item-${id}`} tabIndex={-1} className="rounded-lg border border-slate-200 bg-white p-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-600" data-testid="report-item" aria-label={label}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <span className="text-sm font-semibold text-slate-800">{label}</span>
          {aiDrafted && (
            <Badge tone="primary" title={t.aiDraftedHint}>
              <Sparkles className="mr-1 h-3 w-3" aria-hidden /> {t.aiDrafted}
            </Badge>
          )}
        </div>
        <div className="flex items-center gap-1">
          {comments ? <CommentButton step={comments.step} item={id} what={label} text={comments.text} /> : null}
          <Button size="icon" variant="ghost" aria-label={`${t.moveUp}: ${label}`} disabled={index === 0} onClick={() => onMove(-1)}>
            <ArrowUp className="h-4 w-4" aria-hidden />
          </Button>
          <Button size="icon" variant="ghost" aria-label={`${t.moveDown}: ${label}`} disabled={index === count - 1} onClick={() => onMove(1)}>
            <ArrowDown className="h-4 w-4" aria-hidden />
          </Button>
          <Button size="icon" variant="ghost" aria-label={`${t.remove}: ${label}`} onClick={onRemove}>
            <Trash2 className="h-4 w-4" aria-hidden />
          </Button>
        </div>
      </div>
      <div className="space-y-3">{children}</div>
    </li>
  );
}

/** The citations of an item: numbered chips that open their passage, and a way to add one. */
export function CitationsField({ reportRef, citations, onChange }: { reportRef: string; citations: readonly Citation[]; onChange: (c: Citation[]) => void }) {
  const [picking, setPicking] = useState(false);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="text-xs font-medium text-slate-600">{t.citations.cite}:</span>
      <CitationChips citations={citations} onRemove={(id) => onChange(citations.filter((c) => c.id !== id))} />
      <Button size="sm" variant="outline" onClick={() => setPicking(true)}>
        <Quote className="h-3.5 w-3.5" aria-hidden /> {t.citations.add}
      </Button>
      <CitationPicker
        open={picking}
        onOpenChange={setPicking}
        reportRef={reportRef}
        onPick={(c) => onChange(citations.some((x) => x.evidence_id === c.evidence_id && x.start === c.start && x.end === c.end) ? [...citations] : [...citations, c])}
      />
    </div>
  );
}

/** Checkboxes over related items (findings a SWOT item rests on, what a recommendation addresses). */
export function LinkPicker({ legend, options, value, onChange }: { legend: string; options: readonly { id: string; label: string }[]; value: readonly string[]; onChange: (ids: string[]) => void }) {
  return (
    <fieldset className="space-y-1">
      <legend className="text-xs font-medium text-slate-600">{legend}</legend>
      {options.length === 0 ? (
        <p className="text-xs text-slate-500">—</p>
      ) : (
        <div className="flex max-h-40 flex-col gap-1 overflow-y-auto">
          {options.map((o) => (
            <label key={o.id} className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-1"
                checked={value.includes(o.id)}
                onChange={(e) => onChange(e.target.checked ? [...value, o.id] : value.filter((v) => v !== o.id))}
              />
              <span>{o.label}</span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}

export function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button variant="outline" onClick={onClick}>
      <Plus className="h-4 w-4" aria-hidden /> {label}
    </Button>
  );
}
