import { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { PlatformError } from '@platform/errors';
import { AuthenticatedRequest, AuthGuard } from './auth.guard';
import { Principal } from './principal';
import { Public, RequiresScopes } from './requires-scopes.decorator';
import { TokenService } from './token.service';

class Handlers {
  @Public()
  open(): string {
    return 'open';
  }

  @RequiresScopes('commerce.order:read')
  orders(): string {
    return 'orders';
  }

  anyToken(): string {
    return 'any';
  }
}

const PRINCIPAL: Principal = { accountId: 'a', tokenId: 't', scopes: ['commerce.order:read'] };

/** A TokenService stand-in: the guard's logic is under test here; the real store has its own suite. */
const tokens = {
  authenticate: jest.fn(async (token?: string) => {
    if (token === 'good') return PRINCIPAL;
    throw new PlatformError({ status: 401, code: 'UNAUTHORIZED', message: 'no' });
  }),
} as unknown as TokenService;

function httpContext(handler: keyof Handlers, req: AuthenticatedRequest): ExecutionContext {
  return {
    getType: () => 'http',
    getHandler: () => Handlers.prototype[handler],
    getClass: () => Handlers,
    switchToHttp: () => ({ getRequest: () => req }),
    getArgs: () => [req],
  } as unknown as ExecutionContext;
}

/** GraphQL resolvers receive (root, args, context, info); the HTTP request sits in context.req. */
function graphqlContext(handler: keyof Handlers, req: AuthenticatedRequest): ExecutionContext {
  const args = [{}, {}, { req }, {}];
  return {
    getType: () => 'graphql',
    getHandler: () => Handlers.prototype[handler],
    getClass: () => Handlers,
    getArgs: () => args,
    getArgByIndex: (i: number) => args[i],
  } as unknown as ExecutionContext;
}

const guard = new AuthGuard(new Reflector(), tokens);

async function outcome(ctx: ExecutionContext): Promise<number | 'ok'> {
  try {
    await guard.canActivate(ctx);
    return 'ok';
  } catch (e) {
    if (e instanceof PlatformError) return e.status;
    throw e;
  }
}

describe.each([
  ['REST', httpContext],
  ['GraphQL', graphqlContext],
])('AuthGuard (%s context)', (_name, contextFor) => {
  it('lets a public handler through without a token', async () => {
    expect(await outcome(contextFor('open', { headers: {} }))).toBe('ok');
  });

  it('answers 401 without a token and with a bad one', async () => {
    expect(await outcome(contextFor('anyToken', { headers: {} }))).toBe(401);
    expect(await outcome(contextFor('anyToken', { headers: { authorization: 'Bearer bad' } }))).toBe(401);
  });

  it('attaches the principal and checks the scope', async () => {
    const req: AuthenticatedRequest = { headers: { authorization: 'Bearer good' } };
    expect(await outcome(contextFor('orders', req))).toBe('ok');
    expect(req.principal).toBe(PRINCIPAL);
  });

  it('answers 403 when the scope is missing', async () => {
    const req: AuthenticatedRequest = {
      headers: { authorization: 'Bearer good' },
      principal: { ...PRINCIPAL, scopes: ['commerce.tax:read'] },
    };
    expect(await outcome(contextFor('orders', req))).toBe(403);
  });
});
