import { Logger } from '@nestjs/common';
import { TokenService, bearerToken } from '@platform/auth';
import { PlatformError, normalizeError } from '@platform/errors';
import { RateLimitService, rateLimitHeaders } from '@platform/rate-limit';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { SubgraphRequest } from './subgraph-context';
import { SubgraphErrorCode, graphQLErrorBody } from './subgraph-errors';

/** What the lib installs around the Apollo route: hooks before Apollo and an error handler. */
export interface SubgraphHttpHooks {
  readonly preHandler: preHandlerAsyncHookHandler[];
  readonly errorHandler: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => FastifyReply;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Once per HTTP request, before any GraphQL work:
 * 1. authentication: a missing or bad token is HTTP 401 with a GraphQL-shaped body
 *    `{errors:[{message, extensions:{code:'UNAUTHENTICATED'}}]}` and `WWW-Authenticate: Bearer`;
 * 2. the per-credential rate limit: RateLimit-* headers on the response, or 429 with no body.
 * Errors Fastify raises before the handler (bad JSON, wrong content type, body too large) keep
 * their 4xx status with a GraphQL-shaped BAD_REQUEST body.
 */
export function createSubgraphHttpHooks(tokens: TokenService, limits: RateLimitService): SubgraphHttpHooks {
  const logger = new Logger('GraphQL');

  const authenticate: preHandlerAsyncHookHandler = async (request, reply) => {
    const req = request as SubgraphRequest;
    try {
      req.principal = await tokens.authenticate(bearerToken(request.headers.authorization));
    } catch (e) {
      if (!(e instanceof PlatformError) || e.status !== 401) throw e;
      return reply
        .code(401)
        .header('WWW-Authenticate', 'Bearer')
        .header('Content-Type', JSON_TYPE)
        .send(graphQLErrorBody(SubgraphErrorCode.UNAUTHENTICATED, e.message));
    }
  };

  const rateLimit: preHandlerAsyncHookHandler = async (request, reply) => {
    const principal = (request as SubgraphRequest).principal;
    if (!principal) return;
    const decision = await limits.consumeCredential(principal.tokenId);
    if (!decision) return;
    void reply.headers(rateLimitHeaders(decision));
    if (!decision.allowed) {
      return reply.code(429).header('Retry-After', String(decision.retryAfterSeconds)).send();
    }
  };

  const errorHandler = (error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    const { error: normalized, unexpected } = normalizeError(error);
    if (unexpected) logger.error({ err: error, reqId: request.id }, 'graphql request failed');
    const status = normalized.status;
    const code =
      status < 500
        ? SubgraphErrorCode.BAD_REQUEST
        : status === 503
          ? normalized.code
          : SubgraphErrorCode.INTERNAL_SERVER_ERROR;
    if (normalized.retryAfterSec !== undefined)
      void reply.header('Retry-After', String(normalized.retryAfterSec));
    return reply
      .code(status)
      .header('Content-Type', JSON_TYPE)
      .send(graphQLErrorBody(code, normalized.message));
  };

  return { preHandler: [authenticate, rateLimit], errorHandler };
}

/**
 * Shapes the route Nest's ApolloFederationDriver registers at `path` (GET, POST and OPTIONS, no
 * hooks) through Fastify's public `onRoute` hook, which sees a route's options before Fastify
 * registers them: GET and POST (GraphQL over HTTP: a GET carries a query in its query string, and
 * Apollo answers a mutation sent that way 405; OPTIONS and the HEAD twin Fastify adds to a GET
 * route answer 404, as an unknown route does), with `hooks` before Apollo (401 and 429 must be
 * decided before execution, where Apollo would only produce HTTP 200 errors) and the
 * GraphQL-shaped error handler. Call it before the GraphQL module starts, i.e. while the app's
 * modules are being created.
 */
export function shapeSubgraphRoute(
  app: FastifyInstance,
  path: string,
  hooks: SubgraphHttpHooks,
  aliasPaths: readonly string[] = [],
): void {
  app.addHook('onRoute', (route) => {
    const isAlias = aliasPaths.includes(route.url);
    if (route.url !== path && !isAlias) return;
    // The alias routes: copies of the route Apollo registers at `path` (same handler), added
    // before this one is shaped; each passes through this hook again and is shaped the same way.
    if (!isAlias && route.method !== 'HEAD') {
      for (const alias of aliasPaths) {
        app.route({ url: alias, method: route.method, handler: route.handler });
      }
    }
    if (route.method === 'HEAD') {
      route.handler = (_request, reply) => reply.callNotFound();
      return;
    }
    route.method = ['GET', 'POST'];
    route.preHandler = hooks.preHandler;
    route.errorHandler = hooks.errorHandler;
  });
}
