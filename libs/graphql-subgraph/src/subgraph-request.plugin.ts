import type { ApolloServerPlugin, GraphQLRequestContextDidResolveOperation } from '@apollo/server';
import { Logger } from '@nestjs/common';
import { PlatformError } from '@platform/errors';
import { FragmentDefinitionNode, Kind } from 'graphql';
import { isSchemaOnlyOperation, measureOperation } from './query-limits';
import { StoreAccessService } from './store-access.service';
import { selectStore } from './store-selection';
import type { SubgraphContext } from './subgraph-context';
import { SubgraphErrorCode, isExpectedError, requestError } from './subgraph-errors';
import type { ResolvedSubgraphOptions } from './subgraph.options';

/**
 * Runs once per operation, after parse and validation, before any resolver, in this order:
 * 1. depth and complexity limits → HTTP 400 GRAPHQL_QUERY_TOO_DEEP / GRAPHQL_QUERY_TOO_COMPLEX;
 * 2. store selection, unless the operation only reads the schema (introspection, `_service`):
 *    no x-store-id → `storeErrorCodes.missing`; malformed header or path segment, or a store the
 *    caller cannot see → `storeErrorCodes.invalid`; both HTTP 200 with no `data`;
 * and logs every error that is not the client's (the formatter hides their text).
 */
export function createSubgraphRequestPlugin(
  options: ResolvedSubgraphOptions,
  storeAccess: StoreAccessService,
): ApolloServerPlugin<SubgraphContext> {
  const logger = new Logger('GraphQL');

  async function beforeExecution(
    rc: GraphQLRequestContextDidResolveOperation<SubgraphContext>,
  ): Promise<void> {
    const operation = rc.operation;
    if (!operation) return;
    const fragments = rc.document.definitions.filter(
      (d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION,
    );
    const { depth, complexity } = measureOperation(
      rc.schema,
      operation,
      fragments,
      rc.request.variables ?? {},
      options.limits,
    );
    if (depth > options.limits.maxDepth) {
      throw requestError(
        new PlatformError({
          status: 400,
          code: SubgraphErrorCode.GRAPHQL_QUERY_TOO_DEEP,
          message: `the operation nests ${depth} levels deep; the limit is ${options.limits.maxDepth}`,
        }),
        400,
      );
    }
    if (complexity > options.limits.maxComplexity) {
      throw requestError(
        new PlatformError({
          status: 400,
          code: SubgraphErrorCode.GRAPHQL_QUERY_TOO_COMPLEX,
          message: `the operation's estimated cost is ${complexity}; the limit is ${options.limits.maxComplexity} (request smaller pages)`,
        }),
        400,
      );
    }
    if (isSchemaOnlyOperation(operation, fragments)) return;

    const context = rc.contextValue;
    const params = (context.req.params ?? {}) as Record<string, string | undefined>;
    const selection = selectStore(options.storeSelection, context.req.headers['x-store-id'], params.storeId);
    if (!selection.ok) {
      const code = options.storeErrorCodes[selection.failure];
      throw requestError(new PlatformError({ status: 200, code, message: selection.message }), 200);
    }
    let access;
    try {
      access = await storeAccess.check(
        selection.storeId,
        context.principal,
        context.req.headers.authorization ?? '',
      );
    } catch (e) {
      if (e instanceof PlatformError) throw requestError(e, e.status);
      throw e;
    }
    if (access !== 'visible') {
      throw requestError(
        new PlatformError({
          status: 200,
          code: options.storeErrorCodes.invalid,
          message: 'the store named by x-store-id does not exist or this credential cannot use it',
        }),
        200,
      );
    }
    context.storeId = selection.storeId;
  }

  return {
    async requestDidStart() {
      return {
        didResolveOperation: beforeExecution,
        async didEncounterErrors(rc) {
          for (const error of rc.errors) {
            if (!isExpectedError(error)) {
              logger.error(
                { err: error.originalError ?? error, reqId: rc.contextValue.req.id },
                'graphql operation failed',
              );
            }
          }
        },
      };
    },
  };
}
