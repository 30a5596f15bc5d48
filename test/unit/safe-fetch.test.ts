/**
 * safeFetch and fetchReadable against a local server on 127.0.0.1 (reached through the test-only
 * allow-list), and the refusals that must happen before any connection is made.
 * No request in this file leaves the loopback interface: every other address is refused before connecting.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchReadable, UnsupportedContentError } from '../../functions/domain/evidence/readable';
import { blockReason, BlockedUrlError, FetchFailedError, redirectTarget, safeFetch } from '../../functions/lib/net/safe-fetch';
import { pdfBytes } from '../helpers/evidence-fixtures';

let server: http.Server;
let base: string;
let allowHosts: string[];
let pdf: Uint8Array;
const seenHeaders: http.IncomingHttpHeaders[] = [];

const ARTICLE = `<!doctype html><html><head><meta charset="utf-8"><title>Acme results</title></head><body>
<nav><a href="/">Home</a> · <a href="/about">About</a></nav>
<article><h1>Acme posts a record quarter</h1>
<p>Acme Retail Group reported revenue of $48 million in the third quarter, up 12% year on year, driven by strong demand in its premium segment and a successful loyalty relaunch.</p>
<p>Gross margin improved to 34% as warehouse automation lowered fulfilment costs, while customer churn fell to 4.2% and the programme added 120,000 members.</p>
<p>Management expects competition from two low-cost entrants to intensify next year and is investing in staff training to protect service levels.</p></article>
<footer>© 2025 Example News</footer><script>window.tracker = 1</script></body></html>`;

beforeAll(async () => {
  pdf = await pdfBytes([['Revenue grew 12% year on year.']]);
  server = http.createServer((req, res) => {
    seenHeaders.push(req.headers);
    const path = req.url ?? '/';
    const send = (status: number, type: string, body: string | Uint8Array, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': type, ...headers });
      res.end(body);
    };
    switch (path) {
      case '/html':
        return send(200, 'text/html; charset=utf-8', ARTICLE);
      case '/latin1':
        return send(200, 'text/html; charset=iso-8859-1', Buffer.from('<html><head><title>Caf\xe9</title></head><body><p>Caf\xe9 cr\xe8me</p></body></html>', 'latin1'));
      case '/text':
        return send(200, 'text/plain; charset=utf-8', 'Interview notes\r\nRevenue grew 12%.');
      case '/report.pdf':
        return send(200, 'application/pdf', pdf);
      case '/octet':
        return send(200, 'application/octet-stream', pdf);
      case '/image':
        return send(200, 'image/png', new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
      case '/headers':
        return send(200, 'text/plain', 'ok');
      case '/redirect-local':
        return send(302, 'text/plain', '', { location: '/html' });
      case '/redirect-private':
        return send(302, 'text/plain', '', { location: 'http://10.0.0.5/secret' });
      case '/redirect-metadata':
        return send(301, 'text/plain', '', { location: 'http://169.254.169.254/latest/meta-data/' });
      case '/redirect-file':
        return send(307, 'text/plain', '', { location: 'file:///etc/passwd' });
      case '/redirect-loop':
        return send(302, 'text/plain', '', { location: '/redirect-loop' });
      case '/big':
        return send(200, 'text/plain', Buffer.alloc(6 * 1024 * 1024, 'a'), { 'content-length': String(6 * 1024 * 1024) });
      case '/big-chunked': {
        res.writeHead(200, { 'content-type': 'text/plain' });
        const chunk = Buffer.alloc(64 * 1024, 'b');
        let sent = 0;
        const pump = () => {
          while (sent < 8 * 1024 * 1024) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          res.end();
        };
        res.on('error', () => undefined);
        return pump();
      }
      case '/gzip-bomb':
        return send(200, 'text/html', gzipSync(Buffer.alloc(50 * 1024 * 1024)), { 'content-encoding': 'gzip' });
      case '/gzip-ok':
        return send(200, 'text/plain', gzipSync(Buffer.from('compressed notes')), { 'content-encoding': 'gzip' });
      case '/slow':
        return; // never answers
      case '/missing':
        return send(404, 'text/plain', 'not here');
      default:
        return send(500, 'text/plain', 'unexpected');
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  allowHosts = [`127.0.0.1:${port}`];
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

async function refusal(url: string, opts: Parameters<typeof safeFetch>[1] = {}): Promise<Error> {
  const error = await safeFetch(url, opts).then(
    () => undefined,
    (e: unknown) => e as Error,
  );
  if (!error) throw new Error(`${url} was fetched`);
  return error;
}

describe('safeFetch: allowed fetches', () => {
  it('fetches from the allow-listed local server, keeping the Host header', async () => {
    // Act
    const res = await safeFetch(`${base}/headers`, { allowHosts });
    // Assess
    expect(res).toMatchObject({ status: 200, contentType: 'text/plain', url: `${base}/headers` });
    expect(res.body.toString()).toBe('ok');
    const headers = seenHeaders.at(-1)!;
    expect(headers.host).toBe(base.replace('http://', ''));
    expect(headers['user-agent']).toMatch(/^AssayEvidenceFetcher/);
  });

  it('follows a relative redirect on the same server and reports the final URL', async () => {
    const res = await safeFetch(`${base}/redirect-local`, { allowHosts });
    expect(res.url).toBe(`${base}/html`);
    expect(res.charset).toBe('utf-8');
    expect(res.body.toString()).toContain('Acme posts a record quarter');
  });

  it('connects to the address it vetted, not to a second DNS answer, and keeps the name in the Host header', async () => {
    // Prepare: a name that only this resolver knows; a second lookup would find nothing (or, in a rebinding
    // attack, a private address), so success shows the connection was pinned to the first answer
    const port = new URL(base).port;
    let lookups = 0;
    const resolver = async () => {
      lookups++;
      return lookups === 1 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '10.0.0.5', family: 4 }];
    };
    // Act
    const res = await safeFetch(`http://rebind.test:${port}/headers`, { allowHosts: [`rebind.test:${port}`], resolver });
    // Assess
    expect(res.body.toString()).toBe('ok');
    expect(lookups).toBe(1);
    expect(seenHeaders.at(-1)!.host).toBe(`rebind.test:${port}`);
  });

  it('decompresses gzip bodies', async () => {
    const res = await safeFetch(`${base}/gzip-ok`, { allowHosts });
    expect(res.body.toString()).toBe('compressed notes');
  });
});

describe('safeFetch: refused addresses (never connected to)', () => {
  it('refuses 127.0.0.1 when it is not allow-listed', async () => {
    const e = await refusal(`${base}/html`, { allowedPorts: [Number(new URL(base).port)] });
    expect(e).toBeInstanceOf(BlockedUrlError);
    expect(e.message).toBe('URL points to a loopback address, which is not allowed');
  });

  it.each([
    ['http://10.0.0.5/', 'URL points to a private network address, which is not allowed'],
    ['http://192.168.1.10/admin', 'URL points to a private network address, which is not allowed'],
    ['http://172.20.0.1/', 'URL points to a private network address, which is not allowed'],
    ['http://169.254.169.254/latest/meta-data/', 'URL points to the cloud metadata service address, which is not allowed'],
    ['http://100.100.100.200/', 'URL points to the cloud metadata service address, which is not allowed'],
    ['http://100.64.3.4/', 'URL points to a carrier-grade NAT address, which is not allowed'],
    ['http://0.0.0.0/', 'URL points to an unspecified address, which is not allowed'],
    ['http://224.0.0.1/', 'URL points to a multicast address, which is not allowed'],
    ['http://0x7f000001/', 'URL points to a loopback address, which is not allowed'],
    ['http://2130706433/', 'URL points to a loopback address, which is not allowed'],
    ['http://127.1/', 'URL points to a loopback address, which is not allowed'],
    ['http://[::1]/', 'URL points to a loopback address, which is not allowed'],
    ['http://[::]/', 'URL points to an unspecified address, which is not allowed'],
    ['http://[::ffff:10.0.0.1]/', 'URL points to a private network address (as IPv6), which is not allowed'],
    ['http://[::ffff:127.0.0.1]/', 'URL points to a loopback address (as IPv6), which is not allowed'],
    ['http://[fd00:ec2::254]/', 'URL points to the cloud metadata service address, which is not allowed'],
    ['http://[fd12:3456::1]/', 'URL points to a unique-local (private) address, which is not allowed'],
    ['http://[fe80::1]/', 'URL points to a link-local address, which is not allowed'],
    ['http://[64:ff9b::a9fe:a9fe]/', 'URL points to the cloud metadata service address (as IPv6), which is not allowed'],
    ['http://[2002:a00:1::]/', 'URL points to a private network address (as IPv6), which is not allowed'],
  ])('refuses %s', async (url, message) => {
    const e = await refusal(url);
    expect(e).toBeInstanceOf(BlockedUrlError);
    expect(e.message).toBe(message);
  });

  it('refuses a host name that resolves to a loopback address', async () => {
    const e = await refusal('http://localhost/');
    expect(e).toBeInstanceOf(BlockedUrlError);
    expect(e.message).toMatch(/^URL points to a loopback address, which is not allowed$/);
  });

  it('refuses a name when any of its addresses is private, even if another is public', async () => {
    const resolver = async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '10.1.2.3', family: 4 },
    ];
    const e = await refusal('https://mixed.test/', { resolver });
    expect(e).toBeInstanceOf(BlockedUrlError);
    expect(e.message).toBe('URL points to a private network address, which is not allowed');
  });

  it('refuses a redirect from the allowed server to a private or metadata address', async () => {
    const toPrivate = await refusal(`${base}/redirect-private`, { allowHosts });
    expect(toPrivate).toBeInstanceOf(BlockedUrlError);
    expect(toPrivate.message).toBe('URL points to a private network address, which is not allowed');
    const toMetadata = await refusal(`${base}/redirect-metadata`, { allowHosts });
    expect(toMetadata.message).toBe('URL points to the cloud metadata service address, which is not allowed');
  });

  it.each([
    ['file:///etc/passwd', 'Only http and https URLs can be fetched, not file'],
    ['ftp://example.com/file', 'Only http and https URLs can be fetched, not ftp'],
    ['gopher://example.com/', 'Only http and https URLs can be fetched, not gopher'],
    ['javascript:alert(1)', 'Only http and https URLs can be fetched, not javascript'],
    ['http://user:secret@example.com/', 'URLs with a user name or password are not allowed'],
    ['not a url', '"not a url" is not a valid URL'],
  ])('refuses %s', async (url, message) => {
    const e = await refusal(url);
    expect(e).toBeInstanceOf(BlockedUrlError);
    expect(e.message).toBe(message);
  });

  it('refuses a redirect to a non-http scheme', async () => {
    const e = await refusal(`${base}/redirect-file`, { allowHosts });
    expect(e).toBeInstanceOf(BlockedUrlError);
    expect(e.message).toBe('Only http and https URLs can be fetched, not file');
  });

  it('accepts public addresses in its address policy', () => {
    for (const ok of ['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '[2a00:1450:4001::200e]', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1']) {
      expect(blockReason(ok), ok).toBeUndefined();
    }
  });

  it('refuses every IPv6 form that embeds a private IPv4 address, and the IPv6 ranges that are not public', () => {
    const cases: [string, string][] = [
      ['::10.0.0.1', 'a private network address (as IPv6)'], // IPv4-compatible
      ['::ffff:0:192.168.0.1', 'a private network address (as IPv6)'], // IPv4-translated
      ['::ffff:a9fe:a9fe', 'the cloud metadata service address (as IPv6)'],
      ['64:ff9b::7f00:1', 'a loopback address (as IPv6)'], // NAT64
      ['64:ff9b:1::808:808', 'a private network address'], // NAT64 local use
      ['2002:7f00:1::', 'a loopback address (as IPv6)'], // 6to4
      ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'a reserved address'], // Teredo
      ['2001:db8::1', 'a reserved address'],
      ['100::1', 'a reserved address'],
      ['fec0::1', 'a site-local (private) address'],
      ['ff02::1', 'a multicast address'],
      ['fe80::1%eth0', 'a link-local address'],
      ['255.255.255.255', 'the broadcast address'],
      ['198.18.0.1', 'a reserved address'],
      ['192.0.0.192', 'the cloud metadata service address'],
      ['01.2.3.4', 'an address that is not valid'],
    ];
    for (const [address, reason] of cases) expect(blockReason(address), address).toBe(reason);
  });
});

describe('safeFetch: failures', () => {
  it('refuses bodies over the limit, declared or streamed, and decompression bombs', async () => {
    const declared = await refusal(`${base}/big`, { allowHosts });
    expect(declared).toBeInstanceOf(FetchFailedError);
    expect(declared.message).toBe('The response is 6 MB, larger than the 5 MB allowed');
    const streamed = await refusal(`${base}/big-chunked`, { allowHosts, maxBytes: 1024 * 1024 });
    expect(streamed.message).toBe('The response is larger than the 1 MB allowed');
    const bomb = await refusal(`${base}/gzip-bomb`, { allowHosts });
    expect(bomb.message).toBe('The response is larger than the 5 MB allowed');
  });

  it('gives up on a server that does not answer in time', async () => {
    const started = Date.now();
    const e = await refusal(`${base}/slow`, { allowHosts, timeoutMs: 300 });
    expect(e).toBeInstanceOf(FetchFailedError);
    expect(e.message).toBe('The site did not answer within 0.3 s');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('stops after too many redirects and reports HTTP errors', async () => {
    expect((await refusal(`${base}/redirect-loop`, { allowHosts, maxRedirects: 3 })).message).toBe('The site redirected more than 3 times');
    const missing = await refusal(`${base}/missing`, { allowHosts });
    expect(missing).toBeInstanceOf(FetchFailedError);
    expect(missing.message).toBe('The site answered with HTTP 404 Not Found');
  });

  it('reports a refused connection', async () => {
    // a port on 127.0.0.1 with nothing listening (the server's own port, once closed, is not reused here)
    const probe = http.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const { port } = probe.address() as AddressInfo;
    await new Promise((r) => probe.close(r));
    const e = await refusal(`http://127.0.0.1:${port}/`, { allowHosts: [`127.0.0.1:${port}`] });
    expect(e).toBeInstanceOf(FetchFailedError);
    expect(e.message).toBe(`Could not fetch http://127.0.0.1:${port}: the connection was refused`);
  });
});

describe('fetchReadable', () => {
  it('returns the readable text of an HTML page, without navigation, footer or scripts', async () => {
    const page = await fetchReadable(`${base}/html`, { allowHosts });
    expect(page.kind).toBe('html');
    if (page.kind !== 'html') return;
    // Readability prefers the page's single <h1> to a short <title>
    expect(page.title).toBe('Acme posts a record quarter');
    expect(page.text.split('\n\n')[0]).toMatch(/^Acme Retail Group reported revenue of \$48 million/);
    expect(page.text).toContain('Gross margin improved to 34%');
    expect(page.text).not.toMatch(/About|tracker|Example News/);
  });

  it('decodes the declared character set', async () => {
    const page = await fetchReadable(`${base}/latin1`, { allowHosts });
    expect(page).toMatchObject({ kind: 'html', title: 'Café', text: 'Café crème' });
  });

  it('returns plain text as it is and PDF bytes for extraction', async () => {
    expect(await fetchReadable(`${base}/text`, { allowHosts })).toEqual({
      kind: 'text',
      url: `${base}/text`,
      title: 'text',
      text: 'Interview notes\nRevenue grew 12%.',
    });
    const doc = await fetchReadable(`${base}/report.pdf`, { allowHosts });
    expect(doc).toMatchObject({ kind: 'pdf', title: 'report.pdf' });
    if (doc.kind === 'pdf') expect(Buffer.from(doc.bytes).equals(Buffer.from(pdf))).toBe(true);
    expect(await fetchReadable(`${base}/octet`, { allowHosts })).toMatchObject({ kind: 'pdf' });
  });

  it('refuses other content with a clear reason', async () => {
    const e = await fetchReadable(`${base}/image`, { allowHosts }).catch((x: unknown) => x as Error);
    expect(e).toBeInstanceOf(UnsupportedContentError);
    expect((e as Error).message).toBe('The URL returned image/png, which cannot be read as evidence (web pages, plain text and PDF can)');
  });

  it('applies the same address rules', async () => {
    await expect(fetchReadable('http://169.254.169.254/latest/meta-data/')).rejects.toBeInstanceOf(BlockedUrlError);
  });
});

describe('ports, redirects and what errors say', () => {
  it('fetches only ports 80 and 443 unless told otherwise', async () => {
    const e = await refusal('http://example.com:8080/admin');
    expect(e).toBeInstanceOf(BlockedUrlError);
    expect(e.message).toBe('Only ports 80 and 443 can be fetched, not 8080');
    expect((await refusal('https://example.com:22/')).message).toBe('Only ports 80 and 443 can be fetched, not 22');
  });

  it('refuses a redirect from https down to http, and follows the others', () => {
    expect(() => redirectTarget(new URL('https://example.com/a'), 'http://example.com/b')).toThrow('The site redirected from https to http, which is not followed');
    expect(redirectTarget(new URL('http://example.com/a'), 'https://example.com/b').href).toBe('https://example.com/b');
    expect(redirectTarget(new URL('https://example.com/a'), '/c').href).toBe('https://example.com/c');
    expect(() => redirectTarget(new URL('https://example.com/a'), 'file:///etc/passwd')).toThrow(BlockedUrlError);
  });

  it('never echoes the address a name resolved to', async () => {
    const resolver = async () => [{ address: '10.9.8.7', family: 4 }];
    const e = await refusal('http://intranet.example/', { resolver });
    expect(e.message).toBe('URL points to a private network address, which is not allowed');
    expect(e.message).not.toContain('10.9.8.7');
  });
});
