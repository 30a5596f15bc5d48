/**
 * A small web server on loopback that plays "the internet" for URL-evidence tests: an article page, plain
 * text, a PDF, a redirect to the cloud metadata address, an oversize page and a slow one.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pdfBytes } from './evidence-fixtures';

export const ARTICLE_HTML = `<!doctype html><html><head><title>Retail margins under pressure</title></head><body>
<nav>Home | About | Contact</nav>
<article><h1>Retail margins under pressure</h1>
<p>Gross margin fell by 3.2 percentage points in the third quarter as freight and labour costs rose faster than prices.</p>
<p>Customer churn increased to 14% among loyalty members, while net promoter score dropped to 21.</p>
<p>Competitors expanded same-day delivery in five regions, taking share in the premium segment.</p>
<p>The board approved a cost programme targeting 40 million in annual savings from store operations and logistics.</p>
</article><footer>© Example News</footer></body></html>`;

export async function startFixtureWeb(): Promise<{ url: string; port: number; server: Server; stop: () => Promise<void> }> {
  const pdf = Buffer.from(await pdfBytes([['Annual report. Revenue grew 12% to 480 million while operating costs rose 9%.', 'Employee turnover fell to 11%.']]));
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/article') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(ARTICLE_HTML);
    }
    if (path === '/notes.txt') {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      return res.end('Interview with the CFO: cash conversion improved, but the revolving credit facility is nearly drawn.');
    }
    if (path === '/report.pdf') {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      return res.end(pdf);
    }
    if (path === '/to-metadata') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      return res.end();
    }
    if (path === '/huge') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end(`<html><body>${'x'.repeat(6 * 1024 * 1024)}</body></html>`);
    }
    if (path === '/binary') {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      return res.end(Buffer.alloc(100));
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => ok()));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    server,
    stop: () => new Promise((ok) => { server.closeAllConnections(); server.close(() => ok()); }),
  };
}
