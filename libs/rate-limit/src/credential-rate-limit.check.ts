import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { AdmittedRequestCheck, Principal } from '@platform/auth';
import type { FastifyReply } from 'fastify';
import { RATE_LIMITED, RateLimitedOptions } from './rate-limited.decorator';
import { RateLimitErrors } from './rate-limit.errors';
import { rateLimitHeaders } from './rate-limit.policy';
import { RateLimitService } from './rate-limit.service';

/**
 * The per-credential limit of `@RateLimited()` routes, run by the AuthGuard on every request it
 * admitted (ADMITTED_REQUEST_CHECK): calls it rejected (401, 403) are neither counted nor given
 * headers. The headers are put on the reply before the handler runs, so a response the handler or a
 * pipe turns into an error still carries them; a spent limit is a 429.
 */
@Injectable()
export class CredentialRateLimitCheck implements AdmittedRequestCheck {
  constructor(
    private readonly reflector: Reflector,
    private readonly limits: RateLimitService,
  ) {}

  async check(context: ExecutionContext, principal: Principal): Promise<void> {
    const limited = this.reflector.getAllAndOverride<boolean | RateLimitedOptions | undefined>(RATE_LIMITED, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!limited) return;
    const decision = await this.limits.consumeCredential(principal.tokenId);
    if (!decision) return;
    if (!decision.allowed) {
      throw RateLimitErrors.credentialLimitExceeded(
        decision,
        typeof limited === 'object' && limited.errorBody,
      );
    }
    context.switchToHttp().getResponse<FastifyReply>().headers(rateLimitHeaders(decision));
  }
}
