import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { mentionQueryAt } from '@shared/domain/mentions';
import { collaboration } from '@shared/messages/collaboration';
import type { StaffMember } from '@shared/schemas/teams';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import { useDebounced } from '@/lib/use-debounced';
import { useStaffSearch } from '../api/search-staff';

const t = collaboration.comments;

/**
 * A comment box with an @mention autocomplete (GET /api/staff?q=): typing `@` and a few letters lists staff;
 * ArrowDown/ArrowUp choose, Enter or Tab inserts `@username`, Escape closes the list.
 */
export function MentionTextarea({
  value,
  onChange,
  label,
  placeholder,
  maxLength,
  onSubmit,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder: string;
  maxLength: number;
  onSubmit: () => void;
  testId?: string;
}) {
  const id = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const query = mentionQueryAt(value, caret);
  const q = useDebounced(query && query.query.length >= 1 ? query.query : null, 150);
  const search = useStaffSearch(q);
  const matches: StaffMember[] = query && q && dismissed !== `${query.start}:${query.query}` ? (search.data?.items ?? []) : [];
  const showList = Boolean(query && q && dismissed !== `${query.start}:${query.query}` && search.data);
  const listId = `${id}-mentions`;

  function pick(member: StaffMember) {
    if (!query) return;
    const before = value.slice(0, query.start);
    const after = value.slice(caret);
    const inserted = `@${member.username} `;
    const next = `${before}${inserted}${after}`;
    onChange(next);
    const at = before.length + inserted.length;
    setCaret(at);
    requestAnimationFrame(() => ref.current?.setSelectionRange(at, at));
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (showList && matches.length) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        setActive((i) => (i + (e.key === 'ArrowDown' ? 1 : matches.length - 1)) % matches.length);
        return;
      }
      if (e.key === 'Enter' || e.key === 'Tab') {
        e.preventDefault();
        pick(matches[Math.min(active, matches.length - 1)]!);
        return;
      }
    }
    if (showList && e.key === 'Escape' && query) {
      e.preventDefault();
      e.stopPropagation();
      setDismissed(`${query.start}:${query.query}`);
      return;
    }
    if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) {
      e.preventDefault();
      onSubmit();
    }
  }

  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Textarea
        ref={ref}
        id={id}
        value={value}
        placeholder={placeholder}
        data-testid={testId}
        className="min-h-20"
        aria-autocomplete="list"
        aria-controls={showList ? listId : undefined}
        aria-activedescendant={showList && matches.length ? `${listId}-${Math.min(active, matches.length - 1)}` : undefined}
        onChange={(e) => {
          onChange(e.target.value.slice(0, maxLength));
          setCaret(e.target.selectionStart);
          setActive(0);
        }}
        onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
        onKeyDown={onKeyDown}
      />
      {showList ? (
        <ul id={listId} role="listbox" aria-label={t.mentionsLabel} className="absolute left-0 right-0 top-full z-50 mt-1 max-h-56 overflow-y-auto rounded-md border border-slate-200 bg-white p-1 shadow-lg">
          {matches.length === 0 ? (
            <li role="option" aria-selected={false} aria-disabled className="px-3 py-2 text-sm text-slate-600">
              {t.mentionNone}
            </li>
          ) : (
            matches.map((m, i) => (
              <li
                key={m.username}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                data-testid="mention-option"
                onMouseDown={(e) => {
                  e.preventDefault();
                  pick(m);
                }}
                className={cn('cursor-pointer rounded px-3 py-1.5 text-sm', i === active ? 'bg-sky-100 text-sky-900' : 'text-slate-800 hover:bg-slate-100')}
              >
                <span className="font-medium">{m.name}</span> <span className="text-slate-600">@{m.username}</span>
              </li>
            ))
          )}
        </ul>
      ) : null}
      <p className="mt-1 text-right text-xs text-slate-600" aria-live="off">
        {t.counter([...value].length, maxLength)}
      </p>
    </div>
  );
}
