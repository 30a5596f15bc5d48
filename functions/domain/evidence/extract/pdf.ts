/**
 * PDF text via unpdf (pdf.js 6, serverless build; pdf.js 6 never evaluates generated code, so there is no
 * eval to disable). Page breaks become blank lines.
 */
import { ExtractionFailedError } from '../parsers';
import type { RawExtraction } from './types';

interface TextItemLike {
  str?: string;
  hasEOL?: boolean;
}

export async function extractPdf(bytes: Uint8Array, maxTextChars: number): Promise<RawExtraction> {
  const { getDocumentProxy } = await import('unpdf');
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await getDocumentProxy(bytes, {
      disableFontFace: true,
      useSystemFonts: false,
      useWorkerFetch: false,
      stopAtErrors: false,
      verbosity: 0,
    });
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'PasswordException') throw new ExtractionFailedError('The PDF is password-protected, so its text cannot be read');
    throw new ExtractionFailedError(`The PDF could not be read: ${(error as Error).message}`);
  }
  try {
    const pages: string[] = [];
    let length = 0;
    let truncated = false;
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items as TextItemLike[]) {
        if (typeof item.str === 'string') text += item.str;
        if (item.hasEOL) text += '\n';
      }
      page.cleanup();
      pages.push(text.trim());
      length += text.length + 2;
      if (length > maxTextChars) {
        truncated = n < pdf.numPages;
        break;
      }
    }
    return {
      text: pages.join('\n\n'),
      method: 'unpdf',
      pages: pdf.numPages,
      truncated,
      emptyReason: 'The PDF has no text layer (it may be a scanned image); scanned PDFs are not read by OCR',
    };
  } finally {
    // pdf.js 6 ends a document through its loading task (PDFDocumentProxy.destroy is gone)
    await pdf.loadingTask.destroy();
  }
}
