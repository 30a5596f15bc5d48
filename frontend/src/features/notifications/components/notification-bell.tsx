import { Bell, Settings } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { notificationPath } from '@shared/domain/notification-link';
import { relativeTime } from '@shared/domain/relative-time';
import { collaboration } from '@shared/messages/collaboration';
import type { Notification } from '@shared/schemas/notifications';
import { LoadError } from '@/components/ui/load-error';
import { cn } from '@/lib/cn';
import { useMarkAllRead } from '../api/mark-all-read';
import { useMarkRead } from '../api/mark-read';
import { useNotificationFeed } from '../api/list-notifications';
import { NotificationSettingsDialog } from './notification-settings';

const t = collaboration.notifications;

function NotificationItem({ n, onOpen }: { n: Notification; onOpen: (n: Notification) => void }) {
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(n)}
        data-testid="notification-item"
        className={cn('flex w-full flex-col gap-0.5 rounded-md px-3 py-2 text-left text-sm hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600', !n.read && 'bg-sky-50')}
      >
        <span className="flex items-center gap-2 font-medium text-slate-900">
          {!n.read ? <span className="h-2 w-2 shrink-0 rounded-full bg-sky-600" aria-label={t.unread} role="img" /> : null}
          {t.kinds[n.kind](n.actor.name)}
        </span>
        <span className="line-clamp-2 text-slate-700">{n.text}</span>
        <span className="text-xs text-slate-600">{relativeTime(n.created_at)}</span>
      </button>
    </li>
  );
}

/** The bell in the header: unread count, and a list whose items open the place they are about. */
export function NotificationBell() {
  const feed = useNotificationFeed();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const unread = feed.data?.unread ?? 0;
  const items = feed.data?.items ?? [];

  function openItem(n: Notification) {
    if (!n.read) markRead.mutate(n.id);
    setOpen(false);
    void navigate(notificationPath(n.report_id, n.target));
  }

  return (
    <>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger asChild>
          <button
            type="button"
            aria-label={unread ? t.bellUnread(unread) : t.bell}
            data-testid="notification-bell"
            className="relative inline-flex h-10 w-10 items-center justify-center rounded-md border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600"
          >
            <Bell className="h-5 w-5" aria-hidden />
            {unread ? (
              <span data-testid="notification-count" aria-hidden className="absolute -right-1.5 -top-1.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs font-semibold leading-5 text-white">
                {unread > 99 ? '99+' : unread}
              </span>
            ) : null}
          </button>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content align="end" sideOffset={6} aria-label={t.title} className="z-50 w-96 max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white shadow-lg focus:outline-none">
            <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-3 py-2">
              <h2 className="text-sm font-semibold">{t.title}</h2>
              <div className="flex items-center gap-1">
                <button type="button" disabled={!unread || markAll.isPending} onClick={() => markAll.mutate()} className="rounded-md px-2 py-1 text-xs font-medium text-sky-800 hover:bg-sky-50 disabled:text-slate-500 disabled:hover:bg-transparent">
                  {t.markAllRead}
                </button>
                <button
                  type="button"
                  aria-label={t.settings}
                  onClick={() => {
                    setOpen(false);
                    setSettingsOpen(true);
                  }}
                  className="rounded-md p-1.5 text-slate-600 hover:bg-slate-100"
                >
                  <Settings className="h-4 w-4" aria-hidden />
                </button>
              </div>
            </div>
            <div className="max-h-96 overflow-y-auto p-1">
              {feed.isPending ? (
                <p className="px-3 py-6 text-center text-sm text-slate-600" role="status">
                  {t.loading}
                </p>
              ) : feed.isError && !feed.data ? (
                <div className="p-2">
                  <LoadError error={feed.error} fallback={t.loadFailed} retryLabel={t.retry} onRetry={() => void feed.refetch()} />
                </div>
              ) : items.length === 0 ? (
                <p className="px-3 py-6 text-center text-sm text-slate-600">{t.empty}</p>
              ) : (
                <ul aria-label={t.title} data-testid="notification-list">
                  {items.map((n) => (
                    <NotificationItem key={n.id} n={n} onOpen={openItem} />
                  ))}
                </ul>
              )}
            </div>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      <NotificationSettingsDialog open={settingsOpen} onOpenChange={setSettingsOpen} />
    </>
  );
}
