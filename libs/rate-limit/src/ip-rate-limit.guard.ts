import { CanActivate, ExecutionContext, Injectable, Logger } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { AuthenticatedRequest } from '@platform/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IP_RATE_LIMIT, IpRateLimitOptions } from './ip-rate-limit.decorator';
import { RateLimitErrors } from './rate-limit.errors';
import { xRateLimitHeaders } from './rate-limit.policy';
import { RateLimitService } from './rate-limit.service';

/**
 * Global guard for `@IpRateLimit()` routes. Nest runs global guards in the order their modules
 * are registered, so with RateLimitModule imported before ServiceKitModule this guard runs before
 * the AuthGuard and a flood is refused without a token lookup per request.
 */
@Injectable()
export class IpRateLimitGuard implements CanActivate {
  private readonly logger = new Logger(IpRateLimitGuard.name);
  private orderWarned = false;

  constructor(
    private readonly reflector: Reflector,
    private readonly limits: RateLimitService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const options = this.reflector.getAllAndOverride<IpRateLimitOptions | undefined>(IP_RATE_LIMIT, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!options) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest & AuthenticatedRequest>();
    this.warnIfAfterAuth(request);
    const route = request.routeOptions.url ?? request.url;
    const decision = await this.limits.consumeIp(request.method, route, request.ip, options.perMinute);
    if (!decision) return true;
    context.switchToHttp().getResponse<FastifyReply>().headers(xRateLimitHeaders(decision));
    if (!decision.allowed) throw RateLimitErrors.ipLimitExceeded(decision);
    return true;
  }

  private warnIfAfterAuth(request: AuthenticatedRequest): void {
    if (!request.principal || this.orderWarned) return;
    this.orderWarned = true;
    this.logger.warn(
      'IpRateLimitGuard runs after the AuthGuard: import RateLimitModule before ServiceKitModule',
    );
  }
}
