import type {
  ApolloServerPlugin,
  GraphQLRequestContextDidResolveOperation,
  GraphQLResponse,
} from '@apollo/server';
import { Logger } from '@nestjs/common';
import { DEPENDENCY_RETRY_AFTER_S, PlatformError, isDependencyUnavailable } from '@platform/errors';
import { FragmentDefinitionNode, Kind } from 'graphql';
import { isSchemaOnlyOperation, measureOperation } from './query-limits';
import type { SubgraphContext } from './subgraph-context';
import { SubgraphErrorCode, isExpectedError, requestError } from './subgraph-errors';
import type { ResolvedSubgraphOptions } from './subgraph.options';
import type { TenantAccessChecker } from './tenant-access';

/**
 * Runs once per operation, after parse and validation, before any resolver, in this order:
 * 1. depth and complexity limits → HTTP 400 GRAPHQL_QUERY_TOO_DEEP / GRAPHQL_QUERY_TOO_COMPLEX;
 * 2. tenant selection through the app's TenantSelector, unless the operation only reads the schema
 *    (introspection, `_service`): no tenant → `tenantErrorCodes.missing` with the selection's
 *    message; a malformed tenant id → `tenantErrorCodes.invalid` with the selection's message; a
 *    tenant the app's TenantAccessChecker does not call visible → `tenantErrorCodes.invalid` with
 *    the selector's `hiddenMessage`; all HTTP 200 with no `data`;
 * and logs every error that is not the client's (the formatter hides their text). An operation
 * that failed because the database or Redis could not be reached is answered HTTP 503 with
 * Retry-After (its errors say SERVICE_UNAVAILABLE), so clients and the chaos run see an outage,
 * not a 200.
 */
export function createSubgraphRequestPlugin(
  options: ResolvedSubgraphOptions,
  tenantAccess: TenantAccessChecker,
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
    const selection = options.tenantSelection.select(context.req);
    if (!selection.ok) {
      const code = options.tenantErrorCodes[selection.failure];
      throw requestError(new PlatformError({ status: 200, code, message: selection.message }), 200);
    }
    let access;
    try {
      access = await tenantAccess.check(
        selection.tenantId,
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
          code: options.tenantErrorCodes.invalid,
          message: options.tenantSelection.hiddenMessage,
        }),
        200,
      );
    }
    context.tenantId = selection.tenantId;
  }

  return {
    async requestDidStart() {
      return {
        didResolveOperation: beforeExecution,
        async willSendResponse(rc) {
          collapseDeadlineErrors(rc.response.body);
          const retryAfter = retryAfterOf(rc.errors ?? []);
          if (retryAfter === undefined) return;
          rc.response.http.status = 503;
          rc.response.http.headers.set('retry-after', String(retryAfter));
        },
        async didEncounterErrors(rc) {
          if (rc.errors.some(isDeadlineError)) {
            logger.warn(
              { reqId: rc.contextValue.req.id, operation: rc.operationName ?? null },
              `graphql operation stopped at its deadline of ${options.deadlineMs} ms`,
            );
          }
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

function isDeadlineError(error: { originalError?: unknown }): boolean {
  const original = error.originalError ?? error;
  return original instanceof PlatformError && original.code === SubgraphErrorCode.GRAPHQL_QUERY_TIMEOUT;
}

/**
 * Past the deadline every key of every refused batch fails (one error per parent object): the
 * answer keeps the first GRAPHQL_QUERY_TIMEOUT error and the other errors, not thousands of copies.
 */
function collapseDeadlineErrors(body: GraphQLResponse['body']): void {
  if (body.kind !== 'single' || !body.singleResult.errors) return;
  let kept = false;
  const errors = body.singleResult.errors.filter((e) => {
    if (e.extensions?.code !== SubgraphErrorCode.GRAPHQL_QUERY_TIMEOUT) return true;
    if (kept) return false;
    kept = true;
    return true;
  });
  if (errors.length !== body.singleResult.errors.length) body.singleResult.errors = errors;
}

/**
 * Seconds for Retry-After when the operation failed for want of a dependency (the database or
 * Redis unreachable, or a 503 PlatformError such as a tenant-visibility check that could not be made).
 */
function retryAfterOf(errors: readonly { originalError?: unknown }[]): number | undefined {
  for (const error of errors) {
    const original = error.originalError ?? error;
    if (original instanceof PlatformError && original.status === 503)
      return original.retryAfterSec ?? DEPENDENCY_RETRY_AFTER_S;
    if (isDependencyUnavailable(original)) return DEPENDENCY_RETRY_AFTER_S;
  }
  return undefined;
}
