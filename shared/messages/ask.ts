/**
 * The texts of "Ask the evidence" and of conflicts between sources. Their own module (as
 * ./collaboration.ts is), so the functions' bundles that import ../messages.ts do not carry them.
 */
export const ask = {
  title: 'Ask the evidence',
  intro: 'Ask a question; the answer quotes the evidence, and every sentence cites its source.',
  label: 'Your question',
  placeholder: 'e.g. What was gross margin in FY2024?',
  submit: 'Ask',
  asking: 'Reading the evidence…',
  failed: 'The question could not be answered.',
  retry: 'Try again',
  /** what is said when the evidence does not answer: nothing is guessed */
  notInEvidence: 'The evidence does not answer this question.',
  notInEvidenceHint: 'Nothing is guessed: rephrase the question, or add evidence that covers it.',
  sources: (n: number) => `${n} ${n === 1 ? 'source' : 'sources'} cited`,
  dropped: (n: number) => `${n} ${n === 1 ? 'sentence was' : 'sentences were'} left out: ${n === 1 ? 'its quote does' : 'their quotes do'} not state ${n === 1 ? 'its' : 'their'} figures or names.`,
  /** the sentence an extractive answer gives for one source (the quote follows) */
  according: (title: string) => `According to ${title},`,
  addTo: 'Add to section',
  addToLabel: 'Section to add the answer to',
  addToFindings: 'Add to Findings',
  added: (section: string) => `Added to ${section}, with its citations.`,
  provider: (name: string) => `Answered by the ${name} provider`,
  answerNotFound: 'Answer not found: ask the question again, then add its answer',
  tooLong: (max: number) => `A question may have at most ${max} characters.`,
  /** the scope toggle: the report's evidence, or all of the client's library */
  scopeLabel: 'Answer from',
  scopeReport: "This report's evidence",
  scopeClient: "The client's evidence library",
  scopeClientHint: "Searches every item of the client's library, whichever report it was filed for.",
  /** a client-scope answer citing items the report does not use yet */
  takesItems: (n: number) =>
    `This answer cites ${n === 1 ? 'an item' : `${n} items`} of the client's library that this report does not use yet. Adding it takes ${n === 1 ? 'that item' : 'them'} into the report (a reference, not a copy), so the citations hold.`,
  taken: (n: number) => (n === 1 ? '1 item taken from the client library into this report.' : `${n} items taken from the client library into this report.`),
  citedItemGone: 'An item this answer cites is no longer in the client library: ask the question again',
  takenNotCited: (id: string) => `taken_evidence_ids: ${id} is not an item this answer cites and the report uses`,
} as const;

export const conflicts = {
  title: 'Sources disagree',
  intro: 'Two sources give different figures for the same measure. Choose the source to trust, or note why they differ.',
  none: 'No conflicting figures were found in the evidence.',
  loading: 'Comparing the sources…',
  failed: 'The sources could not be compared.',
  vs: 'versus',
  measure: (name: string, period: string) => (period ? `${name} (${period})` : name),
  /** the consistency check's message for unresolved conflicts */
  issue: (list: string) => `Sources disagree: ${list}`,
  pair: (measure: string, a: string, b: string) => `${measure}: ${a} and ${b}`,
  useSource: (title: string) => `Use ${title}`,
  explain: 'Note why they differ',
  noteLabel: 'Why the figures differ',
  save: 'Save resolution',
  saving: 'Saving…',
  resolvedSource: (title: string, by: string) => `Resolved by ${by}: ${title} is used.`,
  resolvedNote: (note: string, by: string) => `Resolved by ${by}: ${note}`,
  /** the editor's mark on a citation of one side */
  marked: (measure: string) => `Cites one side of a conflict over ${measure}`,
  markedSection: (n: number) => `${n} ${n === 1 ? 'citation of this section quotes' : 'citations of this section quote'} one side of a conflict between sources.`,
  audit: (measure: string, how: string) => `conflict over ${measure} resolved: ${how}`,
  notFound: 'Conflict not found: the evidence no longer disagrees on it (an item may have been changed or deleted)',
  notASide: 'evidence_id must be one of the two sources of this conflict',
} as const;
