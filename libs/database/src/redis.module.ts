import { DynamicModule, Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { PLATFORM_CONFIG, PlatformConfig } from '@platform/config';
import Redis from 'ioredis';

/** Injection token of the process's shared ioredis client. */
export const REDIS = Symbol.for('platform.redis');

/** Builds namespaced Redis keys: `<REDIS_KEY_PREFIX>:<part>:<part>`. */
@Injectable()
export class RedisKeys {
  constructor(@Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig) {}

  get prefix(): string {
    return this.config.redisKeyPrefix;
  }

  key(...parts: (string | number)[]): string {
    return [this.config.redisKeyPrefix, ...parts].join(':');
  }
}

export function createRedisClient(url: string, name: string): Redis {
  return new Redis(url, {
    connectionName: name,
    maxRetriesPerRequest: 2,
    enableReadyCheck: true,
    connectTimeout: 5000,
  });
}

@Injectable()
class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

@Global()
@Module({})
export class RedisModule {
  static forRoot(): DynamicModule {
    return {
      module: RedisModule,
      providers: [
        {
          provide: REDIS,
          inject: [PLATFORM_CONFIG],
          useFactory: (config: PlatformConfig) => createRedisClient(config.redisUrl, config.serviceName),
        },
        RedisKeys,
        RedisCloser,
      ],
      exports: [REDIS, RedisKeys],
    };
  }
}
