import httpProxy from '@fastify/http-proxy';
import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { toDomainsError } from '@platform/errors';
import { withoutHopByHopHeaders } from '@platform/service-kit';
import type { FastifyInstance, FastifyReply, RawServerBase, RouteGenericInterface } from 'fastify';
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
import { forwardedRequestHeaders } from './forwarded-headers';
import { ProxyErrors } from './proxy.errors';

/** Where one route-table prefix goes: a service, or a worker with prefixes of its own. */
interface ProxyTarget {
  readonly name: string;
  readonly url: string;
  readonly prefix: string;
  readonly errorFamily: RouteErrorFamily;
  /** The gateway's body limit of a request path (no query) of this prefix. */
  readonly limitOf: (path: string) => number;
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
export class UpstreamProxyService implements OnModuleInit {
  private readonly logger = new Logger('Proxy');

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async onModuleInit(): Promise<void> {
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
        })),
        ...upstream.workers.flatMap((worker) =>
          worker.prefixes.map((prefix) => ({
            name: `${upstream.service}-${worker.name}`,
            url: worker.healthUrl,
            prefix,
            errorFamily: upstream.errorFamily,
            limitOf: NO_LIMIT,
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
    scope.addHook('onRequest', async (request, reply) => {
      const limit = upstream.limitOf(pathOf(request.url));
      const declared = Number(request.headers['content-length'] ?? 0);
      if (Number.isFinite(limit) && declared > limit) this.tooLarge(reply, upstream, limit);
    });
    await scope.register(httpProxy, {
      upstream: upstream.url,
      prefix,
      rewritePrefix: prefix,
      proxyPayloads: false,
      httpMethods: PROXIED_METHODS,
      disableRequestLogging: true,
      // Every call has a deadline (504 UPSTREAM_TIMEOUT past it). Idle pooled connections are
      // dropped after 4 s, well before the services' own keep-alive timeout (Fastify's 72 s), so
      // the gateway never sends a request on a connection the service is closing.
      undici: {
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
          }),
        // The service's answer goes back as it is, but for the headers of its own connection.
        rewriteHeaders: (headers) => withoutHopByHopHeaders(headers),
        // No retries: a retried POST could act twice, and a 503 is the service's answer.
        retryDelay: () => null,
        onError: (reply, { error }) => this.answerUnreachable(reply, upstream, error),
      },
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
    const timedOut = (error as Error & { statusCode?: number }).statusCode === 504;
    const platformError = timedOut
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
      .send(toDomainsError(platformError));
  }
}

/** The path of a request URL, without its query. */
function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}
