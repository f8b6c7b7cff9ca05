import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ADMITTED_REQUEST_CHECK } from '@platform/auth';
import { CredentialRateLimitCheck } from './credential-rate-limit.check';
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
    // The AuthGuard runs it on each request it admits (`@RateLimited()` routes count).
    { provide: ADMITTED_REQUEST_CHECK, useClass: CredentialRateLimitCheck },
    RateLimitService,
  ],
  exports: [RateLimitService, ADMITTED_REQUEST_CHECK],
})
export class RateLimitModule {}
