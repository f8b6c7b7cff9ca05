import {
  Global,
  Inject,
  Injectable,
  Logger,
  Module,
  OnApplicationShutdown,
  OnModuleInit,
} from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PLATFORM_CONFIG, PlatformConfig } from '@platform/config';
import { REDIS } from '@platform/database';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { AuthGuard } from './auth.guard';
import { TokenCache } from './token-cache';
import { RedisTokenRevocationPublisher } from './token-revocation';
import { TokenRevocationSubscriber } from './token-revocation-subscriber';
import { TokenService } from './token.service';

/**
 * The process's token cache and the subscriber that keeps it honest (none when
 * AUTH_TOKEN_CACHE_TTL_MS is 0); the subscriber's connection closes on shutdown.
 */
@Injectable()
class TokenCacheHost implements OnModuleInit, OnApplicationShutdown {
  readonly cache: TokenCache | undefined;
  private readonly subscriber: TokenRevocationSubscriber | undefined;

  constructor(@Inject(PLATFORM_CONFIG) config: PlatformConfig) {
    if (config.tokenCacheTtlMs === 0) return;
    this.cache = new TokenCache(config.tokenCacheTtlMs);
    this.subscriber = new TokenRevocationSubscriber(this.cache, config, new Logger('TokenCache'));
  }

  onModuleInit(): void {
    this.subscriber?.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscriber?.stop();
  }
}

function tokenService(
  ds: DataSource,
  config: PlatformConfig,
  redis: Redis,
  host: TokenCacheHost,
): TokenService {
  const logger = new Logger('TokenService');
  const revocations = new RedisTokenRevocationPublisher(redis, config.redisKeyPrefix, (e) =>
    logger.warn(
      `revocation not broadcast, other processes drop the token within their cache TTL: ${e.message}`,
    ),
  );
  return new TokenService(ds, { cache: host.cache, revocations });
}

/**
 * Registers the global AuthGuard and the process's TokenService (with its token cache); needs
 * AUTH_MIGRATION_SET among the process's database sets, PLATFORM_CONFIG and REDIS.
 */
@Global()
@Module({
  providers: [
    { provide: APP_GUARD, useClass: AuthGuard },
    TokenCacheHost,
    {
      provide: TokenService,
      inject: [DataSource, PLATFORM_CONFIG, REDIS, TokenCacheHost],
      useFactory: tokenService,
    },
  ],
  exports: [TokenService],
})
export class AuthModule {}
