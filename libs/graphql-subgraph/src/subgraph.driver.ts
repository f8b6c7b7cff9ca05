import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { ApolloDriverConfig, ApolloFederationDriver } from '@nestjs/apollo';
import { Injectable } from '@nestjs/common';
import { fastifyApolloDrainPlugin, fastifyApolloHandler } from '@as-integrations/fastify';
import type { FastifyInstance } from 'fastify';
import type { SubgraphContext, SubgraphRequest } from './subgraph-context';
import type { SubgraphHttpHooks } from './subgraph-http';

/** The driver config the lib builds: Nest's, plus the HTTP hooks around the route. */
export interface SubgraphDriverConfig extends ApolloDriverConfig {
  readonly subgraphHttp: SubgraphHttpHooks;
  readonly context: (
    request: SubgraphRequest,
    reply: Parameters<SubgraphHttpHooks['errorHandler']>[2],
  ) => SubgraphContext | Promise<SubgraphContext>;
}

/**
 * Nest's ApolloFederationDriver (code-first schema, federation 2, resolvers with guards and pipes)
 * with our own Fastify route instead of Nest's `app.route({ method: ['GET','POST','OPTIONS'] })`:
 * POST only, at a path that may hold a `:storeId` parameter (Fastify's router handles it, so
 * @nestjs/apollo could mount it too), inside an encapsulated scope that adds the authentication
 * and rate-limit hooks before Apollo (HTTP 401 and 429 must be decided before execution, where
 * Apollo would only produce HTTP 200 errors) and a GraphQL-shaped error handler.
 */
@Injectable()
export class SubgraphDriver extends ApolloFederationDriver {
  protected override async registerFastify(options: ApolloDriverConfig): Promise<void> {
    const config = options as SubgraphDriverConfig;
    const app = this.httpAdapterHost.httpAdapter.getInstance<FastifyInstance>();
    const server = new ApolloServer<SubgraphContext>({
      schema: config.schema as NonNullable<ApolloDriverConfig['schema']>,
      // No ftv1 inline traces: they would hand resolver timings to any caller that asks.
      plugins: [
        ...(config.plugins ?? []),
        fastifyApolloDrainPlugin(app),
        ApolloServerPluginInlineTraceDisabled(),
      ],
      formatError: config.formatError,
      introspection: config.introspection,
      persistedQueries: false,
      allowBatchedHttpRequests: false,
      includeStacktraceInErrorResponses: false,
      stopOnTerminationSignals: false,
      nodeEnv: 'production',
    });
    await server.start();
    const handler = fastifyApolloHandler(server, {
      context: async (request, reply) => config.context(request as SubgraphRequest, reply),
    });
    await app.register(async (scope) => {
      scope.setErrorHandler(config.subgraphHttp.errorHandler);
      scope.post(config.path ?? '/graphql', { preHandler: config.subgraphHttp.preHandler }, handler);
    });
    this.apolloServer = server as unknown as ApolloServer;
  }
}
