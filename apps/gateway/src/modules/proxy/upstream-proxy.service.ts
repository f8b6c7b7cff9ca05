import httpProxy from '@fastify/http-proxy';
import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { Errors, PlatformError } from '@platform/errors';
import { type ComponentRuntime, InProcessDispatcher } from '@platform/service-kit';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawServerBase,
  RouteGenericInterface,
} from 'fastify';
import type { Readable } from 'node:stream';
import { HttpSemanticsService } from '../http-semantics/http-semantics.service';
import { Agent } from 'undici';
import { GATEWAY_RUNTIME } from '../../config/gateway-config.module';
import { GATEWAY_CONFIG, GatewayConfig, UPSTREAM_KEEP_ALIVE_MS } from '../../config/gateway.config';
import { requestContextOf } from '../request-context/request-context-of';
import { toRouterPrefix } from '../../routes/route-prefix';
import {
  bodyLimitResolver,
  isBodyTooLarge,
  limitedBody,
  payloadTooLarge,
  type RouteErrorFamily,
} from './body-limits';
import { markGatewayEntityTag } from '../http-semantics/compression';
import { entityTagOf, isBufferedAnswer, matchingEntityTag } from '../http-semantics/conditional-get';
import { awaitsContinue } from '../http-semantics/expectations';
import { responseHeadersToReturn } from '../http-semantics/hop-by-hop';
import { sendRouteError, upstreamFailureBody } from '../http-semantics/route-error';
import { forwardedRequestHeaders } from './forwarded-headers';
import { ProxyErrors, classifyUpstreamFailure } from './proxy.errors';

/** Where one route-table prefix goes: a service, or a worker with prefixes of its own. */
interface ProxyTarget {
  readonly name: string;
  readonly url: string;
  readonly prefix: string;
  readonly errorFamily: RouteErrorFamily;
  /** The gateway's body limit of a request path (no query) of this prefix. */
  readonly limitOf: (path: string) => number;
  /**
   * A service (every route needs bearer credentials: the gateway may answer 401 to a request that
   * holds its body back for `100 Continue` and has none), not a worker's own public traffic.
   */
  readonly needsCredentials: boolean;
}

/** The answer of a service as @fastify/reply-from hands it over. */
interface UpstreamAnswer {
  readonly statusCode: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly stream: Readable;
}

/** Worker prefixes (hosted apps' own traffic) take bodies of any size: the apps set their limits. */
const NO_LIMIT = (): number => Number.POSITIVE_INFINITY;

/** Every method a REST path of the spec may use; Fastify answers HEAD from GET itself. */
const PROXIED_METHODS = ['DELETE', 'GET', 'OPTIONS', 'PATCH', 'POST', 'PUT'];

/**
 * Registers one @fastify/http-proxy per route-table prefix on the Fastify instance. The path
 * and query go upstream unchanged, request bodies are streamed (never parsed or buffered, so
 * the gateway's bodyLimit does not apply), and the upstream's status, headers and body come
 * back unchanged. Only a failure to reach the service is answered by the gateway itself.
 */
@Injectable()
export class UpstreamProxyService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Proxy');
  /**
   * Single mode: the one dispatcher of every prefix, answering the services of this process in it
   * and anything else over the wire. Undefined otherwise (each prefix's proxy builds its own Agent).
   */
  private readonly inProcess?: InProcessDispatcher;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly httpSemantics: HttpSemanticsService,
    @Inject(GATEWAY_RUNTIME) runtime: ComponentRuntime,
  ) {
    if (runtime.inProcess) {
      const { connectMs, responseMs } = config.upstreamTimeouts;
      this.inProcess = new InProcessDispatcher(
        runtime.inProcess,
        // The Agent @fastify/reply-from builds of the options below (its getUndiciOptions).
        new Agent({
          pipelining: 1,
          connections: 128,
          connectTimeout: connectMs,
          headersTimeout: responseMs,
          bodyTimeout: responseMs,
          keepAliveTimeout: UPSTREAM_KEEP_ALIVE_MS,
        }),
        { headersTimeout: responseMs, bodyTimeout: responseMs },
      );
    }
  }

  async onApplicationShutdown(): Promise<void> {
    // The gateway's server is closed: nothing is in flight any more.
    await this.inProcess?.destroy();
  }

  async onModuleInit(): Promise<void> {
    await this.httpSemantics.install();
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    for (const upstream of this.config.upstreams) {
      const limitOf = bodyLimitResolver(upstream.bodyLimits);
      const targets: ProxyTarget[] = [
        ...upstream.prefixes.map((prefix) => ({
          name: upstream.service,
          url: upstream.url,
          prefix,
          errorFamily: upstream.errorFamily,
          limitOf,
          needsCredentials: true,
        })),
        ...upstream.workers.flatMap((worker) =>
          worker.prefixes.map((prefix) => ({
            name: `${upstream.service}-${worker.name}`,
            url: worker.healthUrl,
            prefix,
            errorFamily: upstream.errorFamily,
            limitOf: NO_LIMIT,
            needsCredentials: false,
          })),
        ),
      ];
      for (const target of targets) {
        await fastify.register(async (scope) =>
          this.registerProxy(scope, target, toRouterPrefix(target.prefix)),
        );
      }
    }
  }

  private async registerProxy(scope: FastifyInstance, upstream: ProxyTarget, prefix: string): Promise<void> {
    // The root instance parses JSON and forms for the gateway's own routes (Nest registers
    // those parsers with the bodyLimit). A proxied body is handed to the proxy as the raw
    // stream, whatever its type (or none).
    scope.removeAllContentTypeParsers();
    // A body without Content-Length is counted as it streams and cut past the route's limit.
    scope.addContentTypeParser('*', (request, payload, done) => {
      const limit = upstream.limitOf(pathOf(request.url));
      done(null, Number.isFinite(limit) ? limitedBody(payload, limit) : payload);
    });
    // A declared length over the route's limit is refused before anything goes upstream; the
    // body is then read and discarded by Node (the client reads the 413 whatever it sends).
    // A client that holds its body back for `100 Continue` (expectations.ts) and sends no bearer
    // credentials to a service is answered 401 from the head alone, as the service would answer.
    scope.addHook('onRequest', async (request, reply) => {
      if (reply.sent) return;
      const limit = upstream.limitOf(pathOf(request.url));
      const declared = Number(request.headers['content-length'] ?? 0);
      if (Number.isFinite(limit) && declared > limit) return this.tooLarge(reply, upstream, limit);
      if (
        upstream.needsCredentials &&
        awaitsContinue(request.raw) &&
        !BEARER.test(request.headers.authorization ?? '')
      )
        return sendRouteError(
          reply,
          upstream.errorFamily,
          upstream.errorFamily === 'graphql'
            ? UNAUTHENTICATED
            : Errors.unauthorized('a bearer token is required: send it in the Authorization header'),
        );
    });
    await scope.register(httpProxy, {
      upstream: upstream.url,
      prefix,
      rewritePrefix: prefix,
      proxyPayloads: false,
      httpMethods: PROXIED_METHODS,
      disableRequestLogging: true,
      // The route's error shape, for the gateway's own answers on it (417, 413, 401, 500).
      config: { errorFamily: upstream.errorFamily },
      // Every call has a deadline (504 UPSTREAM_TIMEOUT past it). Idle pooled connections are
      // dropped after 4 s, well before the services' own keep-alive timeout (Fastify's 72 s), so
      // the gateway never sends a request on a connection the service is closing. In single mode
      // the in-process dispatcher has the same deadlines (docs/gateway.md, "In-process hop").
      undici: this.inProcess ?? {
        connectTimeout: this.config.upstreamTimeouts.connectMs,
        headersTimeout: this.config.upstreamTimeouts.responseMs,
        bodyTimeout: this.config.upstreamTimeouts.responseMs,
        keepAliveTimeout: UPSTREAM_KEEP_ALIVE_MS,
      },
      replyOptions: {
        rewriteRequestHeaders: (request, headers) =>
          forwardedRequestHeaders(headers, {
            context: requestContextOf(request),
            remoteAddress: request.raw.socket.remoteAddress,
            protocol: request.protocol,
            host: request.headers.host,
          }),
        // The service's answer goes back as it is, but for the headers of its own connection.
        rewriteHeaders: (headers) => responseHeadersToReturn(headers),
        onResponse: (request, reply, answer) =>
          this.passAnswer(
            request as FastifyRequest,
            reply as FastifyReply,
            upstream,
            answer as unknown as UpstreamAnswer,
          ),
        // No retries: a retried POST could act twice, and a 503 is the service's answer.
        retryDelay: () => null,
        onError: (reply, { error }) => this.answerUnreachable(reply, upstream, error),
      },
    });
  }

  /**
   * Sends the service's answer on. A small answer of known length is read whole first
   * (conditional-get.ts): a 200 to a GET on a REST path gets a strong ETag, and 304 with no body
   * when `If-None-Match` names it; compression then takes the body in one step. Anything else is
   * streamed as it comes.
   */
  private passAnswer(
    request: FastifyRequest,
    reply: FastifyReply,
    upstream: ProxyTarget,
    answer: UpstreamAnswer,
  ): void {
    if (!isBufferedAnswer(request.method, answer.headers)) {
      reply.send(answer.stream);
      return;
    }
    const chunks: Buffer[] = [];
    answer.stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    answer.stream.once('error', (error) => this.answerUnreachable(reply, upstream, error));
    answer.stream.once('end', () => {
      const body = Buffer.concat(chunks);
      const taggable =
        request.method === 'GET' &&
        answer.statusCode === 200 &&
        upstream.errorFamily !== 'graphql' &&
        answer.headers.etag === undefined;
      if (!taggable) {
        reply.send(body);
        return;
      }
      const tag = entityTagOf(body);
      markGatewayEntityTag(request);
      const matched = matchingEntityTag(request.headers['if-none-match'], tag);
      if (matched === undefined) {
        reply.header('etag', tag).send(body);
        return;
      }
      // 304: the validators and caching headers of the 200, no body and no content headers.
      reply.removeHeader('content-type');
      reply.removeHeader('content-length');
      reply.header('etag', matched).code(304).send();
    });
  }

  private tooLarge(reply: FastifyReply, upstream: ProxyTarget, limit: number): FastifyReply {
    const { status, body } = payloadTooLarge(upstream.errorFamily, limit, String(reply.request.id));
    return reply.code(status).header('content-type', 'application/json; charset=utf-8').send(body);
  }

  private answerUnreachable(
    reply: FastifyReply<RouteGenericInterface, RawServerBase>,
    upstream: ProxyTarget,
    error: Error,
  ): void {
    if (isBodyTooLarge(error)) {
      if (reply.sent) return;
      // The rest of the body is not read: lingering close (service-kit) ends the connection.
      this.tooLarge(reply as FastifyReply, upstream, upstream.limitOf(pathOf(reply.request.url)));
      return;
    }
    const failure = classifyUpstreamFailure(error);
    if (failure === 'forwarding') {
      // Not the service's doing: the gateway's own client refused or broke the request.
      this.logger.error(
        { err: error.cause ?? error, upstream: upstream.name, reqId: reply.request.id },
        'the gateway could not forward a request',
      );
      if (!reply.sent)
        sendRouteError(
          reply as FastifyReply,
          upstream.errorFamily,
          ProxyErrors.forwardingFailed(upstream.name),
        );
      return;
    }
    const platformError =
      failure === 'timeout'
        ? ProxyErrors.upstreamTimeout(upstream.name)
        : ProxyErrors.upstreamUnavailable(upstream.name);
    this.logger.warn(
      { err: error.cause ?? error, upstream: upstream.name, reqId: reply.request.id },
      'upstream request failed',
    );
    if (reply.sent) return;
    // When the client is still sending, lingering close (service-kit, every reply) answers with
    // Connection: close, so the unread rest is never read as a next request on this connection.
    if (platformError.retryAfterSec !== undefined)
      reply.header('retry-after', String(platformError.retryAfterSec));
    reply
      .code(platformError.status)
      .header('content-type', 'application/json; charset=utf-8')
      .send(upstreamFailureBody(upstream.errorFamily, platformError, String(reply.request.id)));
  }
}

/** `Authorization: Bearer <token>`: what every service route needs (libs/auth). */
const BEARER = /^Bearer\s+\S/i;

/** The subgraphs' 401 (libs/graphql-subgraph, subgraph-http.ts). */
const UNAUTHENTICATED = new PlatformError({
  status: 401,
  code: 'UNAUTHENTICATED',
  message: 'a bearer token is required: send it in the Authorization header',
  headers: { 'WWW-Authenticate': 'Bearer' },
});

/** The path of a request URL, without its query. */
function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}
