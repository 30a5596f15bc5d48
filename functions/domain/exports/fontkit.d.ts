/** fontkit (the font parser pdfkit uses) ships no types; pdf.ts only parses a font file once with it. */
declare module 'fontkit' {
  /** A parsed font: pdfkit takes it wherever it takes a font file. */
  export function create(buffer: Uint8Array, postscriptName?: string): unknown;
}
