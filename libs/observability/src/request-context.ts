import { request } from 'undici';
import { context, createContextKey } from '@opentelemetry/api';
import { ServiceScope } from './service-scope';
import type { TraceContext } from './trace-context';

export interface RequestContext {
  readonly requestId: string;
  /** The ids of the request's span (the one `traceresponse` names). */
  readonly trace: TraceContext;
}

const REQUEST_CONTEXT = createContextKey('platform request context');

/**
 * The request being served, kept in the OpenTelemetry context next to the request's span (one
 * async context for both, not a second AsyncLocalStorage).
 */
export const RequestContextStore = {
  /** Runs `fn` (and everything it awaits) inside `ctx`, as `service`'s when given (service-scope.ts). */
  run<T>(ctx: RequestContext, fn: () => T, service?: string): T {
    const active = context.active().setValue(REQUEST_CONTEXT, ctx);
    return context.with(service === undefined ? active : ServiceScope.set(active, service), fn);
  },
  current(): RequestContext | undefined {
    return context.active().getValue(REQUEST_CONTEXT) as RequestContext | undefined;
  },
};

/**
 * Headers every outgoing call of this process carries besides the trace context: the request
 * id. Empty outside a request. `traceparent` (and `tracestate`) are added by OpenTelemetry's
 * undici and http instrumentations, with the call's own span as the parent.
 */
export function outgoingContextHeaders(): Record<string, string> {
  const ctx = RequestContextStore.current();
  return ctx ? { 'x-request-id': ctx.requestId } : {};
}

/** fetch() with the request id of the current request added (and its trace, by instrumentation). */
export function tracedFetch(input: string | URL, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  for (const [k, v] of Object.entries(outgoingContextHeaders())) if (!headers.has(k)) headers.set(k, v);
  return fetch(input, { ...init, headers });
}

export interface TracedRequestOptions {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly headers?: Record<string, string>;
  readonly body?: string;
  /** Deadline of the whole call (headers and body), ms. */
  readonly timeoutMs: number;
}

/**
 * One HTTP call with undici's `request` (the npm package, pooled keep-alive connections) and the
 * request id of the current request added; the trace context is added by OpenTelemetry's undici
 * instrumentation, as for fetch. For the platform's hot internal calls: fetch() wraps every call
 * in WHATWG streams, Headers and an AbortController (a CPU profile of the Shopping API put a
 * fifth of a checkout's CPU there), `request` does the same call without them.
 */
export async function tracedRequest(
  url: string,
  options: TracedRequestOptions,
): Promise<{ status: number; text: string }> {
  const response = await request(url, {
    method: options.method,
    headers: { ...outgoingContextHeaders(), ...options.headers },
    body: options.body,
    signal: AbortSignal.timeout(options.timeoutMs),
  });
  return { status: response.statusCode, text: await response.body.text() };
}
