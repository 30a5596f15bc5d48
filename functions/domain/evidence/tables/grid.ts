/**
 * A sheet as the readers give it to the table detection: its filled rows in order, each a sparse array of values
 * by column (index = column − 1) with a type letter per cell and the index of its number format, the merged
 * ranges, whether the sheet is hidden. Compact on purpose: a 100,000 × 20 CSV is two million cells.
 */
import type { CellValue } from '@shared/domain/data-room/table-data';

export interface GridRow {
  /** the sheet row (1-based) */
  n: number;
  /** by column − 1; holes are empty cells */
  values: CellValue[];
  /** by column − 1: a CELL_TYPES letter, '-' for empty */
  types: string[];
  /** by column − 1: the index of the cell's format in the sheet's `formats` (0: none) */
  formats: number[];
  /** by column − 1: the formula of a cell whose value had to be computed, kept until it is */
  formulas?: (string | undefined)[];
}

export interface Merge {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

export interface SheetGrid {
  name: string;
  hidden: boolean;
  rows: GridRow[];
  /** number formats by index; index 0 is "no format" */
  formats: string[];
  merges: Merge[];
  /** filled cells read */
  cells: number;
  /** why the sheet was not read whole (it passed a limit), naming the sheet */
  note?: string;
}

/** A grid's format table: index 0 is no format; each format string once. */
export class FormatTable {
  readonly list: string[] = [''];
  private readonly index = new Map<string, number>();

  of(format: string | undefined): number {
    if (!format || format === 'General') return 0;
    let i = this.index.get(format);
    if (i === undefined) {
      i = this.list.length;
      this.list.push(format);
      this.index.set(format, i);
    }
    return i;
  }
}

