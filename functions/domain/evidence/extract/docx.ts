/** Word (.docx) text via mammoth; paragraphs are separated by blank lines. */
import { cjsModule, ExtractionFailedError } from '../parsers';
import type { RawExtraction } from './types';

export async function extractDocx(bytes: Uint8Array): Promise<RawExtraction> {
  const mammoth = cjsModule(await import('mammoth'));
  try {
    const result = await mammoth.extractRawText({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
    return { text: result.value, method: 'mammoth', emptyReason: 'The Word document contains no text' };
  } catch (error) {
    throw new ExtractionFailedError(`The Word document could not be read: ${(error as Error).message}`);
  }
}
