import { ExecutionContext, createParamDecorator } from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import type { Principal } from '@platform/auth';
import { Errors } from '@platform/errors';
import { Scope, hasAnyScope } from '@platform/scopes';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LoaderRegistry } from './loader-registry';
import { SubgraphErrors } from './subgraph-errors';

/** The HTTP request of a subgraph call once the lib authenticated it. */
export type SubgraphRequest = FastifyRequest & { principal?: Principal };

/**
 * The GraphQL context of every subgraph operation. `req` is there for the global AuthGuard
 * (`requestOf` reads `context.req`), which then only checks each field's @RequiresScopes.
 */
export interface SubgraphContext {
  readonly req: SubgraphRequest;
  readonly reply: FastifyReply;
  /** Authenticated before Apollo ran (401 otherwise). */
  readonly principal: Principal;
  /**
   * The selected, visible tenant (the scope the operation works in, which the app defines); set
   * after the operation is resolved, absent for schema-only operations.
   */
  tenantId?: string;
  /** This request's DataLoaders; none starts a batch once `deadline` has fired. */
  readonly loaders: LoaderRegistry;
  /**
   * Fires `deadlineMs` after the context was made (SubgraphModuleOptions.deadlineMs), its reason
   * the GRAPHQL_QUERY_TIMEOUT error. Long work of a resolver of its own should pass it on
   * (`signal.throwIfAborted()`, an AbortSignal-taking client).
   */
  readonly deadline: AbortSignal;
}

/** Default of SubgraphModuleOptions.deadlineMs (docs/graphql.md, "Limits"). */
export const DEFAULT_SUBGRAPH_DEADLINE_MS = 10_000;

export function createSubgraphContext(
  request: SubgraphRequest,
  reply: FastifyReply,
  deadlineMs: number = DEFAULT_SUBGRAPH_DEADLINE_MS,
): SubgraphContext {
  if (!request.principal) throw Errors.unauthorized();
  const deadline = deadlineSignal(deadlineMs, reply);
  return {
    req: request,
    reply,
    principal: request.principal,
    loaders: new LoaderRegistry(deadline),
    deadline,
  };
}

/**
 * An AbortSignal that fires after `ms` with the deadline error as its reason. Its timer keeps no
 * process alive and goes with the response (a served request holds no timer for the rest of `ms`).
 */
function deadlineSignal(ms: number, reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(SubgraphErrors.deadlineExceeded(ms)), ms).unref();
  reply.raw.once('close', () => clearTimeout(timer));
  return controller.signal;
}

function isSubgraphContext(value: unknown): value is SubgraphContext {
  return (
    !!value &&
    typeof value === 'object' &&
    (value as Partial<SubgraphContext>).loaders instanceof LoaderRegistry
  );
}

/**
 * The operation's context from any resolver: root and field resolvers get (root, args, context,
 * info), but a federation reference resolver gets (reference, context, info), where Nest's
 * GqlExecutionContext would hand back `info`; so the context is found by its shape.
 */
export function subgraphContextOf(context: ExecutionContext): SubgraphContext {
  const found = context.getArgs().find(isSubgraphContext);
  if (found) return found;
  return GqlExecutionContext.create(context).getContext<SubgraphContext>();
}

/** The tenant id of the operation; a resolver only runs once the lib selected and checked it. */
export function tenantIdOf(context: SubgraphContext): string {
  if (!context.tenantId) throw Errors.internal('no tenant was selected for this operation');
  return context.tenantId;
}

/** Injects the operation's tenant id (selected by the app's TenantSelector, and visible to the caller). */
export const TenantId = createParamDecorator((_data: unknown, context: ExecutionContext): string =>
  tenantIdOf(subgraphContextOf(context)),
);

/** Injects the whole subgraph context (principal, tenant id, loaders, req). */
export const SubgraphCtx = createParamDecorator(
  (_data: unknown, context: ExecutionContext): SubgraphContext => subgraphContextOf(context),
);

/** Injects the request's DataLoader registry. */
export const Loaders = createParamDecorator(
  (_data: unknown, context: ExecutionContext): LoaderRegistry => subgraphContextOf(context).loaders,
);

/**
 * The scope check of a federation reference resolver (`@ResolveReference`), where the global
 * guard does not run: FORBIDDEN (HTTP 200) unless the token holds one of `scopes`.
 */
export function requireScopes(context: SubgraphContext, scopes: readonly [Scope, ...Scope[]]): void {
  requirePrincipalScopes(context.principal, scopes);
}

/** The same any-of rule and FORBIDDEN error as the guard, for a principal at hand (reference resolvers). */
export function requirePrincipalScopes(principal: Principal, scopes: readonly [Scope, ...Scope[]]): void {
  if (!hasAnyScope(principal.scopes, scopes)) {
    throw Errors.forbidden(`this operation requires one of the scopes: ${scopes.join(', ')}`);
  }
}

/** The route (`path` or one of `aliasPaths`, Fastify notation) the operation was posted to. */
export function subgraphPathOf(context: SubgraphContext): string {
  return context.req.routeOptions?.url ?? context.req.url.split('?')[0];
}
