import { ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { ApolloDriverConfig, ApolloFederationDriver } from '@nestjs/apollo';
import { DynamicModule, Module } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { GraphQLModule } from '@nestjs/graphql';
import { TokenService } from '@platform/auth';
import { RateLimitService } from '@platform/rate-limit';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { SubgraphRequest, createSubgraphContext } from './subgraph-context';
import { formatSubgraphError } from './subgraph-errors';
import { createSubgraphHttpHooks, shapeSubgraphRoute } from './subgraph-http';
import { createSubgraphRequestPlugin } from './subgraph-request.plugin';
import {
  ResolvedSubgraphOptions,
  SUBGRAPH_OPTIONS,
  SubgraphModuleOptions,
  resolveSubgraphOptions,
} from './subgraph.options';
import { TENANT_ACCESS, type TenantAccessChecker } from './tenant-access';

/** The options and the app's tenant-access checker, for the GraphQL module's factory. */
@Module({})
class SubgraphCoreModule {
  static register(options: ResolvedSubgraphOptions): DynamicModule {
    return {
      module: SubgraphCoreModule,
      providers: [
        { provide: SUBGRAPH_OPTIONS, useValue: options },
        { provide: TENANT_ACCESS, ...options.tenantAccess },
      ],
      exports: [SUBGRAPH_OPTIONS, TENANT_ACCESS],
    };
  }
}

/**
 * One Apollo Federation 2 subgraph per service (docs/graphql.md): code-first schema from the
 * app's @Resolver classes, POST at `path`, authentication (401) and the per-credential rate limit
 * once per HTTP request, depth/complexity limits, tenant selection, visibility through the app's
 * `tenantAccess`, the spec's error codes, a DataLoader registry per request. Needs the service kit
 * (auth, Redis, config) and RateLimitModule in the same app.
 */
@Module({})
export class SubgraphModule {
  static forRoot(options: SubgraphModuleOptions): DynamicModule {
    const resolved = resolveSubgraphOptions(options);
    return {
      module: SubgraphModule,
      imports: [
        GraphQLModule.forRootAsync<ApolloDriverConfig>({
          driver: ApolloFederationDriver,
          imports: [SubgraphCoreModule.register(resolved)],
          inject: [TENANT_ACCESS, TokenService, RateLimitService, HttpAdapterHost],
          useFactory: (
            tenantAccess: TenantAccessChecker,
            tokens: TokenService,
            limits: RateLimitService,
            adapterHost: HttpAdapterHost,
          ): ApolloDriverConfig => {
            shapeSubgraphRoute(
              fastifyOf(adapterHost),
              resolved.routePath,
              createSubgraphHttpHooks(tokens, limits),
              resolved.aliasRoutePaths,
            );
            return {
              path: resolved.routePath,
              autoSchemaFile: { federation: 2 },
              sortSchema: true,
              include: resolved.include,
              buildSchemaOptions: { orphanedTypes: resolved.orphanedTypes },
              playground: false,
              introspection: resolved.introspection,
              // Guards run on root fields only (Nest's default): @ResolveReference methods receive
              // (reference, context, info), which the guard cannot read; they call requireScopes().
              formatError: formatSubgraphError,
              context: (request: SubgraphRequest, reply: FastifyReply) =>
                createSubgraphContext(request, reply, resolved.deadlineMs),
              // No ftv1 inline traces: they would hand resolver timings to any caller that asks.
              plugins: [
                createSubgraphRequestPlugin(resolved, tenantAccess),
                ApolloServerPluginInlineTraceDisabled(),
              ],
              // Nest's own plugin would answer every executed operation HTTP 200, overriding the
              // request plugin's 503 for an operation that failed on an unreachable database (a
              // mutation whose COMMIT met a PostgreSQL restart). No resolver error carries an HTTP
              // status, so executed operations keep Apollo's 200 without it.
              preserveHttpStatusForExecutionErrors: false,
              // Apollo Server options, passed through by the driver (docs/graphql.md, "Introspection,
              // persisted queries, GET, batching").
              persistedQueries: false,
              allowBatchedHttpRequests: false,
              // GET ?query=… as GraphQL over HTTP has it, with no extra header. Apollo's CSRF
              // prevention refuses such "simple" requests; it guards cookie sessions, and the
              // platform has none: every operation needs a bearer token, which a cross-site simple
              // request cannot carry (the gateway's /graphql does the same).
              csrfPrevention: false,
              includeStacktraceInErrorResponses: false,
              stopOnTerminationSignals: false,
              nodeEnv: 'production',
            };
          },
        }),
      ],
    };
  }
}

function fastifyOf(adapterHost: HttpAdapterHost): FastifyInstance {
  const adapter = adapterHost.httpAdapter;
  if (adapter?.getType() !== 'fastify') {
    throw new Error('SubgraphModule needs a Fastify app whose adapter exists when its modules are created');
  }
  return adapter.getInstance<FastifyInstance>();
}
