import type { IncomingMessage } from 'node:http';
import {
  RequestContext,
  RequestContextStore,
  contextOf,
  requestIdFrom,
  traceContextOf,
} from '@platform/observability';
import type { FastifyRequest, RawServerBase, RouteGenericInterface } from 'fastify';

/**
 * The request id and trace of a request: the ones the platform's onRequest hook pinned on it
 * (always, in an app built by createServiceApp), else those of the current async context, else
 * the caller's request id (or a new one) and the active span's ids.
 */
export function requestContextOf(
  request: FastifyRequest<RouteGenericInterface, RawServerBase>,
): RequestContext {
  return (
    contextOf(request.raw as IncomingMessage) ??
    RequestContextStore.current() ?? {
      requestId: requestIdFrom(request.headers['x-request-id']),
      trace: traceContextOf(),
    }
  );
}
