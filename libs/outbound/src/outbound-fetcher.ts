import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress, LookupAllOptions, LookupOneOptions } from 'node:dns';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import ipaddr from 'ipaddr.js';
import { forbiddenRange } from './address-policy';
import { OutboundErrors, OutboundRefusalReason, isOutboundError } from './outbound.errors';
import { type OutboundTarget, canonicalAddress, canonicalHost, formatTarget } from './outbound-targets';

/** One address a name resolves to. */
export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

/** Resolves a DNS name to every address it has (the default: the system resolver, dns.lookup all). */
export type HostResolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;

export interface OutboundPolicy {
  /**
   * Targets exempt from the address rules and from https-only (parsed OUTBOUND_ALLOW). An entry
   * with a port (`127.0.0.1:4567`) matches that host and port exactly and also wins over
   * `deniedTargets`; an entry without one (`hooks.internal`) matches every port of the host but
   * does not lift a denied host:port. An entry matches the URL's host or an address it resolves to.
   */
  readonly allow?: readonly OutboundTarget[];
  /**
   * The platform's own endpoints (its Redis, PostgreSQL, service ports …) that no customer URL may
   * reach, even where an allow entry without a port covers their host. A DNS name here is resolved
   * at each check, so `localhost:6379` also denies 127.0.0.1:6379 and [::1]:6379.
   */
  readonly deniedTargets?: readonly OutboundTarget[];
  /** TCP connect timeout, ms (default 5 000). */
  readonly connectTimeoutMs?: number;
  /** Total time for one call, from the DNS lookup to the last body byte, ms (default 10 000). */
  readonly timeoutMs?: number;
  /** Response body cap, bytes (default 1 MiB). */
  readonly maxResponseBytes?: number;
  /** Sent as User-Agent unless the call sets one. */
  readonly userAgent?: string;
  /** DNS resolution; tests replace it to simulate names. */
  readonly resolve?: HostResolver;
}

export interface OutboundRequestOptions {
  /** Default GET. */
  readonly method?: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** Sent as is (a string as UTF-8), with Content-Length. */
  readonly body?: string | Uint8Array;
  /** Override the policy's total timeout for this call. */
  readonly timeoutMs?: number;
  /** Override the policy's connect timeout for this call. */
  readonly connectTimeoutMs?: number;
  /** Override the policy's response cap for this call. */
  readonly maxResponseBytes?: number;
}

export interface OutboundResponse {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  /** The raw body bytes (no content decoding: we never ask for a compressed answer). */
  readonly body: Buffer;
  /** The address the call was made to. */
  readonly address: string;
}

export interface OutboundJsonResponse<T> {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly json: T;
  readonly address: string;
}

/** A target that passed the policy: where a call to it will connect, and nowhere else. */
export interface CheckedTarget {
  readonly url: URL;
  readonly host: string;
  readonly port: number;
  readonly addresses: readonly ResolvedAddress[];
}

export interface OutboundFetcher {
  /** The policy's verdict on a URL without calling it (e.g. to refuse a webhook URL when it is given). */
  check(url: string): Promise<CheckedTarget>;
  /** One call; resolves for a 2xx, throws OutboundError for anything else. */
  request(url: string, options?: OutboundRequestOptions): Promise<OutboundResponse>;
  /** request() with `Accept: application/json`, the 2xx body parsed. */
  fetchJson<T = unknown>(url: string, options?: OutboundRequestOptions): Promise<OutboundJsonResponse<T>>;
}

const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_RESPONSE_BYTES = 1024 * 1024;

const systemResolver: HostResolver = async (hostname) => {
  const found = await dnsLookup(hostname, { all: true, verbatim: true });
  return found.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

/**
 * The one way to call a URL that a customer or an agent gave us (webhook URLs, `UCP-Agent` profile
 * URLs): http(s) only, https unless allow-listed, no private/loopback/link-local/… address, none of
 * the platform's own endpoints, the connection pinned to the addresses that were checked (no DNS
 * rebinding between check and connect), no redirects, a connect and a total timeout, a body cap.
 * docs/outbound.md gives the rules and why.
 */
export function createOutboundFetcher(policy: OutboundPolicy = {}): OutboundFetcher {
  const allow = policy.allow ?? [];
  const denied = policy.deniedTargets ?? [];
  const resolve = policy.resolve ?? systemResolver;

  async function resolveHost(host: string): Promise<ResolvedAddress[]> {
    if (isIpAddress(host)) return [{ address: host, family: host.includes(':') ? 6 : 4 }];
    let found: readonly ResolvedAddress[];
    try {
      found = await resolve(host);
    } catch (error) {
      throw OutboundErrors.unreachable(`${host} does not resolve`, error);
    }
    if (found.length === 0) throw OutboundErrors.unreachable(`${host} does not resolve`);
    return found.map((a) => ({ address: canonicalAddress(a.address), family: a.family }));
  }

  /** The denied list with its DNS names resolved: every address:port (or address) it stands for. */
  async function deniedAddresses(): Promise<OutboundTarget[]> {
    const out: OutboundTarget[] = [];
    for (const target of denied) {
      out.push(target);
      if (isIpAddress(target.host)) continue;
      try {
        for (const a of await resolve(target.host))
          out.push({ host: canonicalAddress(a.address), port: target.port });
      } catch {
        // a name that does not resolve denies nothing more than its name
      }
    }
    return out;
  }

  async function check(rawUrl: string): Promise<CheckedTarget> {
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      throw OutboundErrors.refused(OutboundRefusalReason.INVALID_URL, 'not an absolute URL');
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      throw OutboundErrors.refused(
        OutboundRefusalReason.UNSUPPORTED_SCHEME,
        `${url.protocol} URLs are not called`,
      );
    }
    if (url.username !== '' || url.password !== '') {
      throw OutboundErrors.refused(
        OutboundRefusalReason.CREDENTIALS_IN_URL,
        'credentials in the URL are not sent',
      );
    }
    const host = canonicalHost(url.hostname);
    const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
    const addresses = await resolveHost(host);
    const deniedList = await deniedAddresses();

    const names = (address: string) => (address === host ? [host] : [host, address]);
    const allowedExactly = (address: string) =>
      names(address).some((name) => allow.some((t) => t.host === name && t.port === port));
    const allowedHost = (address: string) =>
      names(address).some((name) => allow.some((t) => t.host === name && t.port === undefined));
    const isDenied = (address: string) =>
      names(address).some((name) =>
        deniedList.some((t) => t.host === name && (t.port === undefined || t.port === port)),
      );

    for (const { address } of addresses) {
      const exact = allowedExactly(address);
      if (!exact && isDenied(address)) {
        throw OutboundErrors.refused(
          OutboundRefusalReason.DENIED_TARGET,
          `${formatTarget({ host: address, port })} is one of the platform's own endpoints`,
          { address },
        );
      }
      const range = forbiddenRange(address);
      if (range !== null && !exact && !allowedHost(address)) {
        throw OutboundErrors.refused(
          OutboundRefusalReason.FORBIDDEN_ADDRESS,
          `${host} is${address === host ? '' : ` (resolves to ${address})`} a ${range} address`,
          { address, range },
        );
      }
    }
    if (
      url.protocol === 'http:' &&
      !addresses.every(({ address }) => allowedExactly(address) || allowedHost(address))
    ) {
      throw OutboundErrors.refused(
        OutboundRefusalReason.HTTPS_REQUIRED,
        `http: to ${host} is not allowed; use https:`,
      );
    }
    return { url, host, port, addresses };
  }

  async function request(rawUrl: string, options: OutboundRequestOptions = {}): Promise<OutboundResponse> {
    const timeoutMs = options.timeoutMs ?? policy.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const started = Date.now();
    const target = await withDeadline(check(rawUrl), timeoutMs);
    return send(target, options, timeoutMs - (Date.now() - started), timeoutMs);
  }

  function send(
    target: CheckedTarget,
    options: OutboundRequestOptions,
    remainingMs: number,
    timeoutMs: number,
  ): Promise<OutboundResponse> {
    const connectTimeoutMs =
      options.connectTimeoutMs ?? policy.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    const maxBytes = options.maxResponseBytes ?? policy.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    const body =
      options.body === undefined
        ? undefined
        : typeof options.body === 'string'
          ? Buffer.from(options.body, 'utf8')
          : Buffer.from(options.body.buffer, options.body.byteOffset, options.body.byteLength);
    const headers: Record<string, string> = {};
    if (policy.userAgent !== undefined) headers['user-agent'] = policy.userAgent;
    for (const [name, value] of Object.entries(options.headers ?? {})) headers[name.toLowerCase()] = value;
    if (body !== undefined) headers['content-length'] = String(body.byteLength);
    const { url, addresses } = target;
    const first = addresses[0].address;

    return new Promise<OutboundResponse>((resolvePromise, rejectPromise) => {
      let settled = false;
      const timers: NodeJS.Timeout[] = [];
      const finish = (error: Error | null, response?: OutboundResponse) => {
        if (settled) return;
        settled = true;
        for (const t of timers) clearTimeout(t);
        if (error) {
          req.destroy();
          rejectPromise(error);
        } else {
          resolvePromise(response as OutboundResponse);
        }
      };
      const client = url.protocol === 'https:' ? https : http;
      const req = client.request({
        method: (options.method ?? 'GET').toUpperCase(),
        hostname: url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname,
        port: target.port,
        path: `${url.pathname}${url.search}`,
        headers,
        agent: false,
        // Pinning: the socket connects to the addresses check() accepted, whatever DNS says now.
        // (An IP literal host never reaches lookup: it is the address that was checked.)
        lookup: pinnedLookup(addresses),
      });
      timers.push(
        setTimeout(() => finish(OutboundErrors.timeout('total', timeoutMs)), Math.max(remainingMs, 0)),
      );
      req.once('socket', (socket: Socket) => {
        if (!socket.connecting) return;
        const connectTimer = setTimeout(
          () => finish(OutboundErrors.timeout('connect', connectTimeoutMs)),
          connectTimeoutMs,
        );
        timers.push(connectTimer);
        socket.once('connect', () => clearTimeout(connectTimer));
      });
      req.once('error', (error) => {
        finish(
          isOutboundError(error)
            ? error
            : OutboundErrors.unreachable(describe(error, url.host), error, first),
        );
      });
      req.once('response', (res: IncomingMessage) => {
        const status = res.statusCode ?? 0;
        const remote = res.socket?.remoteAddress;
        const address = remote ? canonicalAddress(remote) : first;
        if (status < 200 || status > 299) {
          finish(OutboundErrors.badStatus(status, res.headers));
          return;
        }
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > maxBytes) {
          finish(OutboundErrors.tooLarge(maxBytes));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.byteLength;
          if (size > maxBytes) {
            finish(OutboundErrors.tooLarge(maxBytes));
            return;
          }
          chunks.push(chunk);
        });
        res.once('end', () => {
          finish(null, {
            status,
            headers: res.headers,
            body: Buffer.concat(chunks, size),
            address,
          });
        });
        res.once('error', (error) =>
          finish(OutboundErrors.unreachable(describe(error, url.host), error, first)),
        );
        res.once('aborted', () => finish(OutboundErrors.unreachable(`${url.host} cut the response short`)));
      });
      req.end(body);
    });
  }

  async function fetchJson<T = unknown>(
    url: string,
    options: OutboundRequestOptions = {},
  ): Promise<OutboundJsonResponse<T>> {
    const hasAccept = Object.keys(options.headers ?? {}).some((name) => name.toLowerCase() === 'accept');
    const response = await request(url, {
      ...options,
      headers: hasAccept ? options.headers : { accept: 'application/json', ...options.headers },
    });
    let json: T;
    try {
      json = JSON.parse(response.body.toString('utf8')) as T;
    } catch (error) {
      throw OutboundErrors.invalidJson(error);
    }
    return { status: response.status, headers: response.headers, json, address: response.address };
  }

  return { check, request, fetchJson };
}

/** Whether a canonical host (canonicalHost) is an IP address rather than a DNS name. */
function isIpAddress(host: string): boolean {
  return ipaddr.IPv4.isValidFourPartDecimal(host) || ipaddr.IPv6.isValid(host);
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A `lookup` for net.connect that answers with the checked addresses only. */
function pinnedLookup(addresses: readonly ResolvedAddress[]) {
  return (
    _hostname: string,
    options: LookupOneOptions | LookupAllOptions,
    callback: LookupCallback,
  ): void => {
    const family = typeof options === 'object' ? options.family : undefined;
    const wanted = family === 4 || family === 6 ? addresses.filter((a) => a.family === family) : addresses;
    if (wanted.length === 0) {
      const error: NodeJS.ErrnoException = new Error(`no IPv${family} address was checked for this host`);
      error.code = 'ENOTFOUND';
      callback(error, '', 0);
      return;
    }
    if (typeof options === 'object' && options.all) {
      callback(
        null,
        wanted.map(({ address, family: f }) => ({ address, family: f })),
      );
    } else {
      callback(null, wanted[0].address, wanted[0].family);
    }
  };
}

function describe(error: unknown, host: string): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return `${host} could not be reached${code ? ` (${code})` : ''}`;
}

/** The check's own share of the total timeout (a DNS answer that never comes). */
function withDeadline<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolvePromise, rejectPromise) => {
    const timer = setTimeout(() => rejectPromise(OutboundErrors.timeout('total', timeoutMs)), timeoutMs);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolvePromise(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        rejectPromise(error);
      },
    );
  });
}
