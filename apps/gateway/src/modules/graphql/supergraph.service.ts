import { existsSync, readFileSync } from 'node:fs';
import { ApolloGateway } from '@apollo/gateway';
import { ApolloServer, ApolloServerOptions } from '@apollo/server';
import { fastifyApolloHandler } from '@as-integrations/fastify';
import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { normalizeError } from '@platform/errors';
import type { FastifyInstance } from 'fastify';
import { HttpSemanticsService } from '../http-semantics/http-semantics.service';
import type { ComponentRuntime } from '@platform/service-kit';
import { GATEWAY_RUNTIME } from '../../config/gateway-config.module';
import { GATEWAY_CONFIG, GatewayConfig } from '../../config/gateway.config';
import type { GatewayRouteConfig } from '../http-semantics/route-error';
import { requestContextOf } from '../request-context/request-context-of';
import { SubgraphDataSource, SupergraphContext } from './subgraph-data-source';
import { SubgraphFetcher } from './subgraph-fetcher';
import { SupergraphErrorCode, formatSupergraphError, graphQLErrorBody } from './supergraph.errors';

export const GRAPHQL_PATH = '/graphql';

/** The gateway's own answers on /graphql (417 …) are GraphQL errors. */
const GRAPHQL_ROUTE_CONFIG: GatewayRouteConfig = { errorFamily: 'graphql' };

type ApolloLogger = NonNullable<ApolloServerOptions<SupergraphContext>['logger']>;

/**
 * POST /graphql (and GET for queries): the federated supergraph, served by Apollo Gateway (query planning) on Apollo
 * Server through its Fastify integration, when the build composed a supergraph; otherwise a
 * GraphQL-shaped 503 (SUPERGRAPH_NOT_AVAILABLE). The supergraph is static (composed at build
 * time), so the gateway starts without any subgraph running.
 */
@Injectable()
export class SupergraphService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('GraphQL');
  private apollo?: ApolloServer<SupergraphContext>;
  private readonly fetcher: SubgraphFetcher;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly httpSemantics: HttpSemanticsService,
    @Inject(GATEWAY_RUNTIME) runtime: ComponentRuntime,
  ) {
    this.fetcher = new SubgraphFetcher(config.upstreamTimeouts, runtime.inProcess);
  }

  async onModuleInit(): Promise<void> {
    await this.httpSemantics.install();
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    const supergraphSdl = this.readSupergraph();
    if (supergraphSdl === undefined) {
      this.logger.log(
        `no supergraph at ${this.config.supergraphFile}; POST ${GRAPHQL_PATH} answers 503 until subgraphs exist`,
      );
      await fastify.register(async (scope) => {
        scope.route({
          method: ['GET', 'POST'],
          url: GRAPHQL_PATH,
          config: GRAPHQL_ROUTE_CONFIG,
          handler: async (_request, reply) =>
            reply
              .code(503)
              .send(
                graphQLErrorBody(
                  SupergraphErrorCode.SUPERGRAPH_NOT_AVAILABLE,
                  'the federated graph is not available yet: no subgraph has been composed into the supergraph',
                ),
              ),
        });
      });
      return;
    }
    this.apollo = await this.startApollo(supergraphSdl);
    const handler = fastifyApolloHandler(this.apollo, {
      context: async (request) => ({ requestContext: requestContextOf(request), headers: request.headers }),
    });
    await fastify.register(async (scope) => {
      // Errors before Apollo sees the request (malformed JSON, body too large) in GraphQL shape.
      scope.setErrorHandler((error: unknown, _request, reply) => {
        const { error: normalized, unexpected } = normalizeError(error);
        if (unexpected) this.logger.error({ err: error }, 'graphql request failed');
        const status = normalized.status;
        const code =
          status < 500 ? SupergraphErrorCode.BAD_REQUEST : SupergraphErrorCode.INTERNAL_SERVER_ERROR;
        return reply.code(status).send(graphQLErrorBody(code, normalized.message));
      });
      // GraphQL over HTTP: POST, and GET for queries (a mutation over GET is Apollo's 405).
      scope.route({ method: ['GET', 'POST'], url: GRAPHQL_PATH, config: GRAPHQL_ROUTE_CONFIG, handler });
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.apollo?.stop();
    await this.fetcher.close();
  }

  private readSupergraph(): string | undefined {
    const file = this.config.supergraphFile;
    return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  }

  private async startApollo(supergraphSdl: string): Promise<ApolloServer<SupergraphContext>> {
    const endpoints = new Map(this.config.subgraphs.map((s) => [s.name, s.url]));
    const logger = this.apolloLogger();
    const gateway = new ApolloGateway({
      supergraphSdl,
      logger,
      // The committed supergraph holds development URLs; the configured ones win.
      buildService: ({ name, url }) =>
        new SubgraphDataSource(name, endpoints.get(name) ?? url ?? '', this.fetcher),
    });
    const apollo = new ApolloServer<SupergraphContext>({
      gateway,
      logger,
      introspection: true,
      includeStacktraceInErrorResponses: false,
      // GET /graphql?query=… as GraphQL over HTTP has it, with no extra header. Apollo's CSRF
      // prevention refuses such "simple" requests; it guards cookie sessions, and the platform has
      // none: every operation needs a bearer token, which a cross-site simple request cannot carry.
      csrfPrevention: false,
      formatError: formatSupergraphError,
      stopOnTerminationSignals: false,
    });
    await apollo.start();
    this.logger.log(`serving the supergraph of ${this.config.supergraphFile} at POST ${GRAPHQL_PATH}`);
    return apollo;
  }

  private apolloLogger(): ApolloLogger {
    const text = (message: unknown): string => (typeof message === 'string' ? message : String(message));
    return {
      debug: (message) => this.logger.debug(text(message)),
      info: (message) => this.logger.log(text(message)),
      warn: (message) => this.logger.warn(text(message)),
      error: (message) => this.logger.error(text(message)),
    };
  }
}
