import type { IncomingMessage } from 'node:http';
import { isSpanContextValid, trace } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MetricsService } from './metrics.service';
import { RequestContext, RequestContextStore } from './request-context';
import { requestIdFrom } from './request-id';
import { SERVICE_ATTRIBUTE, instrumentFastify } from './telemetry';
import { formatTraceparent, traceContextOf } from './trace-context';

type RawWithContext = IncomingMessage & { id?: string; platformContext?: RequestContext };

/** The request context (request id, the ids of the request's span) of a raw request, once onRequest ran. */
export function contextOf(raw: IncomingMessage): RequestContext | undefined {
  return (raw as RawWithContext).platformContext;
}

/** Fastify `genReqId`: the caller's X-Request-Id (uuid) or a new one, pinned on the raw request too. */
export function genRequestId(raw: IncomingMessage): string {
  const requestId = requestIdFrom(raw.headers['x-request-id']);
  (raw as RawWithContext).id = requestId;
  return requestId;
}

function routeOf(request: FastifyRequest): string {
  return request.routeOptions?.url ?? 'unmatched';
}

/**
 * The platform's HTTP plumbing of an instance, before its routes: the request's span
 * (telemetry.ts: it continues the caller's W3C traceparent or starts a trace), then a hook that
 * echoes X-Request-Id, names that span in `traceresponse` (W3C Trace Context level 2: this
 * process's span in the caller's trace), keeps the request context for the logs and the request
 * line (and, given `serviceName`, which service serves it: service-scope.ts), and records request
 * durations.
 */
export function installHttpObservability(
  fastify: FastifyInstance,
  metrics?: MetricsService,
  serviceName?: string,
): void {
  instrumentFastify(fastify);
  fastify.addHook('onRequest', (request, reply, done) => {
    const active = trace.getActiveSpan();
    // The request's span was started before this hook knew the service (single mode: the gateway
    // hands the request over in process); its children get it from ServiceScope (telemetry.ts).
    if (serviceName !== undefined) active?.setAttribute(SERVICE_ATTRIBUTE, serviceName);
    const span = active?.spanContext();
    const ctx: RequestContext = { requestId: String(request.id), trace: traceContextOf(span) };
    (request.raw as RawWithContext).platformContext = ctx;
    reply.header('X-Request-Id', ctx.requestId);
    if (span && isSpanContextValid(span)) reply.header('traceresponse', formatTraceparent(ctx.trace));
    RequestContextStore.run(ctx, done, serviceName);
  });
  if (metrics) {
    fastify.addHook('onResponse', (request, reply, done) => {
      metrics.observeRequest(request.method, routeOf(request), reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
  }
}
