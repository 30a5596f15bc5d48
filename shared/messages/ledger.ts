/** The claim ledger's error details: Final's gate and the lead's waivers. */
export const ledgerDetails = {
  /** Final's gate: every figure supported and none disagreeing, or waived by a lead */
  finalNeedsFigures: (items: string[]) =>
    `Final needs every figure supported and none disagreeing (or a lead's waiver): ${items.slice(0, 5).join('; ')}${items.length > 5 ? `; and ${items.length - 5} more` : ''}`,
  waiverUnknown: 'This figure is not an unsupported or disagreeing figure of the ledger (it may have been fixed since)',
  waiverLeadOnly: "Only a lead of this client's team may waive a figure's support",
  waiverExists: 'This figure is waived already',
} as const;
