import type { FastifyCorsOptions } from '@fastify/cors';
import type { CorsSettings } from '../../config/gateway.config';

/** Every method a route of the platform answers (REST and /graphql). */
export const CORS_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * Request headers a browser client may send (beyond the CORS-safelisted ones): credentials, the
 * store, idempotency, the agent header of agentic commerce, tracing, conditional requests, and
 * those Apollo's clients add.
 */
export const CORS_ALLOWED_HEADERS = [
  'authorization',
  'content-type',
  'x-store-id',
  'idempotency-key',
  'ucp-agent',
  'x-request-id',
  'traceparent',
  'tracestate',
  'if-none-match',
  'if-match',
  'apollographql-client-name',
  'apollographql-client-version',
  'apollo-require-preflight',
  'x-apollo-operation-name',
] as const;

/** Response headers a browser client may read (beyond the CORS-safelisted ones). */
export const CORS_EXPOSED_HEADERS = [
  'x-request-id',
  'traceresponse',
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'retry-after',
  'etag',
  'location',
  'link',
  'www-authenticate',
  'x-list-cap',
] as const;

/**
 * @fastify/cors as the gateway runs it when CORS_ALLOWED_ORIGINS is set: in onRequest, so a
 * preflight (OPTIONS with Origin and Access-Control-Request-Method) is answered 204 by the gateway
 * on every path, before routing to a service or a body limit. An allowed origin gets
 * `Access-Control-Allow-Origin` (its own value, or `*` when any origin is allowed), a refused one
 * none, so the browser refuses the answer; every answer carries `Vary: Origin`. Requests without
 * an Origin (servers, curl) and plain OPTIONS get no CORS headers and behave as without CORS.
 */
export function corsOptions(settings: CorsSettings): FastifyCorsOptions {
  const forBrowsers: FastifyCorsOptions = {
    origin: settings.allowedOrigins === '*' ? '*' : [...settings.allowedOrigins],
    methods: [...CORS_METHODS],
    allowedHeaders: [...CORS_ALLOWED_HEADERS],
    exposedHeaders: [...CORS_EXPOSED_HEADERS],
    maxAge: settings.maxAgeSec,
    credentials: false,
    preflight: true,
    strictPreflight: true,
  };
  return {
    hook: 'onRequest',
    hideOptionsRoute: true,
    delegator: (request, callback) => {
      const isPreflight = request.method === 'OPTIONS' && !!request.headers['access-control-request-method'];
      const browser = !!request.headers.origin && (request.method !== 'OPTIONS' || isPreflight);
      callback(null, browser ? forBrowsers : { origin: false });
    },
  };
}
