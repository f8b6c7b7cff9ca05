import { CanActivate, ExecutionContext, Inject, Injectable, Optional } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Errors } from '@platform/errors';
import { PUBLIC_ROUTE, Scope, hasAnyScope } from '@platform/scopes';
import { ADMITTED_REQUEST_CHECK, type AdmittedRequestCheck } from './admitted-request-check';
import { Principal } from './principal';
import { REQUIRED_SCOPES } from './requires-scopes.decorator';
import { TokenService, bearerToken } from './token.service';

export interface AuthenticatedRequest {
  headers: Record<string, string | string[] | undefined>;
  principal?: Principal;
}

/**
 * The HTTP request behind a REST or GraphQL execution context. A GraphQL resolver's arguments are
 * `(root, args, context, info)`: its context is argument 2, as `GqlExecutionContext.getContext()`
 * reads it; read here directly so that REST services do not load @nestjs/graphql and graphql
 * (about a second of start-up in every process and test suite that uses this guard).
 */
export function requestOf(context: ExecutionContext): AuthenticatedRequest {
  if (context.getType<string>() === 'graphql') {
    return context.getArgByIndex<{ req: AuthenticatedRequest }>(2).req;
  }
  return context.switchToHttp().getRequest<AuthenticatedRequest>();
}

/**
 * Global guard, deny by default: every route needs a valid token unless marked @Public();
 * @RequiresScopes() adds the any-of scope check. 401 for bad credentials, 403 for a missing scope.
 * An admitted HTTP request then goes through the AdmittedRequestCheck, when one is provided.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(TokenService) private readonly tokens: TokenService,
    @Optional() @Inject(ADMITTED_REQUEST_CHECK) private readonly admitted?: AdmittedRequestCheck,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets)) return true;
    const request = requestOf(context);
    const principal =
      request.principal ?? (await this.tokens.authenticate(bearerToken(request.headers.authorization)));
    request.principal = principal;
    const required = this.reflector.getAllAndOverride<Scope[] | undefined>(REQUIRED_SCOPES, targets) ?? [];
    if (!hasAnyScope(principal.scopes, required)) {
      throw Errors.forbidden(`this operation requires one of the scopes: ${required.join(', ')}`);
    }
    if (this.admitted && context.getType() === 'http') await this.admitted.check(context, principal);
    return true;
  }
}
