import { MessageSquare } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isPlaceholder } from '@shared/domain/placeholder';
import { collaboration } from '@shared/messages/collaboration';
import type { CommentStep } from '@shared/schemas/comments';
import { Dialog } from '@/components/ui/dialog';
import { useComments } from '../api/list-comments';

const t = collaboration.comments;

// the threads (markdown, sanitizer, quote matching) load when a dialog opens: the wizard's steps do not wait for them
const CommentThreads = lazy(() => import('./comment-threads').then((m) => ({ default: m.CommentThreads })));

/**
 * A wizard item's comment button (with its open count), opening the item's threads. The report is the wizard's
 * (`?report=`); a notification's link (`&item=<id>&comment=<thread>`) opens the item's threads at once.
 */
export function CommentButton({ step, item, what, text }: { step: CommentStep; item: string; what: string; text?: string }) {
  const [params] = useSearchParams();
  const param = params.get('report');
  const reportId = param && !isPlaceholder(param) ? param : null;
  const [open, setOpen] = useState(params.get('item') === item);
  const comments = useComments(reportId);
  if (!reportId) return null;
  const n = comments.data?.open.items[`${step}:${item}`] ?? 0;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={t.buttonFor(what, n)}
        data-testid="comment-button"
        className="inline-flex h-8 items-center gap-1 rounded-md px-2 text-xs text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600"
      >
        <MessageSquare className="h-4 w-4" aria-hidden />
        {n ? <span className="font-semibold">{n}</span> : null}
      </button>
      <Dialog open={open} onOpenChange={setOpen} title={t.panelFor(what)} className="max-w-xl" closeLabel={t.close}>
        <Suspense
          fallback={
            <p role="status" className="text-sm text-slate-600">
              {t.loading}
            </p>
          }
        >
          <CommentThreads reportId={reportId} anchor={{ step, item }} text={text} focusThread={params.get('comment')} />
        </Suspense>
      </Dialog>
    </>
  );
}
