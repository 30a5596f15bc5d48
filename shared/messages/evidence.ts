/** The evidence page's texts, and the evidence routes' error details (uploads, the cap per report). */
import { formatBytes } from './format';

export const evidenceTexts = {
  pageTitle: 'Evidence Library',
  pageSubtitle: 'Every document, web page and interview behind a report, read and analysed.',
  noReport: 'Choose a report to see its evidence.',
  search: 'Search evidence',
  searchPlaceholder: 'Search titles, tags and text…',
  filters: { all: 'All Types', file: 'Files', url: 'URLs', interview: 'Interviews' },
  empty: 'No evidence yet. Add files, URLs or interview notes.',
  noMatches: 'No evidence matches your search.',
  /** a search reads a report's evidence a share at a time; this button searches the next share */
  searchMore: 'Search further',
  searchedPart: 'Not all of this report’s evidence has been searched yet.',
  chooseFiles: 'Choose files',
  dropHint: 'PDF, Word, Excel, CSV, text or images; up to 100 MB each',
  addUrl: 'Add URL',
  addInterview: 'Add Interview',
  fields: { url: 'URL', title: 'Title', tags: 'Tags (comma-separated)', content: 'Notes', source: 'Interviewee', description: 'Description' },
  relevance: 'Relevance',
  insights: 'Key insights',
  dimensions: 'Dimensions',
  open: 'Open',
  delete: 'Delete',
  extractedText: 'Extracted text',
  /** the evidence view's tabs, and its Data tab (a workbook's or CSV file's tables and KPIs) */
  tabs: { text: 'Text', data: 'Data' },
  data: {
    table: 'Table',
    tableOption: (title: string, range: string, hidden: boolean) => `${title} (${range})${hidden ? ' — hidden sheet' : ''}`,
    kpis: 'KPIs',
    kpisHelp: 'Each KPI with its formula and the cells it used; choose one to see its cells in the table.',
    showCells: 'Show cells',
    highlighted: (statement: string) => `Cells of: ${statement}`,
    clearHighlight: 'Clear',
    rows: (from: number, to: number, total: number) => `Rows ${from.toLocaleString('en-US')}–${to.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`,
    previous: 'Previous rows',
    next: 'Next rows',
    label: 'Label',
    notes: 'Notes on reading the file',
    none: 'No tables were found in this file.',
    loading: 'Loading the table…',
  },
  noText: 'No text was extracted from this item.',
  confirmDelete: (title: string) => `Are you sure you want to delete "${title}"? This action cannot be undone.`,
  statuses: { pending: 'Pending', processing: 'Processing', analyzed: 'Analyzed', no_text: 'No text', failed: 'Failed' },
  phases: { queued: 'Waiting', uploading: 'Uploading', processing: 'Analysing', done: 'Done', failed: 'Failed' },
  toasts: {
    uploaded: (file: string) => `${file} uploaded and analyzed successfully!`,
    insights: (n: number) => `AI found ${n} key insights`,
    uploadFailed: (file: string) => `Failed to upload ${file}`,
    storedWithoutAnalysis: (file: string) => `${file} was stored but could not be analysed`,
    urlRequired: 'Please provide URL and title',
    interviewRequired: 'Please provide title and content',
    added: (title: string) => `${title} added`,
    addFailed: 'Failed to add evidence',
    deleted: 'Evidence deleted',
    deleteFailed: 'Failed to delete evidence',
  },
} as const;

export const evidenceDetails = {
  /** the cap on evidence per report (MAX_EVIDENCE_PER_REPORT) */
  evidenceFull: (max: number) => `This report already holds ${max} evidence items, the most one report can hold; delete some before adding more`,
  fileTooLarge: (name: string, max: number) => `${name} is larger than ${formatBytes(max)}, the upload limit`,
  smallUploadTooLarge: (max: number) =>
    `The file is larger than ${formatBytes(max)}; upload it through the large-file path (POST /api/files/presign)`,
  fileMissing: 'The form has no file; send it in the field named "file"',
  unsupportedFileName: (name: string) => `${name} is not an accepted type (pdf, doc, docx, xls, xlsx, csv, txt, png, jpg)`,
  uploadNotFound: 'No uploaded file with that file_id; upload it first, then process it',
  uploadBeingProcessed: 'This upload is already being processed',
  evidenceNotFound: 'Evidence not found',
  /** POST /api/reports/{id}/evidence/claim: only a wizard placeholder's evidence moves */
  claimNeedsPlaceholder: 'placeholder_id must be a temp-<uuid> placeholder, not a report id',
  tableNotFound: 'This evidence has no table with that id',
  evidenceStale: 'This evidence was changed after you opened it; the latest version has been loaded, please try again',
} as const;

/** The data room: what reading a workbook or CSV file as tables says about it (each note names its sheet). */
export const dataRoomNotes = {
  encrypted: 'This workbook is encrypted; save a copy without a password',
  macros: (name: string) => `${name} holds macros (a macro-enabled workbook or a vbaProject.bin); save it as .xlsx without macros and upload it again`,
  sheetCells: (sheet: string, max: number) =>
    `Sheet “${sheet}” has more than ${max.toLocaleString('en-US')} filled cells, the most one sheet is read as tables; its first ${max.toLocaleString('en-US')} were read`,
  workbookCells: (sheet: string, max: number) =>
    `Sheet “${sheet}” was not read as tables: the workbook’s earlier sheets already hold ${max.toLocaleString('en-US')} filled cells, the most one workbook is read`,
  sheetColumns: (sheet: string, max: number) => `Sheet “${sheet}” has more than ${max.toLocaleString('en-US')} columns; only the first ${max.toLocaleString('en-US')} were read as tables`,
  notComputed: (sheet: string, n: number) =>
    `Sheet “${sheet}”: ${n} ${n === 1 ? 'formula has' : 'formulas have'} no saved value and could not be computed; ${n === 1 ? 'it is' : 'they are'} marked “not computed”`,
  computed: (sheet: string, n: number) => `Sheet “${sheet}”: ${n} ${n === 1 ? 'formula had' : 'formulas had'} no saved value and ${n === 1 ? 'was' : 'were'} computed`,
  errors: (n: number, first: string) => `${n} ${n === 1 ? 'cell holds an error' : 'cells hold errors'} (${first}), kept as errors`,
  hidden: (sheet: string) => `Sheet “${sheet}” is hidden in the workbook; it was read all the same`,
  tablesPerSheet: (sheet: string, max: number) => `Sheet “${sheet}” holds more than ${max} tables; the first ${max} were kept`,
  tablesPerItem: (max: number) => `The file holds more than ${max} tables; the first ${max} were kept`,
  decimalComma: 'Numbers were read with a decimal comma (1.234,56)',
  encoding: (name: string) => `The file was read as ${name} text`,
} as const;
