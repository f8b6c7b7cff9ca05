import { DynamicModule, Module } from '@nestjs/common';
import { GraphQLModule } from '@nestjs/graphql';
import { TokenService } from '@platform/auth';
import { RateLimitService } from '@platform/rate-limit';
import { StoreAccessService } from './store-access.service';
import { createSubgraphContext } from './subgraph-context';
import { SubgraphDriver, SubgraphDriverConfig } from './subgraph.driver';
import { formatSubgraphError } from './subgraph-errors';
import { createSubgraphHttpHooks } from './subgraph-http';
import { createSubgraphRequestPlugin } from './subgraph-request.plugin';
import {
  ResolvedSubgraphOptions,
  SUBGRAPH_OPTIONS,
  SubgraphModuleOptions,
  resolveSubgraphOptions,
} from './subgraph.options';

/** The options and the store-access client, for the GraphQL module's factory. */
@Module({})
class SubgraphCoreModule {
  static register(options: ResolvedSubgraphOptions): DynamicModule {
    return {
      module: SubgraphCoreModule,
      providers: [{ provide: SUBGRAPH_OPTIONS, useValue: options }, StoreAccessService],
      exports: [SUBGRAPH_OPTIONS, StoreAccessService],
    };
  }
}

/**
 * One Apollo Federation 2 subgraph per service (docs/graphql.md): code-first schema from the
 * app's @Resolver classes, POST at `path`, authentication (401) and the per-credential rate limit
 * once per HTTP request, depth/complexity limits, store selection and visibility, the spec's
 * error codes, a DataLoader registry per request. Needs the service kit (auth, Redis, config)
 * and RateLimitModule in the same app.
 */
@Module({})
export class SubgraphModule {
  static forRoot(options: SubgraphModuleOptions): DynamicModule {
    const resolved = resolveSubgraphOptions(options);
    return {
      module: SubgraphModule,
      imports: [
        GraphQLModule.forRootAsync<SubgraphDriverConfig>({
          driver: SubgraphDriver,
          imports: [SubgraphCoreModule.register(resolved)],
          inject: [StoreAccessService, TokenService, RateLimitService],
          useFactory: (
            storeAccess: StoreAccessService,
            tokens: TokenService,
            limits: RateLimitService,
          ): SubgraphDriverConfig => ({
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
            context: createSubgraphContext,
            plugins: [createSubgraphRequestPlugin(resolved, storeAccess)],
            // Nest's own plugin would answer every executed operation HTTP 200, overriding the
            // request plugin's 503 for an operation that failed on an unreachable database (an
            // addOrder whose COMMIT met a PostgreSQL restart). No resolver error carries an HTTP
            // status, so executed operations keep Apollo's 200 without it.
            preserveHttpStatusForExecutionErrors: false,
            subgraphHttp: createSubgraphHttpHooks(tokens, limits),
          }),
        }),
      ],
    };
  }
}
