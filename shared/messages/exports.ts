/** The export page's texts and the words inside the exported documents, and the export routes' error details. */
import { count, counts } from './format';

/** The export page (spec section 2 "Export page", section 5 "Export", section 9 "Export formats"). */
export const exportsTexts = {
  title: 'Export Reports',
  subtitle: 'Word, PDF and PowerPoint, in the client’s brand, with every citation.',
  noReport: 'Choose a report to export.',
  reportMissing: 'This report does not exist any more. Choose another report.',
  sections: 'Sections',
  sectionsHelp: 'Required sections are always included; tick the optional ones you want.',
  required: 'Required',
  optional: 'Optional',
  sectionEmpty: 'Nothing written yet',
  sectionChars: (n: number) => `${n.toLocaleString('en-US')} characters`,
  noSections: 'Please select at least one section to export.',
  formats: {
    docx: { title: 'Word', description: 'An editable document: cover, contents, numbered headings and footnotes.', button: 'Export Word' },
    pdf: { title: 'PDF', description: 'Ready to send: bookmarks, page numbers and numbered notes.', button: 'Export PDF' },
    pptx: { title: 'PowerPoint', description: 'A deck: one or more slides per section, native charts, sources in the notes.', button: 'Export PowerPoint' },
  },
  exportAll: 'Export All Formats',
  exportAllHelp: 'A zip with the Word, PDF and PowerPoint files.',
  formatLabels: { docx: 'Word', pdf: 'PDF', pptx: 'PowerPoint', all: 'All formats (zip)' },
  stages: {
    queued: 'Waiting to start…',
    loading: 'Reading the report…',
    docx: 'Writing the Word document…',
    pdf: 'Writing the PDF…',
    pptx: 'Writing the PowerPoint deck…',
    zip: 'Packing the zip…',
    saving: 'Saving the file…',
    done: 'Ready',
    failed: 'Failed',
  },
  progressLabel: 'Export progress',
  ready: (name: string) => `${name} is ready`,
  download: 'Download',
  downloadFailed: 'The download link could not be made; please try again',
  failed: 'The export failed',
  startFailed: 'The export could not be started',
  history: 'Earlier exports',
  historyEmpty: 'No exports of this report yet.',
  historyFailed: 'The earlier exports could not be loaded.',
  sectionsFailed: 'The report’s sections could not be loaded; please reload the page.',
  retry: 'Try again',
  historyColumns: { format: 'Format', sections: 'Sections', by: 'By', when: 'When', size: 'Size', file: 'File' },
  statusLabels: { queued: 'Queued', running: 'Running', done: 'Done', failed: 'Failed' },
  sizeKb: (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`,
  openEditor: 'Open Editor',
  openFinalize: 'Finalize & Brand',
  /** words inside the exported documents */
  document: {
    contents: 'Contents',
    notes: 'Notes',
    sources: 'Sources',
    keyPoints: 'Key points',
    figure: (n: number, caption: string) => `Figure ${n}${caption ? `: ${caption}` : ''}`,
    page: (n: number, total: number) => `Page ${n} of ${total}`,
    /** the words around Word's page-number fields: `Page` {n} `of` {total} */
    pageWords: ['Page ', ' of '] as const,
    preparedFor: (client: string) => `Prepared for ${client}`,
    preparedBy: (who: string) => `Prepared by ${who}`,
    visualMissing: (caption: string) => `[Visual not available${caption ? `: ${caption}` : ''}]`,
    sourceUnknown: 'Source not found',
    sourceDeleted: 'source deleted',
    /** a KPI cited by the cells it was computed from */
    sourceRange: (file: string, range: string) => `Source: ${file}, ${range}`,
    continued: (title: string) => `${title} (continued)`,
    notesFor: 'Citations on this slide',
    morePoints: (n: number) => `… and ${n} more point${n === 1 ? '' : 's'} in the full report`,
    moreRows: (n: number) => `… and ${n} more row${n === 1 ? '' : 's'} in the full report`,
    noCitations: 'No citations.',
    timeline: 'Timeline',
    month: (n: number) => `M${n}`,
    image: (alt: string) => `[Image${alt ? `: ${alt}` : ''}]`,
  },
  /** words the deck writes itself (its slide titles come from the report's own words where it has them) */
  deck: {
    executiveSummary: 'Executive summary',
    priorityActions: 'Priority actions',
    findings: 'Findings',
    findingKicker: (label: string, dimension: string) => `${label ? `${label} · ` : ''}${dimension}`,
    impact: (impact: string) => `${impact.charAt(0).toUpperCase()}${impact.slice(1)} impact`,
    priority: (priority: string) => `${priority.charAt(0).toUpperCase()}${priority.slice(1)} priority`,
    owner: (owner: string) => `Owner: ${owner}`,
    successMeasure: (kpi: string) => `Success measure: ${kpi}`,
    deferred: 'Deferred',
    score: (score: number) => `${score}/100`,
    dimensionScore: (dimension: string) => `${dimension} score`,
    dimensionScores: 'Dimension scores',
    scoreAxis: 'Score (0–100)',
    /** the action title of the dimension-score chart */
    scoresTitle: (best: string, bestScore: number, worst: string, worstScore: number) =>
      `${best} scores highest at ${bestScore}/100 and ${worst} lowest at ${worstScore}/100`,
    scoresEven: (score: number, n: number) => (n === 1 ? `The one dimension in scope scores ${score}/100` : `All ${n} dimensions in scope score ${score}/100`),
    furtherFindings: (n: number) => `${count(n)} further finding${n === 1 ? '' : 's'} complete${n === 1 ? 's' : ''} the picture`,
    findingColumns: { finding: 'Finding', dimension: 'Dimension', impact: 'Impact' },
    /** the SWOT's action title: what there is to build on, fix, pursue and guard against */
    swotTitle: (s: number, w: number, o: number, t: number) => {
      const part = (n: number, one: string, many: string, what: string) => (n ? `${count(n).toLowerCase()} ${n === 1 ? one : many} ${what}` : '');
      const pair = (a: string, b: string) => [a, b].filter(Boolean).join(' and ');
      const text = [pair(part(s, 'strength', 'strengths', 'to build on'), part(w, 'weakness', 'weaknesses', 'to fix')), pair(part(o, 'opportunity', 'opportunities', 'to pursue'), part(t, 'threat', 'threats', 'to guard against'))]
        .filter(Boolean)
        .join('; ');
      return text ? `${text.charAt(0).toUpperCase()}${text.slice(1)}` : 'The SWOT analysis';
    },
    recommendationColumns: { label: '#', recommendation: 'Recommendation', priority: 'Priority', impact: 'Impact', effort: 'Effort', owner: 'Owner' },
    /** the recommendations' action title when the leading ones are too long to list */
    recommendationsLead: (first: string, more: number) => (more ? `${first} first, then ${count(more).toLowerCase()} further action${more === 1 ? '' : 's'}` : first),
    roadmapTitle: (actions: number, months: number, phases: number) =>
      `${count(actions)} action${actions === 1 ? '' : 's'} over ${months} month${months === 1 ? '' : 's'}${phases > 1 ? ` in ${count(phases).toLowerCase()} phases` : ''}`,
    roadmapFirst: (title: string, first: string) => `${title}, the first to ${first}`,
    /** the action title of a chart: what its data shows */
    chartHighest: (title: string, category: string, value: string) => `${title}: ${category} is highest at ${value}`,
    chartLargest: (title: string, category: string, share: string) => `${title}: ${category} is the largest share at ${share}`,
    chartMoved: (title: string, from: string, fromLabel: string, to: string, toLabel: string) => `${title}: from ${from} in ${fromLabel} to ${to} in ${toLabel}`,
    sectionTopic: (section: string, heading: string) => (heading ? `${section}: ${heading}` : section),
    /** the title of a table slide with no sentence of its own: what the table lists ("Two stakeholders: Priya Shah and Tom Reyes") */
    tableTitle: (topic: string, rows: number, names: readonly string[]) => {
      const shown = names.slice(0, 3);
      const more = rows - shown.length;
      const list = more > 0 ? `${shown.join(', ')} and ${counts.format(more)} more` : shown.length > 1 ? `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}` : (shown[0] ?? '');
      const what = rows === 1 ? topic : `${count(rows)} ${/^[A-Z][a-z]/.test(topic) ? topic.charAt(0).toLowerCase() + topic.slice(1) : topic}`;
      return list ? `${what}: ${list}` : what;
    },
    appendix: 'Appendix',
    appendixSubtitle: 'Supporting material and sources',
    sourcesTitle: (passages: number, sources: number) =>
      `The analysis cites ${passages} passage${passages === 1 ? '' : 's'} from ${sources} source${sources === 1 ? '' : 's'}`,
    sourceLine: (sources: readonly string[]) => `${sources.length === 1 ? 'Source' : 'Sources'}: ${sources.join('; ')}`,
    fullText: 'Full text',
    moreItems: (n: number) => `… and ${n} more in the full report`,
  },
  /** the export's note when the PDF on a Word template cannot be set in the template's own font */
  pdfFontStandIn: (asked: string, used: string, sameWidths: boolean) =>
    sameWidths
      ? `The PDF sets ${asked} in ${used}, a font of the same widths: ${asked} is not installed where the PDF was made`
      : `The PDF sets ${asked} in ${used}: neither ${asked} nor a font of the same widths is installed where the PDF was made`,
} as const;

export const exportsDetails = {
  exportNotFound: 'Export not found',
  exportSectionsEmpty: (titles: string[]) =>
    `Nothing is written yet in ${titles.length === 1 ? 'the selected section' : 'the selected sections'} (${titles.join(', ')}): compose them in the wizard or write them in the editor, then export`,
  exportTimedOut: 'The export stopped before it finished; please export again',
  exportFailed: 'The export could not be made; please try again',
  exportNotStarted: 'The export could not be started; please try again',
  exportNotReady: 'The export is not finished yet',
  exportsBusy: (max: number) => `${max} exports of this report are already running; wait for one to finish, then export again`,
  exportsTooFast: (max: number) => `You have started ${max} exports in the last minute; wait a minute, then export again`,
} as const;
