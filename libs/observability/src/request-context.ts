import { AsyncLocalStorage } from 'node:async_hooks';
import { TraceContext, formatTraceparent } from './trace-context';

export interface RequestContext {
  readonly requestId: string;
  readonly trace: TraceContext;
}

const storage = new AsyncLocalStorage<RequestContext>();

export const RequestContextStore = {
  /** Runs `fn` (and everything it awaits) inside `ctx`. */
  run<T>(ctx: RequestContext, fn: () => T): T {
    return storage.run(ctx, fn);
  },
  /** Binds the rest of the current async flow to `ctx` (used from a Fastify hook). */
  enter(ctx: RequestContext): void {
    storage.enterWith(ctx);
  },
  current(): RequestContext | undefined {
    return storage.getStore();
  },
};

/**
 * Headers every outgoing call of this process carries: the request id and a traceparent whose
 * parent is this process's span. Empty outside a request.
 */
export function outgoingContextHeaders(): Record<string, string> {
  const ctx = storage.getStore();
  if (!ctx) return {};
  return { traceparent: formatTraceparent(ctx.trace), 'x-request-id': ctx.requestId };
}

/** fetch() with the request id and traceparent of the current request added. */
export function tracedFetch(input: string | URL, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  for (const [k, v] of Object.entries(outgoingContextHeaders())) if (!headers.has(k)) headers.set(k, v);
  return fetch(input, { ...init, headers });
}
