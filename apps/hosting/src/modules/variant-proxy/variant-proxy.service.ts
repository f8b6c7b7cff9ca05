import replyFrom from '@fastify/reply-from';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { PlatformError, toCommerceError } from '@platform/errors';
import { withoutHopByHopHeaders } from '@platform/service-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppRuntimeManager } from '../app-runtime/app-runtime-manager.service';
import { APP_ID_MAX_LENGTH, APP_ID_PATTERN } from '../apps/app-id';
import { HOSTED_PREFIX } from '../apps/variant-urls.service';
import { DomainRoutes } from '../domains/domain-routes.service';
import { HOSTED_DOMAINS_PREFIX, isRoutableHostname } from '../domains/hosted-domains';
import { variantKeyId } from '../runtime';
import type { Variant, VariantKey } from '../runtime';
import { WorkerLeases } from '../worker-leases/worker-leases.service';
import { VariantProxyErrors } from './variant-proxy.errors';

const VARIANT_SEGMENTS: Record<string, Variant> = { preview: 'PREVIEW', publish: 'PUBLISH' };

/** Methods retried once on another instance when the connection failed before any answer. */
const RETRIED_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Connection errors (no byte of an answer came back): the instance is gone or going. */
const CONNECTION_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'EPIPE',
]);

function connectionFailed(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return CONNECTION_ERRORS.has(e.cause?.code ?? '') || CONNECTION_ERRORS.has(e.code ?? '');
}

interface HostedParams {
  appId: string;
  variant: string;
  '*'?: string;
}

/**
 * Marks a request one worker forwarded to the worker that owns the variant (value: the forwarding
 * worker's id). A request carrying it is never forwarded again: no loops between workers.
 */
export const FORWARDED_BY_HEADER = 'x-hosting-forwarded-by';

/**
 * The worker's side of app traffic: `ALL /hosted/{appId}/{preview|publish}/{rest}` on any worker's
 * HTTP port reaches the variant (bodies streamed, never parsed; @fastify/reply-from). When this
 * worker's driver runs it (a cluster driver: whatever worker owns it) the request goes to the
 * variant's endpoint, which sees `/{rest}` with the query unchanged and `X-Forwarded-Prefix`.
 * Otherwise it is forwarded once, unchanged, to the live worker that owns the variant
 * (hosting.workers.address, docs/hosting.md, "Several workers") with FORWARDED_BY_HEADER. No token: apps serve
 * their own users. The gateway routes `/hosted` here (route table, hosting worker).
 */
@Injectable()
export class VariantProxy implements OnModuleInit {
  private readonly logger = new Logger(VariantProxy.name);

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly runtime: AppRuntimeManager,
    private readonly leases: WorkerLeases,
    private readonly domainRoutes: DomainRoutes,
  ) {}

  async onModuleInit(): Promise<void> {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    await fastify.register(async (scope) => {
      // App request bodies go through as the raw stream, whatever their type.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
      await scope.register(replyFrom, { disableRequestLogging: true, retryMethods: [] });
      const handler = (request: FastifyRequest, reply: FastifyReply) => this.forward(request, reply);
      scope.all(`${HOSTED_PREFIX}/:appId/:variant`, handler);
      scope.all(`${HOSTED_PREFIX}/:appId/:variant/*`, handler);
      const byHost = (request: FastifyRequest, reply: FastifyReply) => this.forwardByHost(request, reply);
      scope.all(`${HOSTED_DOMAINS_PREFIX}/:hostname`, byHost);
      scope.all(`${HOSTED_DOMAINS_PREFIX}/:hostname/*`, byHost);
    });
  }

  private async forward(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const { appId, variant: segment, '*': rest = '' } = request.params as HostedParams;
    const variant = VARIANT_SEGMENTS[segment];
    if (!variant || appId.length > APP_ID_MAX_LENGTH || !APP_ID_PATTERN.test(appId)) {
      return this.refuse(request, reply, VariantProxyErrors.variantNotFound());
    }
    return this.reach(request, reply, { appId, variant }, rest, `${HOSTED_PREFIX}/${appId}/${segment}`);
  }

  /**
   * `/hosted-domains/{hostname}/{rest}` (the gateway's rewrite of a request whose Host is not the
   * platform's, docs/gateway.md "Custom domains"): the variant an ACTIVE custom domain serves, as
   * `/hosted/{appId}/{variant}/{rest}` reaches it but without X-Forwarded-Prefix (the app is at the
   * domain's root). Any other host name: 404 DOMAIN_NOT_FOUND.
   */
  private async forwardByHost(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const { hostname, '*': rest = '' } = request.params as { hostname: string; '*'?: string };
    const route = isRoutableHostname(hostname) ? await this.domainRoutes.routeOf(hostname) : null;
    if (!route) return this.refuse(request, reply, VariantProxyErrors.domainNotFound(hostname));
    return this.reach(request, reply, route, rest, null);
  }

  /** The variant here, or the worker that owns it, or 503 APP_NOT_RUNNING. */
  private async reach(
    request: FastifyRequest,
    reply: FastifyReply,
    key: VariantKey,
    rest: string,
    prefix: string | null,
  ): Promise<void> {
    const { appId, variant } = key;
    const segment = variant.toLowerCase();
    const endpoint = await this.pick(key);
    if (endpoint !== null) return this.toVariant(request, reply, key, endpoint, rest, prefix, true);
    if (request.headers[FORWARDED_BY_HEADER] === undefined) {
      const owner = await this.leases.store.liveOwner(key).catch((error: unknown) => {
        this.logger.warn({ err: error, appId, variant }, 'could not look up the owner of a hosted app');
        return null;
      });
      if (owner && owner.workerId !== this.leases.workerId)
        return this.toWorker(request, reply, segment, appId, owner.address);
    }
    return this.refuse(request, reply, VariantProxyErrors.appNotRunning(segment, appId));
  }

  /** The next RUNNING instance's endpoint in round robin (skipping `except`), or null when none runs here. */
  private async pick(key: VariantKey, except?: string): Promise<string | null> {
    const status = await this.runtime.driver.status(key);
    if (status.state !== 'RUNNING') return null;
    return this.runtime.traffic.pick(variantKeyId(key), status.endpoints, except);
  }

  /**
   * To one instance of the variant (this worker runs it, or the cluster's Service), with
   * X-Forwarded-Prefix `prefix` (none for a custom domain), counted in
   * flight until the answer ends (an instance leaving the rotation is drained first). A GET, HEAD
   * or OPTIONS whose connection failed before any answer (the instance just crashed or was
   * stopped) is sent once more to another instance.
   */
  private toVariant(
    request: FastifyRequest,
    reply: FastifyReply,
    key: VariantKey,
    endpoint: string,
    rest: string,
    prefix: string | null,
    mayRetry: boolean,
  ): FastifyReply {
    const { appId, variant } = key;
    const segment = variant.toLowerCase();
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const done = this.runtime.traffic.begin(endpoint);
    reply.raw.once('finish', done).once('close', done);
    return reply.from(`${endpoint}/${rest}${query}`, {
      rewriteRequestHeaders: (_req, headers) => {
        const out: typeof headers = { ...withoutHopByHopHeaders(headers) };
        if (prefix !== null) out['x-forwarded-prefix'] = prefix;
        else delete out['x-forwarded-prefix'];
        delete out[FORWARDED_BY_HEADER];
        return out;
      },
      rewriteHeaders: (headers) => withoutHopByHopHeaders(headers),
      onError: (errorReply, { error }) => {
        done();
        const again = errorReply as unknown as FastifyReply;
        if (mayRetry && !again.sent && RETRIED_METHODS.has(request.method) && connectionFailed(error)) {
          const unreachable = () =>
            this.send(request, again, VariantProxyErrors.appUnreachable(segment, appId));
          void this.pick(key, endpoint).then(
            (other) =>
              other === null
                ? unreachable()
                : this.toVariant(request, again, key, other, rest, prefix, false),
            unreachable,
          );
          return;
        }
        this.logger.warn({ err: error, appId, variant, reqId: request.id }, 'hosted app did not answer');
        this.send(request, again, VariantProxyErrors.appUnreachable(segment, appId));
      },
    });
  }

  /**
   * To the worker that owns the variant, path and query unchanged. A worker that does not answer
   * (it died; another adopts its variants within the lease TTL) is 503 APP_NOT_RUNNING.
   */
  private toWorker(
    request: FastifyRequest,
    reply: FastifyReply,
    segment: string,
    appId: string,
    address: string,
  ): FastifyReply {
    return reply.from(`${address}${request.url}`, {
      rewriteRequestHeaders: (_req, headers) => ({
        ...withoutHopByHopHeaders(headers),
        [FORWARDED_BY_HEADER]: this.leases.workerId ?? 'unknown',
      }),
      rewriteHeaders: (headers) => withoutHopByHopHeaders(headers),
      onError: (errorReply, { error }) => {
        this.logger.warn({ err: error, appId, address, reqId: request.id }, 'owning worker did not answer');
        this.send(
          request,
          errorReply as unknown as FastifyReply,
          VariantProxyErrors.appNotRunning(segment, appId),
        );
      },
    });
  }

  private refuse(request: FastifyRequest, reply: FastifyReply, error: PlatformError): void {
    // The body may not have been read: drain it so the connection can be reused.
    request.raw.resume();
    this.send(request, reply, error);
  }

  /**
   * An answer of the proxy itself. A body the client is still sending is handled by lingering close
   * (service-kit, every reply): Connection: close, the rest read and dropped.
   */
  private send(request: FastifyRequest, reply: FastifyReply, error: PlatformError): void {
    if (reply.sent) return;
    void reply
      .code(error.status)
      .headers(error.headers ?? {})
      .type('application/json')
      .send(toCommerceError(error, String(request.id)));
  }
}
