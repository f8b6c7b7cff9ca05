import type { IncomingHttpHeaders } from 'node:http';
import type { RequestContext } from '@platform/observability';
import { requestHeadersToForward } from '../http-semantics/hop-by-hop';

/** What the proxy knows about the incoming request besides its headers. */
export interface IncomingHop {
  /** The gateway's request context (request id and trace), from genRequestId. */
  readonly context: RequestContext;
  /** Address of the peer that connected to the gateway. */
  readonly remoteAddress: string | undefined;
  /** `http` or `https` as seen by the gateway (X-Forwarded-Proto when behind the Ingress). */
  readonly protocol: string;
  /**
   * The client's Host (the proxy has already put the service's own in `headers.host`): what
   * X-Forwarded-Host says when the caller sent none, e.g. a custom domain for a hosted app.
   */
  readonly host: string | undefined;
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * The headers a proxied request carries upstream: the caller's, unchanged (Authorization,
 * x-store-id, Idempotency-Key, content headers …), except
 * - `x-request-id`: the gateway's request id (the caller's when it was a uuid, else a new one);
 * - `traceparent` and `tracestate`: not the caller's but this hop's, added by OpenTelemetry's undici
 *   instrumentation: the caller's trace continued with the gateway's span for the call as parent
 *   (a new trace when the caller sent none or an invalid one), and the caller's tracestate only
 *   with a valid caller traceparent (W3C Trace Context §3.3);
 * - `x-forwarded-for` gains the peer address; `x-forwarded-proto`/`-host` are set when absent;
 * - hop-by-hop headers (`Connection` and those it names, `Keep-Alive`, …) stay with this hop, and
 *   `Expect` with the gateway (http-semantics/hop-by-hop.ts, the one policy of every forwarding path).
 */
export function forwardedRequestHeaders(headers: IncomingHttpHeaders, hop: IncomingHop): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = requestHeadersToForward(headers);
  delete out.traceparent;
  delete out.tracestate;
  out['x-request-id'] = hop.context.requestId;
  if (hop.remoteAddress) {
    const previous = single(headers['x-forwarded-for']);
    out['x-forwarded-for'] = previous ? `${previous}, ${hop.remoteAddress}` : hop.remoteAddress;
  }
  if (!headers['x-forwarded-proto']) out['x-forwarded-proto'] = hop.protocol;
  if (!headers['x-forwarded-host'] && hop.host) out['x-forwarded-host'] = hop.host;
  return out;
}
