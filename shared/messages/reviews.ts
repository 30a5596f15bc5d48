/** The review routes' error details, and the words of the review notifications. */
import { reviewStateWords } from './review-states';

export const reviewsDetails = {
  reviewNotFound: 'This review request does not exist',
  reviewNotYours: 'Only a reviewer named on this request, or a lead of the client, may decide it',
  reviewDecided: (name: string) => `This review was already decided by ${name}`,
  reviewSuperseded: (title: string) => `A newer review of ${title} was requested since; decide that one`,
  reviewSectionChanged: (title: string, version: number) => `${title} changed since you opened it (it is at version ${version} now); read it again before deciding`,
  reviewersNotEligible: (usernames: string[]) => `Only reviewers and leads of this client's team may be named: ${usernames.join(', ')} ${usernames.length === 1 ? 'is' : 'are'} not`,
  reviewDueInPast: (today: string) => `due must be today (${today}) or later`,
  reviewSectionsEmpty: (titles: string[]) => `Nothing is written in ${titles.join(', ')} yet, so there is nothing to review`,
  finalNeedsApproval: (sections: string[]) =>
    `Final needs the required sections written and every written section approved by someone who neither asked for its review nor wrote it; not yet: ${sections.join(', ')}`,
  /** "Findings & Analysis (approval stale)" */
  sectionInState: (title: string, state: keyof typeof reviewStateWords) => `${title} (${reviewStateWords[state].toLowerCase()})`,
  /** a required section with nothing written: "Conclusion (not written)" */
  sectionNotWritten: (title: string) => `${title} (not written)`,
  /** a reviewer deciding a review they asked for, or of a version they wrote */
  reviewOwnWork: (title: string) => `You asked for this review of ${title} or wrote its current version: someone else must approve it`,
  /** naming oneself as a reviewer */
  reviewSelf: 'You cannot name yourself as a reviewer of your own request',
  /** the notifications' words for reviews (the bell and the email) */
  reviewNotice: {
    review_requested: (actor: string, sections: string[], report: string, note: string) =>
      `${actor} asked you to review ${sections.join(', ')} of “${report}”${note ? `: ${note}` : ''}`,
    review_approved: (actor: string, sections: string[], report: string) => `${actor} approved ${sections.join(', ')} of “${report}”`,
    changes_requested: (actor: string, sections: string[], report: string, note: string) =>
      `${actor} requested changes to ${sections.join(', ')} of “${report}”${note ? `: ${note}` : ''}`,
  },
  finalOverrideLeadOnly: "Only a lead of this client's team may set Final without every approval",
} as const;
