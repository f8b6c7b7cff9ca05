import type { IncomingMessage } from 'node:http';
import {
  RequestContext,
  RequestContextStore,
  contextOf,
  continueTrace,
  requestIdFrom,
} from '@platform/observability';
import type { FastifyRequest, RawServerBase, RouteGenericInterface } from 'fastify';

/**
 * The request id and trace of a request: the ones genRequestId pinned on it (always, in an app
 * built by createServiceApp), else those of the current async context, else derived afresh.
 */
export function requestContextOf(
  request: FastifyRequest<RouteGenericInterface, RawServerBase>,
): RequestContext {
  return (
    contextOf(request.raw as IncomingMessage) ??
    RequestContextStore.current() ?? {
      requestId: requestIdFrom(request.headers['x-request-id']),
      trace: continueTrace(request.headers.traceparent),
    }
  );
}
