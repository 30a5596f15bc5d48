/** Texts of the PowerPoint deck's finding and recommendation panels (the rest are in shared/messages.ts, exports.deck). */
export const deckMessages = {
  /** the heading of a finding slide's panel naming the recommendation that answers the finding */
  recommendedAction: 'Recommended action',
} as const;
