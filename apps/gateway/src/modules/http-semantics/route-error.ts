import { ErrorFamily, PlatformError, renderErrorBody, toDomainsError } from '@platform/errors';
import type { FastifyReply } from 'fastify';

/**
 * How a route answers errors (README "Service map"): the commerce object (commerce-rest, hosting),
 * the UCP envelope (shopping), domains `{code, message}` (the other services and the gateway's own
 * routes), or GraphQL `errors[]` (the subgraph paths and /graphql).
 */
export type RouteErrorFamily = ErrorFamily | 'graphql';

/** Fastify route config key under which the gateway's routes declare their error family. */
export interface GatewayRouteConfig {
  readonly errorFamily?: RouteErrorFamily;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How the gateway answers its own errors on this route (default: domains). */
    readonly errorFamily?: RouteErrorFamily;
  }
}

/** The family of the route a request matched (domains for the gateway's own and unknown paths). */
export function errorFamilyOfRoute(config: unknown): RouteErrorFamily {
  return (config as GatewayRouteConfig | undefined)?.errorFamily ?? 'domains';
}

/** The body of `error` in the route's shape (no stack, no internal detail: the error's own message). */
export function routeErrorBody(family: RouteErrorFamily, error: PlatformError, requestId: string): object {
  if (family === 'graphql') return { errors: [{ message: error.message, extensions: { code: error.code } }] };
  return renderErrorBody(family, error, requestId);
}

/**
 * The body of the gateway's own 503 `UPSTREAM_UNAVAILABLE` and 504 `UPSTREAM_TIMEOUT` (a service
 * that cannot be reached or does not answer in time): the domains `{code, message, retryAfterSec}`
 * on every route (docs/gateway.md, "Proxy"), except the Shopping API's, whose every error body is
 * the UCP envelope (ARCHITECTURE.md, "Shopping API"): an agent parses nothing else.
 */
export function upstreamFailureBody(
  family: RouteErrorFamily,
  error: PlatformError,
  requestId: string,
): object {
  return family === 'shopping' ? renderErrorBody(family, error, requestId) : toDomainsError(error);
}

/** Answers `error` in the route's shape, with its headers (WWW-Authenticate, Retry-After, …). */
export function sendRouteError(
  reply: FastifyReply,
  family: RouteErrorFamily,
  error: PlatformError,
): FastifyReply {
  for (const [name, value] of Object.entries(error.headers)) void reply.header(name, value);
  if (error.retryAfterSec !== undefined) void reply.header('retry-after', String(error.retryAfterSec));
  return reply
    .code(error.status)
    .header('content-type', 'application/json; charset=utf-8')
    .send(routeErrorBody(family, error, String(reply.request.id)));
}
