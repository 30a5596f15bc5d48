/** Texts of the firm templates' previews on Finalize & Brand (issue 24); the others are in messages.finalize. */
export const templateTexts = {
  previewAlt: (name: string, n: number) => `Preview ${n} of ${name}`,
} as const;
