import { Popover } from 'radix-ui';
import { useId, useState, type KeyboardEvent } from 'react';
import type { StaffMember } from '@shared/schemas/teams';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useStaffSearch } from '../api/search-staff';
import { collaboration } from '@shared/messages/collaboration';

const t = collaboration.teams.add;

/**
 * The staff autocomplete (the ARIA 1.2 combobox pattern): a text box whose list of matches opens below it.
 * Up and down move through the matches (and open the list), Enter chooses one, Escape closes the list. The
 * list is a Radix Popover, so it is a layer of its own above the dialog: Escape closes the list, not the
 * dialog around it, and a click outside closes it.
 */
export function StaffCombobox({
  value,
  onChange,
  exclude,
  disabled,
}: {
  value: StaffMember | null;
  onChange: (member: StaffMember | null) => void;
  /** usernames already on the team: left out of the matches */
  exclude: ReadonlySet<string>;
  disabled?: boolean;
}) {
  const ids = useId();
  const listId = `${ids}-list`;
  const [text, setText] = useState(value ? value.name || value.username : '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const search = useStaffSearch(text);
  const matches = (search.data?.items ?? []).filter((m) => !exclude.has(m.username));
  const typed = text.trim().length > 0;
  const showList = open && typed;
  const activeIndex = Math.min(active, Math.max(matches.length - 1, 0));
  const optionId = (i: number) => `${ids}-opt-${i}`;

  function choose(member: StaffMember) {
    onChange(member);
    setText(member.name || member.username);
    setOpen(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!showList) {
        setOpen(true);
        setActive(0);
        return;
      }
      if (matches.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + matches.length) % matches.length);
    } else if (event.key === 'Enter') {
      if (showList && matches[activeIndex]) {
        event.preventDefault();
        choose(matches[activeIndex]);
      }
    }
    // Escape is the popover's: with the list open it closes the list only (the top layer); with it closed, the
    // dialog around the panel closes as usual
  }

  let status: string;
  if (!typed) status = '';
  else if (search.isError) status = search.error instanceof ApiError && search.error.detail ? search.error.detail : t.searchFailed;
  else if (!search.settled || search.isFetching) status = t.searching;
  else if (matches.length === 0) status = t.noMatches;
  else status = t.results(matches.length);

  return (
    <div className="space-y-1">
      <label htmlFor={`${ids}-input`} className="text-sm font-medium text-slate-700">
        {t.staffLabel}
      </label>
      <Popover.Root open={showList} onOpenChange={setOpen}>
        <Popover.Anchor asChild>
          <input
            id={`${ids}-input`}
            type="text"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={showList}
            aria-controls={listId}
            aria-activedescendant={showList && matches.length > 0 ? optionId(activeIndex) : undefined}
            aria-describedby={`${ids}-status`}
            placeholder={t.placeholder}
            disabled={disabled}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setActive(0);
              setOpen(true);
              if (value) onChange(null);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => setOpen(false)}
            className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600 disabled:opacity-50"
            data-testid="staff-combobox"
          />
        </Popover.Anchor>
        <Popover.Portal>
          <Popover.Content
            asChild
            align="start"
            sideOffset={4}
            // the focus stays in the text box: the list is only pointed at (aria-activedescendant)
            onOpenAutoFocus={(e) => e.preventDefault()}
            onCloseAutoFocus={(e) => e.preventDefault()}
            onInteractOutside={(e) => {
              if (e.target instanceof Node && document.getElementById(`${ids}-input`)?.contains(e.target)) e.preventDefault();
            }}
          >
            <ul
              id={listId}
              role="listbox"
              aria-label={t.staffLabel}
              className="z-50 max-h-64 w-[var(--radix-popover-trigger-width)] min-w-64 overflow-y-auto rounded-md border border-slate-200 bg-white p-1 shadow-lg"
              data-testid="staff-options"
            >
              {matches.map((m, i) => (
                <li
                  key={m.username}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === activeIndex}
                  // keep the focus in the text box while choosing with the mouse
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => choose(m)}
                  onMouseEnter={() => setActive(i)}
                  className={cn('cursor-pointer rounded px-2 py-1.5 text-sm', i === activeIndex ? 'bg-sky-100 text-sky-900' : 'text-slate-800')}
                >
                  <span className="font-medium">{m.name || m.username}</span> <span className="text-slate-600">({m.username}, {m.email})</span>
                </li>
              ))}
              {matches.length === 0 && (
                <li role="presentation" className="px-2 py-1.5 text-sm text-slate-600">
                  {status}
                </li>
              )}
            </ul>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      <p id={`${ids}-status`} role="status" aria-live="polite" className="sr-only">
        {status}
      </p>
    </div>
  );
}
