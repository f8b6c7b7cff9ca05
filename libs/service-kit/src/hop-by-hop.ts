import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';

/** Headers that describe one connection, never the message (RFC 9110, section 7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

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
    const lower = name.toLowerCase();
    if (HOP_BY_HOP.has(lower) || named.includes(lower)) continue;
    out[name] = value;
  }
  return out as T;
}
