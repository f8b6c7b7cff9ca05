import { Global, Module } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { CredentialRateLimitInterceptor } from './credential-rate-limit.interceptor';
import { IpRateLimitGuard } from './ip-rate-limit.guard';
import { RateLimitService } from './rate-limit.service';

/**
 * Import once in a service's app module, BEFORE ServiceKitModule (alphabetical order does it), so
 * the per-IP guard precedes the AuthGuard. Needs PLATFORM_CONFIG and Redis, which the service kit
 * provides globally. Routes opt in with `@RateLimited()` and `@IpRateLimit({ perMinute })`.
 */
@Global()
@Module({
  providers: [
    { provide: APP_GUARD, useClass: IpRateLimitGuard },
    { provide: APP_INTERCEPTOR, useClass: CredentialRateLimitInterceptor },
    RateLimitService,
  ],
  exports: [RateLimitService],
})
export class RateLimitModule {}
