import { DynamicModule, Global, Module, Provider } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { AUTH_MIGRATION_SET, AuthModule } from '@platform/auth';
import { PLATFORM_CONFIG, PlatformConfig } from '@platform/config';
import { DatabaseModule, MigrationSet, RedisModule } from '@platform/database';
import { ERROR_FAMILY, ErrorFamily, PlatformExceptionFilter, PlatformValidationPipe } from '@platform/errors';
import { ObservabilityModule } from '@platform/observability';
import { DatabaseReadinessCheck, RedisReadinessCheck } from './readiness-checks';

export interface ServiceKitOptions {
  /** The configuration, loaded once in main.ts (or by a test) with loadPlatformConfig. */
  readonly config: PlatformConfig;
  /** The error shape this service speaks (docs/errors.md). */
  readonly errorFamily: ErrorFamily;
  /** The service's own schemas; the auth schema is always added. */
  readonly migrationSets: readonly MigrationSet[];
}

/**
 * Everything a platform service has in common, in one import: validated config, Postgres and
 * Redis, the global auth guard, the area's error filter and validation pipe, logs, metrics and
 * health checks.
 */
@Global()
@Module({})
export class ServiceKitModule {
  static forRoot(options: ServiceKitOptions): DynamicModule {
    const configProvider: Provider = { provide: PLATFORM_CONFIG, useValue: options.config };
    const familyProvider: Provider = { provide: ERROR_FAMILY, useValue: options.errorFamily };
    return {
      module: ServiceKitModule,
      imports: [
        AuthModule,
        DatabaseModule.forRoot({ sets: [AUTH_MIGRATION_SET, ...options.migrationSets] }),
        ObservabilityModule.forRoot({
          readinessChecks: [DatabaseReadinessCheck, RedisReadinessCheck],
          readinessTokens: [DatabaseReadinessCheck, RedisReadinessCheck],
        }),
        RedisModule.forRoot(),
      ],
      providers: [
        configProvider,
        familyProvider,
        { provide: APP_FILTER, useFactory: () => new PlatformExceptionFilter(options.errorFamily) },
        { provide: APP_PIPE, useClass: PlatformValidationPipe },
      ],
      exports: [configProvider, familyProvider],
    };
  }
}
