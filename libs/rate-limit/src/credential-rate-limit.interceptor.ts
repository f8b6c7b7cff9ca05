import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { AuthenticatedRequest } from '@platform/auth';
import type { FastifyReply } from 'fastify';
import { Observable } from 'rxjs';
import { RATE_LIMITED, RateLimitedOptions } from './rate-limited.decorator';
import { RateLimitErrors } from './rate-limit.errors';
import { rateLimitHeaders } from './rate-limit.policy';
import { RateLimitService } from './rate-limit.service';

/**
 * Global interceptor for `@RateLimited()` routes. Interceptors run after every guard, so the
 * AuthGuard has set the principal; calls it rejected (401, 403) are neither counted nor given
 * headers. The headers are put on the reply before the handler runs, so a response the handler
 * or a pipe turns into an error still carries them.
 */
@Injectable()
export class CredentialRateLimitInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly limits: RateLimitService,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    if (context.getType() !== 'http') return next.handle();
    const limited = this.reflector.getAllAndOverride<boolean | RateLimitedOptions | undefined>(RATE_LIMITED, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!limited) return next.handle();
    const principal = context.switchToHttp().getRequest<AuthenticatedRequest>().principal;
    if (!principal) return next.handle();
    const decision = await this.limits.consumeCredential(principal.tokenId);
    if (!decision) return next.handle();
    if (!decision.allowed) {
      throw RateLimitErrors.credentialLimitExceeded(
        decision,
        typeof limited === 'object' && limited.errorBody,
      );
    }
    context.switchToHttp().getResponse<FastifyReply>().headers(rateLimitHeaders(decision));
    return next.handle();
  }
}
