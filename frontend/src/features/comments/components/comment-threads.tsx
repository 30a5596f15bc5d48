import { CheckCircle2, RotateCcw } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { locateQuote, type TextQuote } from '@shared/domain/comment-anchor';
import { relativeTime } from '@shared/domain/relative-time';
import { collaboration } from '@shared/messages/collaboration';
import { COMMENT_BODY_MAX, type CommentAnchor, type Thread } from '@shared/schemas/comments';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useCreateComment } from '../api/create-comment';
import { useComments } from '../api/list-comments';
import { useReplyToComment } from '../api/reply-comment';
import { useSetCommentStatus } from '../api/set-comment-status';
import { CommentBody } from './comment-body';
import { MentionTextarea } from './mention-textarea';

const t = collaboration.comments;

/** Which threads are about this anchor (a section, or a step's item). */
const sameAnchor = (a: CommentAnchor, b: Pick<CommentAnchor, 'section' | 'step' | 'item'>) =>
  b.section ? a.section === b.section : a.step === b.step && a.item === b.item;

const failure = (error: unknown, fallback: string) => (error instanceof ApiError && error.detail ? error.detail : fallback);

function QuoteLine({ quote, text }: { quote: TextQuote; text: string | undefined }) {
  const found = text === undefined ? { text: quote.exact } : locateQuote(text, quote);
  return (
    <blockquote className="border-l-4 border-amber-300 bg-amber-50 px-2 py-1 text-xs text-slate-700">
      <span className="sr-only">{t.quoted}: </span>
      {found ? <span className="line-clamp-3">{found.text}</span> : <span className="italic">{t.quoteGone}</span>}
    </blockquote>
  );
}

function ThreadView({ reportId, thread, text, highlight }: { reportId: string; thread: Thread; text: string | undefined; highlight: boolean }) {
  const [reply, setReply] = useState('');
  const replying = useReplyToComment(reportId);
  const status = useSetCommentStatus(reportId);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (highlight) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [highlight]);
  const resolved = thread.status === 'resolved';
  const send = () => {
    if (!reply.trim() || replying.isPending) return;
    replying.mutate({ thread: thread.id, body: reply }, { onSuccess: () => setReply('') });
  };
  return (
    <article ref={ref} aria-label={t.title} data-testid="comment-thread" data-thread={thread.id} data-status={thread.status} className={cn('space-y-2 rounded-lg border p-3', highlight ? 'border-sky-500 ring-2 ring-sky-200' : 'border-slate-200', resolved && 'bg-slate-50')}>
      {thread.anchor.quote ? <QuoteLine quote={thread.anchor.quote} text={text} /> : null}
      <ol className="space-y-2">
        {thread.comments.map((c) => (
          <li key={c.id} data-testid="comment">
            <p className="text-xs text-slate-600">
              <span className="font-semibold text-slate-900">{c.author.name}</span> · {relativeTime(c.created_at)}
            </p>
            <CommentBody body={c.body} />
          </li>
        ))}
      </ol>
      {resolved ? <p className="text-xs text-emerald-800">{t.resolvedBy(thread.resolved_by ?? '')}</p> : null}
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={status.isPending}
          onClick={() => status.mutate({ thread: thread.id, status: resolved ? 'open' : 'resolved' })}
        >
          {resolved ? <RotateCcw className="h-4 w-4" aria-hidden /> : <CheckCircle2 className="h-4 w-4" aria-hidden />}
          {resolved ? t.reopen : t.resolve}
        </Button>
      </div>
      {status.isError ? (
        <p role="alert" className="text-xs text-red-700">
          {failure(status.error, t.statusFailed)}
        </p>
      ) : null}
      {!resolved ? (
        <form
          className="space-y-1"
          onSubmit={(e) => {
            e.preventDefault();
            send();
          }}
        >
          <MentionTextarea value={reply} onChange={setReply} label={t.replyLabel} placeholder={t.replyPlaceholder} maxLength={COMMENT_BODY_MAX} onSubmit={send} testId="comment-reply-input" />
          {replying.isError ? (
            <p role="alert" className="text-xs text-red-700">
              {failure(replying.error, t.postFailed)}
            </p>
          ) : null}
          <Button type="submit" size="sm" variant="secondary" disabled={!reply.trim() || replying.isPending}>
            {replying.isPending ? t.posting : t.reply}
          </Button>
        </form>
      ) : null}
    </article>
  );
}

/**
 * The comments of one section or one wizard item: open threads, resolved ones behind a toggle, and a box to start
 * a thread (on the selected text when there is a selection).
 */
export function CommentThreads({
  reportId,
  anchor,
  text,
  selection,
  focusThread,
}: {
  reportId: string;
  anchor: Pick<CommentAnchor, 'section' | 'step' | 'item'>;
  /** the current text of what the comments are about (to find quoted ranges again) */
  text?: string;
  /** the text selected when the panel was opened, to comment on */
  selection?: TextQuote | null;
  /** a thread to show and highlight (opened from a notification) */
  focusThread?: string | null;
}) {
  const comments = useComments(reportId);
  const create = useCreateComment(reportId);
  const [body, setBody] = useState('');
  const [onSelection, setOnSelection] = useState(Boolean(selection));
  const threads = useMemo(() => (comments.data?.threads ?? []).filter((th) => sameAnchor(th.anchor, anchor)), [comments.data, anchor]);
  const focusIsResolved = threads.some((th) => th.id === focusThread && th.status === 'resolved');
  const [showResolved, setShowResolved] = useState(focusIsResolved);
  const open = threads.filter((th) => th.status === 'open');
  const resolved = threads.filter((th) => th.status === 'resolved');

  const post = () => {
    if (!body.trim() || create.isPending) return;
    const quote = onSelection && selection ? { quote: selection } : {};
    create.mutate({ anchor: { ...anchor, ...quote }, body }, { onSuccess: () => setBody('') });
  };

  return (
    <div className="space-y-3" data-testid="comment-panel">
      {comments.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          {t.loading}
        </p>
      ) : comments.isError ? (
        <LoadError error={comments.error} fallback={t.loadFailed} retryLabel={t.retry} onRetry={() => void comments.refetch()} />
      ) : (
        <>
          {open.length === 0 && resolved.length === 0 ? <p className="text-sm text-slate-600">{t.empty}</p> : null}
          {open.map((th) => (
            <ThreadView key={th.id} reportId={reportId} thread={th} text={text} highlight={th.id === focusThread} />
          ))}
          {resolved.length ? (
            <div className="space-y-2">
              <Button size="sm" variant="ghost" aria-expanded={showResolved} onClick={() => setShowResolved((v) => !v)}>
                {showResolved ? t.hideResolved : t.showResolved(resolved.length)}
              </Button>
              {showResolved ? resolved.map((th) => <ThreadView key={th.id} reportId={reportId} thread={th} text={text} highlight={th.id === focusThread} />) : null}
            </div>
          ) : null}
        </>
      )}
      <form
        className="space-y-2 border-t border-slate-200 pt-3"
        onSubmit={(e) => {
          e.preventDefault();
          post();
        }}
      >
        {selection ? (
          <label className="flex items-start gap-2 text-xs text-slate-700">
            <input type="checkbox" checked={onSelection} onChange={(e) => setOnSelection(e.target.checked)} className="mt-0.5 h-4 w-4" />
            <span>
              {t.onSelection}: <q className="italic">{selection.exact.length > 120 ? `${selection.exact.slice(0, 119)}…` : selection.exact}</q>
            </span>
          </label>
        ) : null}
        <MentionTextarea value={body} onChange={setBody} label={t.newLabel} placeholder={t.newPlaceholder} maxLength={COMMENT_BODY_MAX} onSubmit={post} testId="comment-new-input" />
        {create.isError ? (
          <p role="alert" className="text-xs text-red-700">
            {failure(create.error, t.postFailed)}
          </p>
        ) : null}
        <Button type="submit" size="sm" disabled={!body.trim() || create.isPending}>
          {create.isPending ? t.posting : t.post}
        </Button>
      </form>
    </div>
  );
}
