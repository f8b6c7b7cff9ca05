import type { Server } from 'node:http';
import fastifyCompress from '@fastify/compress';
import fastifyCors from '@fastify/cors';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { Errors } from '@platform/errors';
import type { FastifyInstance, onSendAsyncHookHandler } from 'fastify';
import { GATEWAY_CONFIG, GatewayConfig } from '../../config/gateway.config';
import { ProxyErrors } from '../proxy/proxy.errors';
import { corsOptions } from './browser-access';
import { afterCompression, appendVary, beforeCompression, compressOptions } from './compression';
import {
  awaitsContinue,
  continueIfExpected,
  expectationOf,
  installExpectationHandling,
} from './expectations';
import { errorFamilyOfRoute, sendRouteError } from './route-error';

/**
 * The gateway's HTTP semantics towards its clients, installed on the Fastify instance before any
 * of its routes (the proxy and /graphql services await `install()` before registering theirs):
 * `Expect` (expectations.ts), CORS for browsers (browser-access.ts, when configured), response
 * compression (compression.ts). Conditional GETs are the proxy's (conditional-get.ts), as they
 * need the service's answer read whole. docs/gateway.md, "HTTP semantics".
 */
@Injectable()
export class HttpSemanticsService implements OnModuleInit {
  private installed?: Promise<void>;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  onModuleInit(): Promise<void> {
    return this.install();
  }

  /**
   * Installs the hooks and plugins once. The modules that register routes await it before they
   * do: @fastify/compress attaches itself to each route as the route is registered.
   */
  install(): Promise<void> {
    this.installed ??= this.installOnce();
    return this.installed;
  }

  private async installOnce(): Promise<void> {
    const adapter = this.adapterHost.httpAdapter;
    const fastify = adapter.getInstance<FastifyInstance>();
    installExpectationHandling(adapter.getHttpServer() as Server);

    fastify.addHook('onRequest', async (request, reply) => {
      const expectation = expectationOf(request.raw);
      if (expectation === 'unsupported')
        return sendRouteError(
          reply,
          errorFamilyOfRoute(request.routeOptions.config),
          ProxyErrors.expectationFailed(),
        );
      // No route: the 404 is known from the head, so the body the client holds back is not asked for.
      if (expectation === 'continue' && request.is404 && awaitsContinue(request.raw))
        return sendRouteError(
          reply,
          'domains',
          Errors.notFound(`Cannot ${request.method} ${pathOf(request.url)}`),
        );
    });
    // The body is read from here on (parsed, or streamed upstream): the client may send it now.
    fastify.addHook('preParsing', async (request, _reply, payload) => {
      continueIfExpected(request.raw);
      return payload;
    });

    const cors = this.config.cors;
    if (cors) {
      await fastify.register(fastifyCors, corsOptions(cors));
      // A service's own Vary replaces the one CORS set: every answer says it varies by Origin.
      fastify.addHook('onSend', async (_request, reply, payload) => {
        appendVary(reply, 'Origin');
        return payload;
      });
    }

    const { minBytes } = this.config.compression;
    fastify.addHook('onSend', beforeCompression(minBytes));
    await fastify.register(fastifyCompress, compressOptions(minBytes));
    // After the plugin's own route hook, on every route registered from here on.
    fastify.addHook('onRoute', (route) => {
      const own = route.onSend;
      const hooks = own === undefined ? [] : Array.isArray(own) ? own : [own];
      route.onSend = [...hooks, afterCompression as onSendAsyncHookHandler];
    });
  }
}

function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}
