/**
 * Background workers: functions no route reaches, started by a route with an asynchronous invocation
 * (DESIGN.md "Evidence, AI and exports": exports are generated in the background). Data only, like the route
 * table, read by
 * 1. the CDK API stack (one function per worker, with the grants its `access` declares; the routes that list
 *    it under `access.invoke` get lambda:InvokeFunction on it and its name in their environment),
 * 2. the local harness (the gateway answers the Lambda Invoke API for these functions and runs the handler),
 * 3. the build (one bundle per worker) and the tests.
 */
import type { RouteAccess } from './route-types';

export interface WorkerDef {
  readonly id: string;
  /** handler module under functions/workers, without extension */
  readonly handler: string;
  readonly summary: string;
  /** Lambda memory in MB (CPU grows with it) */
  readonly memoryMb: number;
  /** Lambda timeout in seconds (no API Gateway limit applies to an asynchronous invocation) */
  readonly timeoutSeconds: number;
  /** largest allowed minified bundle in KB (test/infra/bundles.test.ts) */
  readonly bundleBudgetKb: number;
  /** files copied beside the bundle (read at run time) */
  readonly dataFiles?: readonly string[];
  /** NODE_OPTIONS of the function (the benchmark runs the same work with them) */
  readonly nodeOptions?: string;
  /**
   * Lambda reserved concurrency: at most this many run at once, and they never take the rest of the account's
   * capacity (the route functions keep theirs however many exports are asked for)
   */
  readonly reservedConcurrency?: number;
  readonly access: Omit<RouteAccess, 'invoke'>;
  /**
   * started on a schedule (an EventBridge rule, expression in its syntax: `cron(0 7 * * ? *)`), not by a route;
   * locally it is invoked through the gateway's Lambda Invoke API
   */
  readonly schedule?: string;
}

/**
 * DejaVu Sans, embedded in every PDF, and DejaVu Serif, the stand-in for a firm template's serif fonts the system
 * does not have (the PDF writer reads the TTF files at run time).
 */
const PDF_FONT_FILES = [
  'node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  'node_modules/dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
  'node_modules/dejavu-fonts-ttf/ttf/DejaVuSans-Oblique.ttf',
  'node_modules/dejavu-fonts-ttf/ttf/DejaVuSans-BoldOblique.ttf',
  'node_modules/dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf',
  'node_modules/dejavu-fonts-ttf/ttf/DejaVuSerif.ttf',
  'node_modules/dejavu-fonts-ttf/ttf/DejaVuSerif-Bold.ttf',
  'node_modules/dejavu-fonts-ttf/ttf/DejaVuSerif-Italic.ttf',
  'node_modules/dejavu-fonts-ttf/ttf/DejaVuSerif-BoldItalic.ttf',
] as const;

export const workers = {
  exportReport: {
    id: 'exportReport',
    handler: 'export-report',
    summary: 'Builds a report export (DOCX, PDF, PPTX or a zip of the three) from the report document and stores it in S3',
    // CPU-bound (layout, fonts, charts, zip): 1,024 MB buys the CPU; a 20-page report takes a few seconds
    memoryMb: 1024,
    timeoutSeconds: 180,
    // docx, pdfkit (with fontkit), pptxgenjs (with its JSZip), fflate, ECharts and the S3 and DynamoDB clients
    bundleBudgetKb: 3500,
    dataFiles: PDF_FONT_FILES,
    // V8 grows its heap lazily towards a limit set by the machine; half the function's memory for the heap
    // makes it collect early and leaves the rest for native memory (WebAssembly, fonts, file buffers):
    // peak 418 MB over 24 exports of a 20-page report in one process (bench/results/exports.md)
    nodeOptions: '--max-old-space-size=512',
    // 3 running per report (MAX_ACTIVE_EXPORTS), 10 per user a minute; 10 at once for the whole firm, so a burst of
    // exports waits in Lambda's queue (asynchronous invocations are retried for up to maxEventAge) instead of
    // taking the capacity the API needs
    reservedConcurrency: 10,
    // the sector benchmark's aggregates for the optional benchmark section
    access: {
      table: 'readwrite',
      tableKeys: ['app', 'benchmarks'],
      // reads the progress, large sections, the brand's logo, the chosen templates and the workbook tables charts
      // are bound to; writes the export
      evidenceBucket: [
        { actions: ['get'], prefixes: ['progress', 'sections', 'brand', 'templates', 'evidence'] },
        { actions: ['put'], prefixes: ['exports'] },
      ],
    },
  },
  notificationDigest: {
    id: 'notificationDigest',
    handler: 'notification-digest',
    summary: "Mails each recipient whose setting is 'daily' one digest of their notifications queued since the last one",
    memoryMb: 256,
    timeoutSeconds: 300,
    bundleBudgetKb: 300,
    // once a day, at 07:00 UTC (before the working day in Europe, the night before in the Americas)
    schedule: 'cron(0 7 * * ? *)',
    // one digest run at a time (a second would mail the same notifications again)
    reservedConcurrency: 1,
    // each recipient's standing on the clients of what is queued for them, read again before mailing
    access: { table: 'readwrite', tableKeys: ['notifications', 'notificationDigest', 'clientStanding'], email: true },
  },
  draftStep: {
    id: 'draftStep',
    handler: 'draft-step',
    summary: 'Drafts one wizard step (steps 5–9) from the report\'s evidence with the configured AI provider and keeps it as the step\'s pending draft, recording its progress',
    // the local analyst reads every sentence of up to 60 evidence items (BM25, a language model); a Bedrock call
    // with its retries and a repair turn can take minutes: no API Gateway window applies here
    memoryMb: 1024,
    // three Bedrock tries of up to 150 s each (functions/domain/ai/providers DRAFT_REQUEST_TIMEOUT_MS) and the epilogue
    timeoutSeconds: 600,
    // the local analyst (wink-nlp with its language model, minisearch), the Bedrock provider and SDK, S3 and DynamoDB
    // (+180 for the analyst's word lists and rules, which grew with the drafter's reading of other clients' evidence)
    bundleBudgetKb: 1080,
    // each report runs one job per step at a time; 10 at once for the firm, so a burst waits in Lambda's queue
    reservedConcurrency: 10,
    // reads the evidence's texts and the progress; writes the pending draft (a large one in S3) and removes the one it replaces
    access: {
      table: 'readwrite',
      evidenceBucket: [
        { actions: ['get'], prefixes: ['evidence', 'progress'] },
        { actions: ['put', 'delete'], prefixes: ['drafts'] },
      ],
      bedrock: true,
    },
  },
  ledgerParts: {
    id: 'ledgerParts',
    handler: 'ledger-parts',
    summary: "Computes and stores the claim-ledger parts of sections a save changed, when a section is too large to compute on the save's own request",
    // CPU-bound (figure extraction, quote matching, gzip): a 200,000-character section with 500 cited quotes takes
    // 1-3 s on 2 vCPUs; 1,024 MB buys the CPU
    memoryMb: 1024,
    // a compose of every section at the largest size is nine parts in one invocation
    timeoutSeconds: 120,
    // the ledger's rules, the S3 client (large sections) and the DynamoDB client
    bundleBudgetKb: 560,
    // one part per save; 10 at once for the firm, so a burst of saves waits in Lambda's queue (the panel shows the
    // parts as pending meanwhile, Final's gate computes what is still behind)
    reservedConcurrency: 10,
    // reads the sections (large ones in S3), the findings' scores (the progress, a large one in S3) and the
    // evidence count the sections state; writes the parts
    access: {
      table: 'readwrite',
      evidenceBucket: [{ actions: ['get'], prefixes: ['sections', 'progress'] }],
    },
  },
} as const satisfies Record<string, WorkerDef>;

export type WorkerId = keyof typeof workers;
export const workerList: readonly WorkerDef[] = Object.values(workers);

/** The environment variable that carries a worker's function name (set together with the invoke grant). */
export const workerFunctionEnv = (id: string): string => `WORKER_${id.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}_FUNCTION`;

/** The function name the local harness answers to for a worker (in the cloud, CloudFormation names it). */
export const localWorkerFunctionName = (id: string): string => `assay-worker-${id}`;

/**
 * After this long without a word from its worker, a queued or running export is reported as failed: the
 * worker's timeout plus a margin (a function killed at its timeout cannot record its own failure).
 */
export const EXPORT_STALE_SECONDS = workers.exportReport.timeoutSeconds + 60;

/** The same for a drafting job: after this long without a word from its worker it reads as failed and may be started again. */
export const DRAFT_STALE_SECONDS = workers.draftStep.timeoutSeconds + 60;
