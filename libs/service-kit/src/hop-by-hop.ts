import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';

/**
 * Headers that describe one connection, never the message (RFC 9110, section 7.6.1), and
 * `HTTP2-Settings` (RFC 9113 §3.2.1, only ever sent with `Upgrade`). Every `Proxy-*` header
 * (`Proxy-Authorization`, `Proxy-Authenticate`, `Proxy-Connection`, …) is one too: it speaks to
 * the next proxy, never to the service or the client behind it.
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'http2-settings',
]);
const PROXY_PREFIX = 'proxy-';

/** Whether a header (any case) is hop-by-hop in itself, whatever `Connection` names. */
export function isHopByHopHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return HOP_BY_HOP.has(lower) || lower.startsWith(PROXY_PREFIX);
}

/**
 * The headers a proxy passes on: all but the hop-by-hop ones and those the message's own
 * `Connection` header names. A proxy that copied an upstream's `Connection: keep-alive` would
 * keep the client's connection open after the client asked to close it (and a client that waits
 * for the close would stall); one that copied `Transfer-Encoding` would frame the body twice.
 * @fastify/reply-from strips these for HTTP/2 upstreams only, so both proxies (the gateway's
 * routes, the hosting worker's /hosted) call this on requests and answers.
 */
export function withoutHopByHopHeaders<T extends IncomingHttpHeaders | OutgoingHttpHeaders>(headers: T): T {
  const named = String(headers.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const out = {} as Record<string, unknown>;
  for (const [name, value] of Object.entries(headers)) {
    if (isHopByHopHeader(name) || named.includes(name.toLowerCase())) continue;
    out[name] = value;
  }
  return out as T;
}
