/** Threads of a report from its comment items, and the open counts of the badges. Pure. */
import type { CommentAnchor, OpenCounts, Thread } from '@shared/schemas/comments';
import { SECTION_TITLES } from '@shared/schemas/report-document';
import type { StoredComment } from '../../data/comments-repo';

const itemKey = (step: string, item: string) => `${step}:${item}`;

/** Where a thread is, in the audit log's words: "Executive Summary", "swot item s-1". */
export function placeOf(anchor: CommentAnchor): string {
  if (anchor.section) return SECTION_TITLES[anchor.section];
  return `${anchor.step} item ${anchor.item}`;
}

/** The threads of a report, grouped from its comment items (a reply whose thread is gone is dropped). */
export function assembleThreads(comments: readonly StoredComment[]): Thread[] {
  const byThread = new Map<string, StoredComment[]>();
  for (const c of comments) {
    const list = byThread.get(c.thread_id);
    if (list) list.push(c);
    else byThread.set(c.thread_id, [c]);
  }
  const threads: Thread[] = [];
  for (const [id, list] of byThread) {
    const first = list.find((c) => c.id === id);
    if (!first?.anchor) continue;
    list.sort((a, b) => (a.id === id ? -1 : b.id === id ? 1 : a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id)));
    threads.push({
      id,
      anchor: first.anchor,
      status: first.status ?? 'open',
      resolved_by: first.resolved_by ?? null,
      resolved_at: first.resolved_at ?? null,
      comments: list.map((c) => ({ id: c.id, author: c.author, body: c.body, mentions: c.mentions, created_at: c.created_at })),
    });
  }
  return threads.sort((a, b) => a.comments[0]!.created_at.localeCompare(b.comments[0]!.created_at) || a.id.localeCompare(b.id));
}

/** Open threads per section and per step item. */
export function openCounts(threads: readonly Thread[]): OpenCounts {
  const out: OpenCounts = { sections: {}, items: {} };
  for (const t of threads) {
    if (t.status !== 'open') continue;
    if (t.anchor.section) out.sections[t.anchor.section] = (out.sections[t.anchor.section] ?? 0) + 1;
    else if (t.anchor.step && t.anchor.item) {
      const k = itemKey(t.anchor.step, t.anchor.item);
      out.items[k] = (out.items[k] ?? 0) + 1;
    }
  }
  return out;
}


/** Who takes part in a thread: everyone who wrote in it or was mentioned in it, each once, in the order they joined. */
export function participantsOf(thread: Pick<Thread, 'comments'>): string[] {
  return [...new Set(thread.comments.flatMap((c) => [c.author.id, ...c.mentions]))];
}
