import { csvList, readConfig } from '../../lib/config';
import { extractText } from './extract';
import { ingestText } from './ingest';
import { fetchReadable } from './readable';

/**
 * TESTS ONLY: hosts whose addresses are not checked (the local test web server). Never set in a deploy;
 * the CDK app does not pass it.
 */
const config = readConfig({ URL_FETCH_ALLOW_HOSTS: csvList });

/** A web page (or a PDF behind a URL) as evidence: fetched safely, read, analysed. */
export async function addUrlEvidence(ref: string, body: { url: string; title: string; tags: string[]; description: string }, by: string) {
  const page = await fetchReadable(body.url, { allowHosts: config.URL_FETCH_ALLOW_HOSTS });
  let text: string;
  let reason: string | undefined;
  if (page.kind === 'pdf') {
    const extraction = await extractText(page.bytes, 'pdf', { timeBudgetMs: 15_000 });
    text = extraction.text;
    reason = extraction.reason;
  } else {
    text = page.text;
  }
  return ingestText({
    ref,
    type: 'url',
    title: body.title,
    source: page.url,
    content: body.description || (page.kind === 'pdf' ? '' : page.title),
    text,
    tags: body.tags,
    by,
    fileType: page.kind === 'pdf' ? 'application/pdf' : page.kind === 'html' ? 'text/html' : 'text/plain',
    fileSize: page.kind === 'pdf' ? page.bytes.length : Buffer.byteLength(text),
    reason,
  });
}
