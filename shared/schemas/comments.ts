/**
 * Comments: threads anchored to a section of the report (the editor) or to an item of a wizard step
 * (a finding, SWOT item, recommendation or roadmap item), optionally to a range of its text (kept as the quoted
 * text with its context, found again when the text changes: shared/domain/comment-anchor.ts). Replies, resolve
 * and reopen. Bodies are markdown, bounded here, sanitized where they are shown.
 */
import * as z from 'zod/mini';
import { ITEM_ID_PATTERN, SectionKeyField } from './report-document';
import { requiredString, uuidField } from './common';

/** The wizard steps whose items take comments. */
export const COMMENT_STEPS = ['findings', 'swot', 'recommendations', 'roadmap'] as const;
export type CommentStep = (typeof COMMENT_STEPS)[number];

/** Longest comment body, in characters. */
export const COMMENT_BODY_MAX = 5000;
/** Longest quoted range, in characters (the context either side is shorter). */
const COMMENT_QUOTE_MAX = 1000;

const CommentBodyField = requiredString('body', { max: COMMENT_BODY_MAX, trim: true });

const bounded = (field: string, max: number) =>
  z.string({ error: `${field} must be a string` }).check(z.maxLength(max, `${field} must be at most ${max} characters`));

const TextQuoteField = z.object({
  exact: requiredString('quote.exact', { max: COMMENT_QUOTE_MAX }),
  prefix: z._default(bounded('quote.prefix', 64), ''),
  suffix: z._default(bounded('quote.suffix', 64), ''),
  start: z._default(z.int().check(z.minimum(0, 'quote.start must be 0 or more'), z.maximum(10_000_000, 'quote.start is too large')), 0),
});

const CommentStepField = z.enum(COMMENT_STEPS, { error: `step must be one of: ${COMMENT_STEPS.join(', ')}` });
const CommentItemField = z.string({ error: 'item must be a string' }).check(z.regex(ITEM_ID_PATTERN, 'item is 1 to 64 letters, digits, - or _'));

/** What a thread is about: a section, or a step's item; and perhaps a range of its text. */
export const CommentAnchor = z
  .object({
    section: z.optional(SectionKeyField),
    step: z.optional(CommentStepField),
    item: z.optional(CommentItemField),
    quote: z.optional(TextQuoteField),
  })
  .check(
    z.refine((a) => (a.section !== undefined) !== (a.step !== undefined || a.item !== undefined), 'anchor must name a section, or a step and an item'),
    z.refine((a) => a.section !== undefined || (a.step !== undefined && a.item !== undefined), 'anchor must name both a step and an item'),
  );
export type CommentAnchor = z.infer<typeof CommentAnchor>;

export const ThreadStatus = z.enum(['open', 'resolved'], { error: 'status must be open or resolved' });
export type ThreadStatus = z.infer<typeof ThreadStatus>;

const Comment = z.object({
  id: z.string(),
  author: z.object({ id: z.string(), name: z.string() }),
  body: z.string(),
  /** the usernames it mentions that were notified */
  mentions: z.array(z.string()),
  created_at: z.string(),
});
type Comment = z.infer<typeof Comment>;

export const Thread = z.object({
  id: z.string(),
  anchor: CommentAnchor,
  status: ThreadStatus,
  resolved_by: z.nullable(z.string()),
  resolved_at: z.nullable(z.string()),
  /** the first comment, then the replies, oldest first */
  comments: z.array(Comment),
});
export type Thread = z.infer<typeof Thread>;

export const CommentsParams = z.object({ id: uuidField('id') });
export const ThreadParams = z.object({ id: uuidField('id'), thread: uuidField('thread') });

/** GET …/comments: every thread of the report, or those of one section or one item. */
export const CommentsQuery = z.object({
  section: z.optional(SectionKeyField),
  step: z.optional(CommentStepField),
  item: z.optional(CommentItemField),
});

/** Open threads per section and per step item (`<step>:<item>`): the badges. */
export const OpenCounts = z.object({ sections: z.record(z.string(), z.number()), items: z.record(z.string(), z.number()) });
export type OpenCounts = z.infer<typeof OpenCounts>;

export const CommentList = z.object({ threads: z.array(Thread), open: OpenCounts });
export type CommentList = z.infer<typeof CommentList>;

export const NewThreadBody = z.object({ anchor: CommentAnchor, body: CommentBodyField });
export type NewThreadBody = z.infer<typeof NewThreadBody>;
export const ReplyBody = z.object({ body: CommentBodyField });
export const ThreadStatusBody = z.object({ status: ThreadStatus });

export const ThreadAnswer = z.object({ thread: Thread });
export type ThreadAnswer = z.infer<typeof ThreadAnswer>;
