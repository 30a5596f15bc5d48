/**
 * How much of a workbook or CSV file is read as tables. Past a limit a sheet is read no further (its tables hold
 * what came before) and the item's notes name the sheet and the limit. The extraction worker's own budget (time
 * and heap, ../extract/types.ts) bounds the whole reading besides.
 */
export const TABLE_LIMITS = {
  /** filled cells read from one sheet (a 100,000-row CSV of 20 columns is 2,000,000) */
  sheetCells: 2_500_000,
  /** filled cells read from a whole workbook */
  workbookCells: 3_000_000,
  /** columns read from a sheet */
  sheetColumns: 1_000,
  /** tables kept per sheet, and per item */
  tablesPerSheet: 50,
  tablesPerItem: 200,
} as const;

export type TableLimits = { readonly [K in keyof typeof TABLE_LIMITS]: number };
