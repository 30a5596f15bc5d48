/**
 * Image text (png, jpg) by OCR with tesseract.js, fully offline: the recogniser and its WebAssembly core
 * come from node_modules (or, in a bundle, from the files copied beside it) and the English model from the
 * @tesseract.js-data/eng package. Nothing is fetched and nothing is cached to disk.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OCR_ASSETS } from './assets';
import { cjsModule, ExtractionFailedError } from '../parsers';
import type { RawExtraction } from './types';

const OEM_LSTM_ONLY = 1;

/** Where the recogniser's worker script and language data are, or why OCR cannot run here. */
export function ocrPaths(): { workerPath: string; langPath: string } | { unavailable: string } {
  const here = dirname(fileURLToPath(import.meta.url));
  const bundledWorker = join(here, OCR_ASSETS.workerFile);
  if (existsSync(bundledWorker)) {
    if (!existsSync(join(here, OCR_ASSETS.langFile))) {
      return { unavailable: 'Image text recognition (OCR) is not available here: its English language data is missing' };
    }
    return { workerPath: bundledWorker, langPath: here };
  }
  try {
    const require = createRequire(import.meta.url);
    const workerPath = require.resolve('tesseract.js/src/worker-script/node/index.js');
    const langPath = join(dirname(require.resolve('@tesseract.js-data/eng')), OCR_ASSETS.langDir);
    if (!existsSync(join(langPath, OCR_ASSETS.langFile))) throw new Error('no language data');
    return { workerPath, langPath };
  } catch {
    return { unavailable: 'Image text recognition (OCR) is not available here: tesseract.js or its language data is not installed' };
  }
}

export async function extractImageText(bytes: Uint8Array): Promise<RawExtraction> {
  const paths = ocrPaths();
  if ('unavailable' in paths) return { text: '', method: 'none', emptyReason: paths.unavailable };
  let worker: import('tesseract.js').Worker;
  try {
    const Tesseract = cjsModule(await import('tesseract.js'));
    worker = await Tesseract.createWorker('eng', OEM_LSTM_ONLY, {
      workerPath: paths.workerPath,
      langPath: paths.langPath,
      cachePath: paths.langPath,
      cacheMethod: 'none',
      gzip: true,
      workerBlobURL: false,
      logger: () => undefined,
      errorHandler: () => undefined,
    });
  } catch (error) {
    return { text: '', method: 'none', emptyReason: `Image text recognition (OCR) could not start: ${describe(error)}` };
  }
  try {
    const { data } = await worker.recognize(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    return { text: data.text, method: 'tesseract.js', emptyReason: 'No text was recognised in the image' };
  } catch (error) {
    throw new ExtractionFailedError(`The image could not be read: ${describe(error)}`);
  } finally {
    await worker.terminate().catch(() => undefined);
  }
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));
