/** A section's review state in words: the editor's badges (shared/messages/collaboration.ts), and the server's refusal of Final (messages.details). */
export const reviewStateWords = { draft: 'Draft', in_review: 'In review', changes_requested: 'Changes requested', approved: 'Approved', stale: 'Approval stale' } as const;
