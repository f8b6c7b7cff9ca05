import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { withoutHopByHopHeaders } from '@platform/service-kit';

/**
 * What the gateway does with each header that belongs to one connection (RFC 9110 §7.6.1) or to
 * the gateway itself (`Expect`, §10.1.1), in each direction. The one place of this policy: every
 * path the gateway forwards on (the REST proxy, the subgraph fetches of /graphql, and the
 * in-process path a one-process platform will add) calls `requestHeadersToForward` on what it
 * sends and `responseHeadersToReturn` on what it passes back, so no hop's header reaches the
 * other side and the gateway's own HTTP client (undici, which refuses `Expect`, `Keep-Alive`,
 * `Transfer-Encoding` and `Upgrade` outright) is never handed one. docs/gateway.md lists it.
 */
export interface HopByHopRule {
  readonly header: string;
  /** Client → gateway → service. */
  readonly request: string;
  /** Service → gateway → client. */
  readonly response: string;
}

export const HOP_BY_HOP_RULES: readonly HopByHopRule[] = [
  {
    header: 'Connection',
    request:
      "read by the gateway's server for the client's connection (close, keep-alive); dropped with every header it names",
    response:
      "dropped with every header it names; the client's connection follows the client's own Connection (and closes after an early answer)",
  },
  {
    header: 'Keep-Alive',
    request: "dropped: the gateway's pool keeps its own connections to services (4 s idle)",
    response: "dropped: the gateway's server announces its own keep-alive to the client",
  },
  {
    header: 'TE',
    request: 'dropped: the gateway does not relay trailers, so it never asks a service for them',
    response: 'dropped (a request header; never meaningful in an answer)',
  },
  {
    header: 'Trailer',
    request: "dropped: Node's parser consumes the client's trailers; none go upstream",
    response: 'dropped: the body is relayed without its trailers, so none are announced',
  },
  {
    header: 'Transfer-Encoding',
    request:
      "dropped after Node's parser decoded the chunks: the body goes upstream with the client's Content-Length, else chunked by the gateway's client",
    response: "dropped: the gateway's server frames the body for the client (Content-Length or chunked)",
  },
  {
    header: 'Upgrade',
    request:
      'dropped: nothing switches protocol through the gateway; the request is served as plain HTTP/1.1',
    response: 'dropped (with HTTP2-Settings)',
  },
  {
    header: 'Proxy-* (Proxy-Authorization, Proxy-Connection, …)',
    request: "dropped: credentials and options for a proxy, never a service's business",
    response: 'dropped (Proxy-Authenticate, Proxy-Status, …): they describe a hop the client did not talk to',
  },
  {
    header: 'Expect',
    request:
      'handled by the gateway, never forwarded: 100-continue is answered 100 when the gateway reads the body (or a final status without reading it); any other expectation is 417',
    response: '(not a response header)',
  },
];

/**
 * The caller's headers as they may go upstream: without the hop-by-hop headers (those of the
 * list above and those the caller's `Connection` names) and without `Expect`, which the gateway
 * has answered itself (expectations.ts).
 */
export function requestHeadersToForward<T extends IncomingHttpHeaders | Record<string, string>>(
  headers: T,
): T {
  const out = withoutHopByHopHeaders(headers as IncomingHttpHeaders) as Record<string, unknown>;
  for (const name of Object.keys(out)) if (name.toLowerCase() === 'expect') delete out[name];
  return out as T;
}

/** A service's answer headers as they may go back to the client: without the hop-by-hop ones. */
export function responseHeadersToReturn<T extends IncomingHttpHeaders | OutgoingHttpHeaders>(headers: T): T {
  return withoutHopByHopHeaders(headers);
}
