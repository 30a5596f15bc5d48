/** write-good (CommonJS, no typings of its own): the suggestions it makes on a text, each a span and a reason. */
declare module 'write-good' {
  interface Suggestion {
    index: number;
    offset: number;
    reason: string;
  }
  type Check = 'passive' | 'illusion' | 'so' | 'thereIs' | 'weasel' | 'adverb' | 'tooWordy' | 'cliches' | 'eprime';
  function writeGood(text: string, opts?: Partial<Record<Check, boolean>> & { whitelist?: string[] }): Suggestion[];
  export = writeGood;
}
