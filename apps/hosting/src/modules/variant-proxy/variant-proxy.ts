import replyFrom from '@fastify/reply-from';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { Errors, PlatformError, toCommerceError } from '@platform/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppRuntimeManager } from '../app-runtime/app-runtime-manager';
import { APP_ID_MAX_LENGTH, APP_ID_PATTERN } from '../apps/app-id';
import { HOSTED_PREFIX } from '../apps/variant-urls';
import type { Variant } from '../runtime';

/** Codes of the proxy's own answers (docs/errors.md, Hosting). */
export const VariantProxyErrorCode = {
  APP_NOT_RUNNING: 'APP_NOT_RUNNING',
  APP_UNREACHABLE: 'APP_UNREACHABLE',
} as const;

/** A client retries a variant that is not running (yet) after this many seconds. */
export const APP_NOT_RUNNING_RETRY_AFTER_S = 5;

const VARIANT_SEGMENTS: Record<string, Variant> = { preview: 'PREVIEW', publish: 'PUBLISH' };

interface HostedParams {
  appId: string;
  variant: string;
  '*'?: string;
}

/**
 * The worker's side of app traffic: `ALL /hosted/{appId}/{preview|publish}/{rest}` on the worker's
 * HTTP port is proxied (bodies streamed, never parsed; @fastify/reply-from) to the variant's process
 * on this worker, which sees `/{rest}` with the query unchanged and `X-Forwarded-Prefix`. No token:
 * apps serve their own users. The gateway routes `/hosted` here (route table, hosting worker).
 */
@Injectable()
export class VariantProxy implements OnModuleInit {
  private readonly logger = new Logger(VariantProxy.name);

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly runtime: AppRuntimeManager,
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
    });
  }

  private async forward(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const { appId, variant: segment, '*': rest = '' } = request.params as HostedParams;
    const variant = VARIANT_SEGMENTS[segment];
    if (!variant || appId.length > APP_ID_MAX_LENGTH || !APP_ID_PATTERN.test(appId)) {
      return this.refuse(request, reply, Errors.notFound('no such hosted app variant'));
    }
    const status = await this.runtime.driver.status({ appId, variant });
    if (status.state !== 'RUNNING' || status.port === null) {
      return this.refuse(
        request,
        reply,
        new PlatformError({
          status: 503,
          code: VariantProxyErrorCode.APP_NOT_RUNNING,
          message: `the ${segment} variant of ${appId} is not running on this worker`,
          headers: { 'Retry-After': String(APP_NOT_RUNNING_RETRY_AFTER_S) },
        }),
      );
    }
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const prefix = `${HOSTED_PREFIX}/${appId}/${segment}`;
    return reply.from(`http://127.0.0.1:${status.port}/${rest}${query}`, {
      rewriteRequestHeaders: (_req, headers) => ({ ...headers, 'x-forwarded-prefix': prefix }),
      onError: (errorReply, { error }) => {
        this.logger.warn({ err: error, appId, variant, reqId: request.id }, 'hosted app did not answer');
        this.send(
          request,
          errorReply as unknown as FastifyReply,
          new PlatformError({
            status: 502,
            code: VariantProxyErrorCode.APP_UNREACHABLE,
            message: `the ${segment} variant of ${appId} did not answer`,
          }),
        );
      },
    });
  }

  private refuse(request: FastifyRequest, reply: FastifyReply, error: PlatformError): void {
    // The body may not have been read: drain it so the connection can be reused.
    request.raw.resume();
    this.send(request, reply, error);
  }

  private send(request: FastifyRequest, reply: FastifyReply, error: PlatformError): void {
    if (reply.sent) return;
    void reply
      .code(error.status)
      .headers(error.headers ?? {})
      .type('application/json')
      .send(toCommerceError(error, String(request.id)));
  }
}
