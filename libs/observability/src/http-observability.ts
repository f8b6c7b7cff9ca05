import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MetricsService } from './metrics.service';
import { RequestContext, RequestContextStore } from './request-context';
import { requestIdFrom } from './request-id';
import { continueTrace, formatTraceparent } from './trace-context';

type RawWithContext = IncomingMessage & { id?: string; platformContext?: RequestContext };

/** The request context a raw request was given by `genReqId`. */
export function contextOf(raw: IncomingMessage): RequestContext | undefined {
  return (raw as RawWithContext).platformContext;
}

/**
 * Fastify `genReqId`: takes the caller's X-Request-Id (uuid) or makes one, continues or starts
 * the W3C trace, and pins both on the raw request so the request log line and every hook see
 * the same ids.
 */
export function genRequestId(raw: IncomingMessage): string {
  const r = raw as RawWithContext;
  const requestId = requestIdFrom(raw.headers['x-request-id']);
  r.platformContext = { requestId, trace: continueTrace(raw.headers.traceparent) };
  r.id = requestId;
  return requestId;
}

function routeOf(request: FastifyRequest): string {
  return request.routeOptions?.url ?? 'unmatched';
}

/**
 * Hooks every response through: X-Request-Id echoed, `traceresponse` (W3C Trace Context level 2)
 * naming this process's span, the async request context entered, and request duration recorded.
 */
export function installHttpObservability(fastify: FastifyInstance, metrics?: MetricsService): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    const ctx = contextOf(request.raw) ?? {
      requestId: String(request.id),
      trace: continueTrace(request.headers.traceparent),
    };
    reply.header('X-Request-Id', ctx.requestId);
    reply.header('traceresponse', formatTraceparent(ctx.trace));
    RequestContextStore.run(ctx, done);
  });
  if (metrics) {
    fastify.addHook('onResponse', (request, reply, done) => {
      metrics.observeRequest(request.method, routeOf(request), reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
  }
}
