/** The claim ledger's error details: Final's gate and the lead's waivers. */
export const ledgerDetails = {
  /** Final's gate: every figure supported and none disagreeing, or waived by a lead */
  finalNeedsFigures: (items: string[], total = items.length) =>
    `Final needs every figure supported and none disagreeing (or a lead's waiver): ${items.slice(0, 5).join('; ')}${total > 5 ? `; and ${total - 5} more` : ''}`,
  /** Final's gate met sections whose figures are still being computed (a report never ledgered, at its largest) */
  finalFiguresPending: 'The figures of some sections are still being checked; try Final again in a moment',
  waiverUnknown: 'This figure is not an unsupported or disagreeing figure of the ledger (it may have been fixed since)',
  waiverLeadOnly: "Only a lead of this client's team may waive a figure's support",
  waiverExists: 'This figure is waived already',
} as const;

/** The editor's Figures panel and the counts shown when a review is requested. */
export const ledgerTexts = {
  title: 'Figures',
  intro: 'Every figure in the report with what supports it. Unsupported and disagreeing figures come first.',
  loadFailed: 'The figures could not be loaded.',
  retry: 'Try again',
  empty: 'No figures in this report yet',
  /** the figures the pages read so far do not list (blocking ones come first) */
  omitted: (n: number) => `${n.toLocaleString('en-US')} more figure${n === 1 ? '' : 's'} not listed here yet`,
  showMore: 'Show more',
  loadingMore: 'Loading more figures…',
  moreFailed: 'More figures could not be loaded.',
  /** "12 figures: 1 unsupported, 0 disagreeing" */
  counts: (figures: number, unsupported: number, disagreeing: number) =>
    `${figures} figure${figures === 1 ? '' : 's'}: ${unsupported} unsupported, ${disagreeing} disagreeing`,
  supportCounts: (cited: number, derived: number, data: number) => `${cited} cited, ${derived} derived, ${data} from data`,
  allSupported: 'Every figure is supported.',
  /** sections whose figures are still being computed: the panel asks again until none is left */
  pending: (sections: string[]) => `Still checking the figures of ${sections.join(', ')}…`,
  blocking: (n: number) => `${n} ${n === 1 ? 'figure keeps' : 'figures keep'} the report from Final`,
  support: { cited: 'Cited', derived: 'Derived', data: 'Data', unsupported: 'Unsupported' } as const,
  waived: 'Waived',
  disagrees: 'Disagrees',
  disagreements: 'Figures that disagree',
  goTo: (text: string, where: string) => `Go to “${text}” in ${where}`,
  findSources: 'Find a source',
  finding: 'Searching the evidence…',
  noPassage: 'No passage of the evidence states this figure. Add a citation by hand, correct the figure, or ask a lead to waive it.',
  suggestions: 'Passages that state it',
  cite: 'Cite this',
  citeLabel: (source: string) => `Cite “${source}” on this sentence`,
  cited: 'Citation added and saved',
  citeFailed: 'The citation could not be added',
  fixes: 'Or fix it from the report’s cited figures',
  correctTo: (to: string) => `Correct to ${to}`,
  correctLabel: (to: string, from: string, where: string) => `Correct to ${to}: “${from}” in ${where}`,
  derivedOffer: (computation: string) => `Derived: ${computation}`,
  derivedLabel: (computation: string, where: string) => `Derived: ${computation}, written into ${where}`,
  fixing: 'Saving the section…',
  corrected: 'Figure corrected and saved',
  derivedSaved: 'Computation written and saved',
  fixFailed: 'The figure could not be changed',
  fixGone: 'The figure or the citation it needs is no longer in the text; the figures are checked again on the next save.',
  fixNotSaved: 'The section was not saved; your text is kept in the editor.',
  waive: 'Waive',
  waiveLabel: (what: string) => `Waive ${what}`,
  waiveReason: 'Reason for the waiver',
  waiveSubmit: 'Waive with this reason',
  waiveCancel: 'Cancel',
  waivedToast: 'Figure waived',
  waiveFailed: 'The waiver could not be recorded',
  readOnly: 'The report is Final: its figures are read only.',
  reviewCounts: 'Figures in this report',
  reviewBlocking: 'Final needs each of these supported, corrected or waived by a lead.',
} as const;

/** The pre-read's score and list, in the editor and on the Finalize step. */
export const preReadTexts = {
  title: 'Pre-read',
  intro: "A partner's first read of the whole report: rules of consulting writing, each met or not. Advisory; only the figures gate Final.",
  score: (score: number, met: number, total: number) => `Pre-read score ${score} (${met} of ${total} rules met)`,
  rules: {
    'answer-first': 'Answer first',
    'action-titles': 'Action titles',
    'story-holds': 'The story holds',
    'specific-owned': 'Specific and owned',
    'plain-words': 'Plain words',
    'sources-visible': 'Sources visible',
  },
  met: 'met',
  notMet: (n: number) => `${n} to fix`,
  nothing: 'Nothing to fix: every rule is met.',
  gain: (points: number) => `+${points < 10 ? points.toFixed(1) : Math.round(points)} points`,
  goTo: (where: string) => `Go to the sentence in ${where}`,
  fixList: 'What to fix, the most valuable first',
  more: (n: number) => `and ${n} more of less value`,
  storyline: (n: number) => `The titles read alone (${n})`,
  storylineIntro: 'The summary’s opening sentence, then each finding’s and recommendation’s title, in order: read alone, they should tell the story.',
} as const;

/** The export's optional appendix listing each figure of the report with its source. */
export const figureSourcesTexts = {
  heading: 'Sources of figures',
  intro: 'Each figure of the report, where it stands, and what supports it: the cited passage, the computation from cited figures, or the data it comes from.',
  figure: 'Figure',
  where: 'Where',
  support: 'Support',
  source: 'Source',
  supports: { cited: 'Cited', derived: 'Derived', data: 'Data', unsupported: 'Unsupported' },
  unsupported: 'No source',
  waived: 'No source (waived by a lead)',
  none: 'The report states no figures.',
  more: (n: number) => `${n.toLocaleString('en-US')} more figure${n === 1 ? '' : 's'} not listed here.`,
  include: 'Include the sources of figures',
  hint: 'Each figure of the report with the passage, computation or data that supports it.',
} as const;
