import type { EvidenceFileKind } from '../file-types';

/** The library that extracts each kind (`none`: the text is not extracted). */
export const METHOD_BY_KIND: Record<EvidenceFileKind, string> = {
  pdf: 'unpdf',
  docx: 'mammoth',
  xlsx: 'exceljs',
  csv: 'papaparse',
  txt: 'utf8',
  png: 'tesseract.js',
  jpg: 'tesseract.js',
  doc: 'none',
  xls: 'none',
};
