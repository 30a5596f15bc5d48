/**
 * Server-side fetching of user-supplied URLs, safe against SSRF:
 * - only http and https, no credentials in the URL;
 * - the host is resolved once (`dns.lookup`, all addresses) and refused if ANY address is private, loopback,
 *   link-local, unique-local, multicast, unspecified, reserved, CGNAT (100.64/10) or a cloud metadata address,
 *   in IPv4 or IPv6, including IPv6 forms that embed IPv4 (mapped, compatible, NAT64, 6to4);
 * - the connection goes to the vetted address (pinned through `lookup`), so DNS rebinding cannot swap it,
 *   while TLS SNI, certificate checks and the Host header keep the original name;
 * - only ports 80 and 443, unless a deploy allows others;
 * - redirects are followed by hand and every hop is checked again; a redirect from https to http is refused;
 * - errors never echo a resolved address or a raw connection error (they would map the internal network);
 * - the body is limited in size (after decompression) and the whole fetch in time.
 * `allowHosts` exists for tests that reach a server on 127.0.0.1; production callers never set it.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Transform } from 'node:stream';
import ipaddr from 'ipaddr.js';
import { AppError, withStatus } from '../errors';

/** The URL may not be fetched (scheme, credentials, or an address that is not public). */
export class BlockedUrlError extends withStatus(400) {}

/** The URL was allowed but fetching it failed: not found, refused, timed out, too large, HTTP error. */
export class FetchFailedError extends withStatus(422) {}

// ── address policy ──────────────────────────────────────────────────────────────────────────────────

/** Why an address is refused (as words for a message), or undefined when it is a public address. */
export type BlockReason = string | undefined;

const METADATA_V4 = new Set(['169.254.169.254', '169.254.170.2', '100.100.100.200', '192.0.0.192']);
const METADATA_V6 = ipaddr.IPv6.parse('fd00:ec2::254');
/** NAT64 local-use prefix (RFC 8215): translated by a gateway of the local network */
const NAT64_LOCAL = ipaddr.IPv6.parse('64:ff9b:1::');

/** ipaddr.js's named IPv4 ranges, in words; an address outside all of them ('unicast') is public. */
const V4_RANGES: Record<string, string> = {
  unspecified: 'an unspecified address',
  private: 'a private network address',
  loopback: 'a loopback address',
  linkLocal: 'a link-local address',
  carrierGradeNat: 'a carrier-grade NAT address',
  multicast: 'a multicast address',
  broadcast: 'the broadcast address',
  // IETF protocol assignments, documentation, benchmarking, the 6to4 relay anycast, 240/4, AS112, AMT
  reserved: 'a reserved address',
  as112: 'a reserved address',
  amt: 'a reserved address',
};

/** ipaddr.js's named IPv6 ranges that hold no IPv4 address, in words. */
const V6_RANGES: Record<string, string> = {
  unspecified: 'an unspecified address',
  loopback: 'a loopback address',
  uniqueLocal: 'a unique-local (private) address',
  linkLocal: 'a link-local address',
  deprecatedSiteLocal: 'a site-local (private) address',
  multicast: 'a multicast address',
};

function ipv4BlockReason(address: string): BlockReason {
  if (!ipaddr.IPv4.isValidFourPartDecimal(address)) return 'an address that is not valid';
  if (METADATA_V4.has(address)) return 'the cloud metadata service address';
  const range = ipaddr.IPv4.parse(address).range();
  return range === 'unicast' ? undefined : (V4_RANGES[range] ?? 'a reserved address');
}

function ipv6BlockReason(address: string): BlockReason {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''); // brackets and zone id dropped
  if (!ipaddr.IPv6.isValid(bare)) return 'an address that is not valid';
  const ip = ipaddr.IPv6.parse(bare);
  const p = ip.parts;
  const range = ip.range();
  /** the IPv4 address in two 16-bit groups, judged as IPv4 */
  const embedded = (hi: number, lo: number): BlockReason => {
    const reason = ipv4BlockReason(`${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`);
    return reason ? `${reason} (as IPv6)` : undefined;
  };
  if (range === 'unspecified' || range === 'loopback') return V6_RANGES[range];
  // IPv4-mapped ::ffff:a.b.c.d, IPv4-translated ::ffff:0:a.b.c.d (rfc6145), IPv4-compatible ::a.b.c.d
  if (range === 'ipv4Mapped' || range === 'rfc6145' || p.slice(0, 6).every((x) => x === 0)) return embedded(p[6]!, p[7]!);
  // NAT64: the well-known prefix 64:ff9b::/96 reaches the embedded IPv4 address; 64:ff9b:1::/48 is local use
  if (ip.match(NAT64_LOCAL, 48)) return 'a private network address';
  if (range === 'rfc6052') return embedded(p[6]!, p[7]!);
  // 6to4 2002:AABB:CCDD::/48 reaches AA.BB.CC.DD
  if (range === '6to4') return embedded(p[1]!, p[2]!);
  if (ip.match(METADATA_V6, 128)) return 'the cloud metadata service address';
  if (range === 'unicast') return undefined;
  // documentation, Teredo (which hides the real address), discard-only, benchmarking, ORCHID, …
  return V6_RANGES[range] ?? 'a reserved address';
}

/** Why `address` (IPv4 or IPv6 literal) may not be fetched from, or undefined when it may. */
export function blockReason(address: string): BlockReason {
  const bare = address.replace(/^\[|\]$/g, '');
  if (isIP(bare) === 4) return ipv4BlockReason(bare);
  if (isIP(bare.replace(/%.*$/, '')) === 6) return ipv6BlockReason(bare);
  return 'an address that is not valid';
}

// ── fetching ────────────────────────────────────────────────────────────────────────────────────────

export interface SafeFetchOptions {
  /** largest body accepted, after decompression; default 5 MB */
  maxBytes?: number;
  /** the whole fetch, redirects included; default 10 s */
  timeoutMs?: number;
  /** default 5 */
  maxRedirects?: number;
  /** TESTS ONLY: `host:port` (or `host`) entries whose addresses are not checked, e.g. `127.0.0.1:8080` */
  allowHosts?: readonly string[];
  /** the Accept header; default prefers HTML, then plain text and PDF */
  accept?: string;
  /** TESTS ONLY: resolves host names instead of `dns.lookup` (to show that connections use the vetted address) */
  resolver?: (hostname: string) => Promise<LookupAddress[]>;
  /** ports that may be fetched; default 80 and 443 (allow-listed hosts are exempt) */
  allowedPorts?: readonly number[];
}

export interface SafeFetchResponse {
  /** the final URL, after redirects */
  url: string;
  status: number;
  headers: http.IncomingHttpHeaders;
  /** media type, lower-case, without parameters ('' when the server sent none) */
  contentType: string;
  charset?: string;
  body: Buffer;
}

const SAFE_FETCH_DEFAULTS = { maxBytes: 5 * 1024 * 1024, timeoutMs: 10_000, maxRedirects: 5, allowedPorts: [80, 443] } as const;
const USER_AGENT = 'AssayEvidenceFetcher/1.0 (+business assessment evidence)';
const DEFAULT_ACCEPT = 'text/html,application/xhtml+xml;q=0.9,text/plain;q=0.8,application/pdf;q=0.8,*/*;q=0.1';
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const CONNECTION_ERRORS: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was reset',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'the host cannot be reached',
  ENETUNREACH: 'the network cannot be reached',
  EPIPE: 'the connection was closed',
  EPROTO: 'the site spoke an unexpected protocol',
  HPE_INVALID_CONSTANT: 'the site sent an invalid HTTP response',
};

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Number((bytes / (1024 * 1024)).toFixed(1))} MB` : `${Math.ceil(bytes / 1024)} KB`;
const secondsText = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

/** Parses and checks a URL's form: http(s) only, no user name or password. */
function parseFetchUrl(input: string, base?: URL): URL {
  let url: URL;
  try {
    url = base ? new URL(input, base) : new URL(input);
  } catch {
    throw new BlockedUrlError(`${JSON.stringify(input.slice(0, 200))} is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new BlockedUrlError(`Only http and https URLs can be fetched, not ${url.protocol.replace(/:$/, '')}`);
  }
  if (url.username || url.password) throw new BlockedUrlError('URLs with a user name or password are not allowed');
  return url;
}

const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
const portOf = (url: URL) => Number(url.port || (url.protocol === 'https:' ? 443 : 80));

function isAllowListed(url: URL, allowHosts: readonly string[] | undefined): boolean {
  if (!allowHosts?.length) return false;
  const host = bareHost(url);
  const port = portOf(url);
  return allowHosts.some((entry) => {
    const e = entry.trim().toLowerCase();
    return e === host || e === `${host}:${port}` || e === `[${host}]:${port}` || e === url.host.toLowerCase();
  });
}

function withDeadline<T>(promise: Promise<T>, deadline: number, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new FetchFailedError(`The site did not answer within ${secondsText(timeoutMs)}`)),
      Math.max(0, deadline - Date.now()),
    );
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/** Resolves the URL's host and returns the address to connect to, after checking every address. */
async function vetUrl(
  url: URL,
  opts: Pick<SafeFetchOptions, 'allowHosts' | 'resolver' | 'allowedPorts'> & { deadline?: number; timeoutMs?: number } = {},
): Promise<LookupAddress> {
  const host = bareHost(url);
  const allowListed = isAllowListed(url, opts.allowHosts);
  const ports = opts.allowedPorts ?? SAFE_FETCH_DEFAULTS.allowedPorts;
  if (!allowListed && !ports.includes(portOf(url))) {
    throw new BlockedUrlError(`Only ports ${ports.join(' and ')} can be fetched, not ${portOf(url)}`);
  }
  let addresses: LookupAddress[];
  const family = isIP(host);
  if (family) {
    addresses = [{ address: host, family }];
  } else {
    const lookup = opts.resolver
      ? opts.resolver(host)
      : new Promise<LookupAddress[]>((resolve, reject) =>
          dnsLookup(host, { all: true, verbatim: true }, (err, found) => (err ? reject(err) : resolve(found))),
        );
    try {
      addresses = await withDeadline(lookup, opts.deadline ?? Date.now() + 10_000, opts.timeoutMs ?? 10_000);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new FetchFailedError(`Could not find the site ${host}`);
    }
    if (!addresses.length) throw new FetchFailedError(`Could not find the site ${host}`);
  }
  if (!allowListed) {
    for (const { address } of addresses) {
      const reason = blockReason(address);
      // the reason, never the address: a resolved address would tell a caller about the internal network
      if (reason) throw new BlockedUrlError(`URL points to ${reason}, which is not allowed`);
    }
  }
  return addresses[0]!;
}

interface HopResult {
  status: number;
  statusText: string;
  headers: http.IncomingHttpHeaders;
  body?: Buffer;
  location?: string;
}

function decoderFor(encoding: string | undefined): Transform | undefined {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    default:
      return undefined;
  }
}

/** One request to the pinned address; redirects come back as `location` without a body. */
function requestOnce(url: URL, target: LookupAddress, maxBytes: number, deadline: number, timeoutMs: number, accept: string): Promise<HopResult> {
  return new Promise<HopResult>((resolve, reject) => {
    const host = bareHost(url);
    const secure = url.protocol === 'https:';
    let settled = false;
    let decoder: Transform | undefined;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // an aborted fetch must not leave a decompressor inflating what is still buffered
      decoder?.destroy();
      req.destroy();
      if (error instanceof AppError) return reject(error);
      const e = error as NodeJS.ErrnoException;
      const code = e.code ?? '';
      if (/CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO/.test(code)) {
        return reject(new FetchFailedError(`The site's TLS certificate could not be verified (${code})`));
      }
      // words for the code, never the raw message (it names the address and port connected to)
      reject(new FetchFailedError(`Could not fetch ${url.origin}: ${CONNECTION_ERRORS[code] ?? 'the connection failed'}`));
    };
    const pinnedLookup = (
      _hostname: string,
      options: { all?: boolean },
      callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
    ) => (options.all ? callback(null, [target]) : callback(null, target.address, target.family));
    const req = (secure ? https : http).request({
      protocol: url.protocol,
      hostname: host,
      port: portOf(url),
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      agent: false,
      lookup: pinnedLookup as unknown as http.RequestOptions['lookup'],
      ...(secure && !isIP(host) ? { servername: host } : {}),
      headers: { 'user-agent': USER_AGENT, accept, 'accept-encoding': 'gzip, deflate, br' },
    });
    const timer = setTimeout(
      () => fail(new FetchFailedError(`The site did not answer within ${secondsText(timeoutMs)}`)),
      Math.max(0, deadline - Date.now()),
    );
    req.on('error', fail);
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (REDIRECTS.has(status) && location) {
        res.resume();
        settled = true;
        clearTimeout(timer);
        req.destroy();
        return resolve({ status, statusText: res.statusMessage ?? '', headers: res.headers, location });
      }
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes && !res.headers['content-encoding']) {
        return fail(new FetchFailedError(`The response is ${sizeText(declared)}, larger than the ${sizeText(maxBytes)} allowed`));
      }
      decoder = decoderFor(res.headers['content-encoding']);
      const stream = decoder ? res.pipe(decoder) : res;
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        if (settled) return;
        size += chunk.length;
        if (size > maxBytes) {
          res.destroy();
          return fail(new FetchFailedError(`The response is larger than the ${sizeText(maxBytes)} allowed`));
        }
        chunks.push(chunk);
      });
      stream.on('error', (e: Error) => fail(new FetchFailedError(`The response could not be read: ${e.message}`)));
      res.on('close', () => {
        if (!res.complete) fail(new FetchFailedError('The site closed the connection before the response was complete'));
      });
      stream.on('end', () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ status, statusText: res.statusMessage ?? '', headers: res.headers, body: Buffer.concat(chunks) });
      });
    });
    req.end();
  });
}

function parseContentType(header: string | undefined): { contentType: string; charset?: string } {
  if (!header) return { contentType: '' };
  const [type, ...params] = header.split(';');
  const charset = params
    .map((p) => /^\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(p)?.[1])
    .find(Boolean);
  return { contentType: (type ?? '').trim().toLowerCase(), ...(charset ? { charset: charset.toLowerCase() } : {}) };
}

/** Where a redirect leads, checked like the first URL; a step down from https to http is refused. */
export function redirectTarget(from: URL, location: string): URL {
  const next = parseFetchUrl(location, from);
  if (from.protocol === 'https:' && next.protocol === 'http:') {
    throw new BlockedUrlError('The site redirected from https to http, which is not followed');
  }
  return next;
}

/**
 * GETs a user-supplied URL under the rules above. Throws BlockedUrlError when the URL may not be fetched
 * and FetchFailedError when fetching it failed; both messages say what is wrong.
 */
export async function safeFetch(input: string, opts: SafeFetchOptions = {}): Promise<SafeFetchResponse> {
  const maxBytes = opts.maxBytes ?? SAFE_FETCH_DEFAULTS.maxBytes;
  const timeoutMs = opts.timeoutMs ?? SAFE_FETCH_DEFAULTS.timeoutMs;
  const maxRedirects = opts.maxRedirects ?? SAFE_FETCH_DEFAULTS.maxRedirects;
  const deadline = Date.now() + timeoutMs;
  let url = parseFetchUrl(input);
  for (let hop = 0; ; hop++) {
    const target = await vetUrl(url, { allowHosts: opts.allowHosts, resolver: opts.resolver, allowedPorts: opts.allowedPorts, deadline, timeoutMs });
    const result = await requestOnce(url, target, maxBytes, deadline, timeoutMs, opts.accept ?? DEFAULT_ACCEPT);
    if (result.location !== undefined) {
      if (hop >= maxRedirects) throw new FetchFailedError(`The site redirected more than ${maxRedirects} times`);
      url = redirectTarget(url, result.location);
      continue;
    }
    if (result.status < 200 || result.status >= 300) {
      throw new FetchFailedError(`The site answered with HTTP ${result.status}${result.statusText ? ` ${result.statusText}` : ''}`);
    }
    return { url: url.href, status: result.status, headers: result.headers, ...parseContentType(result.headers['content-type']), body: result.body ?? Buffer.alloc(0) };
  }
}
